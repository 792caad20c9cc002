/**
 * Browser module workers for the pool (ADR-0010). The URL stays a literal so Vite bundles the
 * worker entry. Deaths reach the pool as `onDeath`: an 'error' event (boot failure, uncaught
 * error), an undecodable message, or — since a page gets no event when a worker ends — the
 * worker's life lock being released (`../worker/lifeLock.ts`), watched from the worker's first
 * answer on. Before that, and without Web Locks, the pool's job deadline catches a silent death.
 */
import { releaseProxy, wrap } from 'comlink';
import type { BrowserWorkerApi } from '../worker';
import { lifeLockName, watchLifeLock } from '../worker/lifeLock';
import type { WorkerFactory, WorkerHandle } from './WorkerPool';
import { DEFAULT_MAX_WORKERS } from './WorkerPool';

export interface BrowserWorkerOptions {
  /** Called with each module worker as it starts (tests reach the real worker to kill it). */
  onWorker?(worker: Worker): void;
}

export function browserWorkerFactory(options: BrowserWorkerOptions = {}): WorkerFactory {
  if (typeof Worker === 'undefined') {
    throw new Error('no Worker in this environment: pass a pool from @landfall/streamer/node in Node');
  }
  return (): WorkerHandle => {
    const worker = new Worker(new URL('../worker.ts', import.meta.url), { type: 'module' });
    options.onWorker?.(worker);
    const remote = wrap<BrowserWorkerApi>(worker);
    const watch = new AbortController();
    let onDeath: ((err: Error) => void) | null = null;
    const die = (err: Error) => {
      if (!watch.signal.aborted) onDeath?.(err);
    };
    worker.addEventListener('error', (e) => die(new Error(`worker error: ${e.message}`)));
    worker.addEventListener('messageerror', () => die(new Error('worker message could not be decoded')));
    if (typeof navigator !== 'undefined' && navigator.locks) {
      const locks = navigator.locks;
      const name = lifeLockName();
      remote.holdLifeLock(name).then(
        (held) => {
          if (held && !watch.signal.aborted)
            watchLifeLock(locks, name, watch.signal, () =>
              die(new Error('worker ended (life lock released)')),
            );
        },
        () => undefined, // a worker that dies first reports through 'error' or the deadline
      );
    }
    return {
      generate: (req) => remote.generate(req),
      detailFloor: (bodyId) => remote.detailFloor(bodyId),
      rocksNear: (bodyId, eye, ranges) => remote.rocksNear(bodyId, eye, ranges),
      onDeath(cb) {
        onDeath = cb;
      },
      terminate() {
        watch.abort();
        try {
          remote[releaseProxy]();
        } catch {
          // the port may already be closed by a dead worker
        }
        worker.terminate();
      },
    };
  };
}

/** min(DEFAULT_MAX_WORKERS, hardwareConcurrency), at least 1. */
export function defaultBrowserWorkers(): number {
  const hc = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency : 0;
  return Math.max(1, Math.min(DEFAULT_MAX_WORKERS, hc || 4));
}
