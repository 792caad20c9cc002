/**
 * Browser module workers for the pool (ADR-0010). The URL stays a literal so Vite bundles the
 * worker entry.
 */
import { releaseProxy, wrap } from 'comlink';
import type { WorkerApi } from '../worker/workerApi';
import type { WorkerFactory, WorkerHandle } from './WorkerPool';
import { DEFAULT_MAX_WORKERS } from './WorkerPool';

export function browserWorkerFactory(): WorkerFactory {
  if (typeof Worker === 'undefined') {
    throw new Error('no Worker in this environment: pass a pool from @landfall/streamer/node in Node');
  }
  return (): WorkerHandle => {
    const worker = new Worker(new URL('../worker.ts', import.meta.url), { type: 'module' });
    const remote = wrap<WorkerApi>(worker);
    let onDeath: ((err: Error) => void) | null = null;
    worker.addEventListener('error', (e) => onDeath?.(new Error(`worker error: ${e.message}`)));
    worker.addEventListener('messageerror', () =>
      onDeath?.(new Error('worker message could not be decoded')),
    );
    return {
      generate: (req) => remote.generate(req),
      detailFloor: (bodyId) => remote.detailFloor(bodyId),
      onDeath(cb) {
        onDeath = cb;
      },
      terminate() {
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
