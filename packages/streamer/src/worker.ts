/**
 * @landfall/streamer/worker: the browser module-worker entry. Exposes the comlink method table
 * (`createWorkerApi`) plus `holdLifeLock`, which lets the page learn of this worker's death
 * (`./worker/lifeLock.ts`), on the worker's global scope; imported anywhere else it does nothing.
 */
import { expose } from 'comlink';
import { createWorkerApi } from './worker/workerApi';
import { holdLifeLock } from './worker/lifeLock';

declare const WorkerGlobalScope: { new (): unknown } | undefined;

/** The browser worker's method table: the shared one and its life lock. */
export function createBrowserWorkerApi() {
  return {
    ...createWorkerApi(),
    /** Holds lock `name` until this worker ends; resolves once held (false without Web Locks). */
    async holdLifeLock(name: string): Promise<boolean> {
      if (typeof navigator === 'undefined' || !navigator.locks) return false;
      await holdLifeLock(navigator.locks, name);
      return true;
    },
  };
}

const inWorker =
  typeof WorkerGlobalScope !== 'undefined' &&
  typeof self !== 'undefined' &&
  self instanceof WorkerGlobalScope;
if (inWorker) expose(createBrowserWorkerApi());

export type { WorkerApi } from './worker/workerApi';
export type BrowserWorkerApi = ReturnType<typeof createBrowserWorkerApi>;
