/**
 * @landfall/streamer/worker: the browser module-worker entry. Exposes the comlink method table
 * (`createWorkerApi`) on the worker's global scope; imported anywhere else it does nothing.
 */
import { expose } from 'comlink';
import { createWorkerApi } from './worker/workerApi';

declare const WorkerGlobalScope: { new (): unknown } | undefined;

const inWorker =
  typeof WorkerGlobalScope !== 'undefined' &&
  typeof self !== 'undefined' &&
  self instanceof WorkerGlobalScope;
if (inWorker) expose(createWorkerApi());

export type { WorkerApi } from './worker/workerApi';
