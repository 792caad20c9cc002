/**
 * Where the streamer's generated patches come from (ADR-0020): a `PatchProducer`. Two kinds are
 * planned — the worker pool (`workerProducer`, today's only one and everywhere the fallback) and a
 * WebGPU compute producer (packages/render/src/producer: its bands exist, the whole payload does
 * not yet). One producer serves a streamer for its whole life, so every patch of a body comes from
 * one producer and shared edges stay bit-identical between neighbours; switching producer means a
 * new streamer (what the other one made is dropped with the old one). Both write the ADR-0009
 * payload; they agree to the tolerance ADR-0020 states, not bit for bit, so the persistent cache
 * keys their patches apart (`DiskCacheOptions.producer`).
 */
import type { PatchPayload, PatchRequest } from '../patch/PatchFormat';
import type { JobOptions, WorkerPool } from '../pool/WorkerPool';

/** The producer kinds: shown in the HUD and the counters, part of the persistent cache's key. */
export type ProducerKind = 'workers' | 'gpu';

export interface PatchProducer {
  readonly kind: ProducerKind;
  /**
   * Jobs the streamer keeps with it at once, at most (the rest wait in the streamer, in its order,
   * so priority is the streamer's whatever the producer).
   */
  readonly slots: number;
  /**
   * The payload of `req`. Aborting `options.signal` cancels the job: the promise rejects with
   * `CancelledError` (or settles unused; the streamer drops it either way).
   */
  generate(req: PatchRequest, options: JobOptions): Promise<PatchPayload>;
  /** Frees what the producer holds (the pool behind `workerProducer` is the streamer's to dispose). */
  dispose(): void;
}

/** Jobs handed to the pool per worker at most (one running, one waiting) (ADR-0010). */
export const MAX_IN_FLIGHT_PER_WORKER = 2;

/** The worker pool as a producer: MAX_IN_FLIGHT_PER_WORKER jobs per worker. */
export function workerProducer(pool: WorkerPool): PatchProducer {
  return {
    kind: 'workers',
    slots: pool.size * MAX_IN_FLIGHT_PER_WORKER,
    generate: (req, options) => pool.generate(req, options),
    dispose: () => {},
  };
}
