/**
 * Node worker_threads for the pool (ADR-0010). Node 20 cannot start a `.ts` entry directly, so
 * each worker is an `eval` script that registers tsx (`tsx/esm/api`) and then imports the
 * TypeScript entry; comlink talks over its Node adapter. Boot failures surface as 'error'; any
 * exit the handle did not ask for (a crash, `process.exit`, a terminate from outside) is a death.
 */
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { releaseProxy, wrap } from 'comlink';
import nodeEndpoint from 'comlink/dist/umd/node-adapter.js';
import type { WorkerApi } from '../worker/workerApi';
import { DEFAULT_MAX_WORKERS, type WorkerFactory, type WorkerHandle } from '../pool/WorkerPool';

const require = createRequire(import.meta.url);

export interface NodeWorkerOptions {
  /** The worker's module entry (default `nodeWorkerEntry.ts`); tests start other entries. */
  entry?: URL;
  /** Called with each worker thread as it starts (tests reach the real thread to kill it). */
  onWorker?(worker: Worker): void;
}

function bootScript(entryUrl: URL): string {
  // The ESM build of tsx's API (its CommonJS build cannot load from an eval worker).
  const esm = join(dirname(require.resolve('tsx/package.json')), 'dist', 'esm', 'api', 'index.mjs');
  const tsxApi = existsSync(esm) ? pathToFileURL(esm).href : 'tsx/esm/api';
  const entry = entryUrl.href;
  return (
    `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); })` +
    `.catch((e) => { setTimeout(() => { throw e; }); });`
  );
}

export function nodeWorkerFactory(options: NodeWorkerOptions = {}): WorkerFactory {
  const script = bootScript(options.entry ?? new URL('./nodeWorkerEntry.ts', import.meta.url));
  return (): WorkerHandle => {
    const worker = new Worker(script, { eval: true });
    options.onWorker?.(worker);
    const remote = wrap<WorkerApi>(nodeEndpoint(worker));
    let onDeath: ((err: Error) => void) | null = null;
    let terminated = false;
    worker.on('error', (e) => onDeath?.(e instanceof Error ? e : new Error(String(e))));
    worker.on('exit', (code) => {
      if (!terminated) onDeath?.(new Error(`worker exited with code ${code}`));
    });
    return {
      generate: (req) => remote.generate(req),
      detailFloor: (bodyId) => remote.detailFloor(bodyId),
      rocksNear: (bodyId, eye, ranges) => remote.rocksNear(bodyId, eye, ranges),
      onDeath(cb) {
        onDeath = cb;
      },
      terminate() {
        if (terminated) return;
        terminated = true;
        try {
          remote[releaseProxy]();
        } catch {
          // the port may already be closed by a dead worker
        }
        void worker.terminate();
      },
    };
  };
}

/** min(DEFAULT_MAX_WORKERS, availableParallelism()). */
export function defaultNodeWorkers(): number {
  return Math.max(1, Math.min(DEFAULT_MAX_WORKERS, availableParallelism()));
}
