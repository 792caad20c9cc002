/**
 * @landfall/streamer/worker: the browser module-worker entry. Exposes the comlink method table
 * (`createWorkerApi`) plus `holdLifeLock`, which lets the page learn of this worker's death
 * (`./worker/lifeLock.ts`), on the worker's global scope; imported anywhere else it does nothing.
 */
import { expose } from 'comlink';
import { createWorkerApi } from './worker/workerApi';
import { holdLifeLock } from './worker/lifeLock';
import type { PatchPayload, PatchRequest } from './patch/PatchFormat';
import type { DetailFloor } from './lod/surfaceDetailFloor';

declare const WorkerGlobalScope: { new (): unknown } | undefined;

/**
 * The browser worker's method table: the shared one, plus `holdLifeLock`. Jobs wait until a lock
 * asked for is held and its answer sent, so the page can watch it before the first job runs.
 */
export function createBrowserWorkerApi() {
  const api = createWorkerApi();
  let held: Promise<unknown> = Promise.resolve();
  return {
    ...api,
    async generate(req: PatchRequest): Promise<PatchPayload> {
      await held;
      return api.generate(req);
    },
    async detailFloor(bodyId: string): Promise<DetailFloor> {
      await held;
      return api.detailFloor(bodyId);
    },
    async rocksNear(
      bodyId: string,
      eye: readonly number[],
      ranges: readonly number[],
    ): Promise<Float64Array> {
      await held;
      return api.rocksNear(bodyId, eye, ranges);
    },
    /** Holds lock `name` until this worker ends; resolves once held (false without Web Locks). */
    holdLifeLock(name: string): Promise<boolean> {
      if (typeof navigator === 'undefined' || !navigator.locks) return Promise.resolve(false);
      const hold = holdLifeLock(navigator.locks, name).then(() => true);
      // Jobs start a task later, after this answer is posted: the page starts watching first.
      const nextTask = () => new Promise((r) => setTimeout(r, 0));
      held = hold.then(nextTask, nextTask);
      return hold;
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
