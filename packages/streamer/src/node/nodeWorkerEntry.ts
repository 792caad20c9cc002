/**
 * Node worker_threads entry: the same comlink method table as the browser worker, exposed on
 * `parentPort` through comlink's Node adapter.
 */
import { parentPort } from 'node:worker_threads';
import { expose } from 'comlink';
import nodeEndpoint from 'comlink/dist/umd/node-adapter.js';
import { createWorkerApi } from '../worker/workerApi';

if (!parentPort) throw new Error('nodeWorkerEntry must run inside a worker_threads Worker');
expose(createWorkerApi(), nodeEndpoint(parentPort));
