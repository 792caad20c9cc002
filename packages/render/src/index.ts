export { createRenderer } from './createRenderer';
export type { LandfallRenderer } from './createRenderer';
export { horizonFrame, horizonFrameScratch, lookQuaternion } from './frame/lookFrame';
export { MeshSeater } from './scatter/MeshSeater';
export type { StreamerLike } from './view/StreamerLike';
export { PlanetView } from './view/PlanetView';
export { regionScatterSource } from './scatter/regionScatterSource';
export { gpuInfo, probeAdapters } from './gpuInfo';
