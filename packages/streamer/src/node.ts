/**
 * @landfall/streamer/node: the worker pool on Node worker_threads (tests, benchmarks, tools).
 * Kept out of the main entry so browser bundles never see node: imports.
 */
import { WorkerPool, type WorkerPoolOptions } from './pool/WorkerPool';
import { defaultNodeWorkers, nodeWorkerFactory } from './node/nodeWorkerFactory';

export { nodeWorkerFactory, defaultNodeWorkers };
export type { NodeWorkerOptions } from './node/nodeWorkerFactory';

/** A pool of `workers` (default min(8, availableParallelism())) Node worker threads. */
export function createNodePool(workers = defaultNodeWorkers(), options: WorkerPoolOptions = {}): WorkerPool {
  return new WorkerPool(nodeWorkerFactory(), workers, options);
}

/** The persistent cache's store in memory (ADR-0019): for Node benchmarks and tools. */
export { MemoryPatchStore } from './persist/MemoryPatchStore';
