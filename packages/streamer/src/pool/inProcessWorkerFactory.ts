/**
 * Workers that run on the calling thread (ADR-0010): each handle calls the worker's own method
 * table (`createWorkerApi`, the code a module worker or a Node worker thread runs) directly, one
 * job per macrotask, so the caller's frames and timers run between jobs. For the game's and the
 * observatory's main-thread fallback (`terrain=local`, `streamer=local`), tests that want real
 * patches without threads, and the soak bench. Payloads are handed over as they are (no copies,
 * no transfer). A job that throws rejects with what it threw; a terminated handle starts no more
 * jobs, and their promises never settle (the pool has already rejected them).
 */
import { createWorkerApi } from '../worker/workerApi';
import type { WorkerFactory, WorkerHandle } from './WorkerPool';

/** Node's setImmediate, where there is one (this package is typed without Node's globals). */
const immediate = (globalThis as { setImmediate?: (task: () => void) => unknown }).setImmediate;

/** Runs `task` in a later macrotask (setImmediate where there is one, else a 0 ms timeout). */
const later: (task: () => void) => void = immediate
  ? (task) => immediate(task)
  : (task) => setTimeout(task, 0);

export function inProcessWorkerFactory(): WorkerFactory {
  return (): WorkerHandle => {
    const api = createWorkerApi();
    let terminated = false;
    const run = <T>(work: () => T): Promise<T> =>
      new Promise<T>((resolve, reject) =>
        later(() => {
          if (terminated) return;
          try {
            resolve(work());
          } catch (err) {
            reject(err);
          }
        }),
      );
    return {
      generate: (req) => run(() => api.generate(req)),
      detailFloor: (bodyId) => run(() => api.detailFloor(bodyId)),
      rocksNear: (bodyId, eye, ranges) => run(() => api.rocksNear(bodyId, eye, ranges)),
      onDeath() {
        // a handle on this thread cannot die without the thread
      },
      terminate() {
        terminated = true;
      },
    };
  };
}
