export { createRenderer } from './createRenderer';
export type { LandfallRenderer } from './createRenderer';
export { horizonFrame, horizonFrameScratch, lookQuaternion } from './frame/lookFrame';
export * from './scatter/MeshSeater';
export type { StreamerLike } from './view/StreamerLike';
export { PlanetView } from './view/PlanetView';
export { pooledScatterSource } from './scatter/regionScatterSource';
export { gpuInfo, probeAdapters } from './gpuInfo';
export { Sky } from './sky/Sky';
export { bodyPalette } from './material/bodyPalette';
export { GpuGrit, gritBatch, gritTolerance, type GritPatch } from './producer/GpuGrit';
export { assembleTolerance, GpuAssembler, type AssemblePatch } from './producer/GpuAssembler';
export { positionWords } from './producer/domainSplit';
export { bandsBatch, bandsTolerance, GpuBands, type BandsPatch } from './producer/GpuBands';
export { GpuMicroCraters, microBatch, microTolerance } from './producer/GpuMicroCraters';
export { patchRidges, ridgesCheck, ridgeTolerance } from './producer/GpuRidges';
export { chaosCheck, chaosTolerance, patchChaos } from './producer/GpuChaos';
export {
  patchSpots,
  patchStains,
  spotsCheck,
  spotTolerance,
  stainsCheck,
  stainTolerance,
} from './producer/GpuStains';
export { DF_CHECK_IN_WORDS, DF_CHECK_OUT_WORDS, dfCheck } from './producer/doubleFloat';
export { COVER_F32_BAND, coverInputBatch, GpuCover, type CoverPatch } from './producer/GpuCover';
export { GpuLadder, ladderBatch, ladderTolerance, type LadderPatch } from './producer/GpuLadder';
export { composeTolerance, GpuPatchProducer, gpuPatchRefusal } from './producer/GpuPatchProducer';
export {
  chooseProducer,
  parseProducerWish,
  PRODUCER_WISHES,
  rendererGpu,
  type ProducerWish,
} from './producer/producerChoice';
export { COMPOSE_OUT_WORDS } from './producer/composeKernel';
export { LADDER_OUT_WORDS, LADDER_PATCH_WORDS, LADDER_RUNG_WORDS } from './producer/ladderKernel';
