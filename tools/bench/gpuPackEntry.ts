// The modules tools/bench/gpuPack.ts bundles (esbuild) and times: the GPU producer's CPU packing
// and the CPU producer, from this working tree's sources.
export { getBody, patchDirections } from '../../packages/universe/src/index';
export { generateHeightfield, levelFilterM, PATCH_GRID } from '../../packages/streamer/src/index';
export { bandsBatch } from '../../packages/render/src/producer/GpuBands';
export { ladderBatch } from '../../packages/render/src/producer/GpuLadder';
export { microBatch } from '../../packages/render/src/producer/GpuMicroCraters';
export { gritBatch } from '../../packages/render/src/producer/GpuGrit';
export { arcBatch } from '../../packages/render/src/producer/GpuArcs';
export { positionWords } from '../../packages/render/src/producer/domainSplit';
export { GPU_BATCH_PATCHES } from '../../packages/render/src/producer/GpuPatchProducer';
