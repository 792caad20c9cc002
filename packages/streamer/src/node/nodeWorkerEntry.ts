/**
 * Node worker_threads entry: the same comlink method table as the browser worker, exposed on
 * `parentPort` through comlink's Node adapter.
 */
import { parentPort } from 'node:worker_threads';
import { expose } from 'comlink';
import nodeEndpoint from 'comlink/dist/umd/node-adapter.js';
import { createWorkerApi } from '../worker/workerApi';
import { threadCpuClock } from './threadCpuClock';

if (!parentPort) throw new Error('nodeWorkerEntry must run inside a worker_threads Worker');
const clock = threadCpuClock();
expose(createWorkerApi(clock ? { threadCpuMs: clock } : {}), nodeEndpoint(parentPort));
