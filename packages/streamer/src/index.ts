// @landfall/streamer public API: CDLOD selection, scheduling, caches and the worker pool.
export {
  OFFSET_COVER,
  OFFSET_MORPH,
  OFFSET_MORPH_NORMAL,
  OFFSET_NORMAL,
  OFFSET_POSITION,
  PATCH_GRID,
  PATCH_VERTEX_STRIDE,
} from './patch/PatchFormat';
export type { PatchPayload, PatchRequest } from './patch/PatchFormat';
export { levelFilterM } from './patch/levelFilter';
export { generateHeightfield } from './patch/generateHeightfield';
export * from './patch/sharedIndices';
export * from './quadtree/NodeKey';
export { NODE_TABLE_SLACK } from './lod/Selector';
export { CancelledError, MAX_JOB_ATTEMPTS, WORKER_QUEUE_DEPTH, WorkerPool } from './pool/WorkerPool';
export type { PoolStats, WorkerFactory } from './pool/WorkerPool';
export * from './stream/ViewState';
export * from './stream/DrawPatch';
export { ARRIVALS_PER_UPDATE, Streamer } from './stream/Streamer';
export { MAX_IN_FLIGHT_PER_WORKER } from './produce/PatchProducer';
export type { PatchProducer } from './produce/PatchProducer';
export { createStreamer } from './stream/createStreamer';
export { drawSetTestHooks } from './stream/DrawSetBuilder';
export { SSE_TARGET_PIXELS } from './lod/LodRanges';
export { lookAtView } from './stream/lookAtView';
export { browserWorkerFactory } from './pool/browserWorkerFactory';
export * from './persist/IndexedDbPatchStore';
export { cacheSummary } from './stream/cacheSummary';
export * from './pool/inProcessWorkerFactory';
export { PatchEvent } from './stream/StreamerEvents';
export { ROCK_STRIDE, rocksNearPacked } from './worker/rocksNear';
