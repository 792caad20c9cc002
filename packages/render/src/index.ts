export { createRenderer } from './createRenderer';
export type { LandfallRenderer } from './createRenderer';
export { horizonFrame, horizonFrameScratch, lookQuaternion } from './frame/lookFrame';
export * from './scatter/MeshSeater';
export type { StreamerLike } from './view/StreamerLike';
export { PlanetView } from './view/PlanetView';
export * from './scatter/regionScatterSource';
export { gpuInfo, probeAdapters } from './gpuInfo';
