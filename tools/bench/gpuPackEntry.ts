// The modules tools/bench/gpuPack.ts bundles (esbuild) and times: the GPU producer's CPU packing
// and the CPU producer, from this working tree's sources.
export { getBody } from '../../packages/universe/src/index';
export { generateHeightfield, levelFilterM, PATCH_GRID } from '../../packages/streamer/src/index';
export { packBatch } from '../../packages/render/src/producer/packBatch';
export { GPU_BATCH_PATCHES } from '../../packages/render/src/producer/GpuPatchProducer';
