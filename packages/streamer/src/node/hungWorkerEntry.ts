/**
 * Test-only worker_threads entry: the real method table, except that `generate` blocks its thread
 * forever (Atomics.wait on a word nobody notifies) — a live thread that never answers. The pool's
 * job deadline must turn it into a death (ADR-0010).
 */
import { parentPort } from 'node:worker_threads';
import { expose } from 'comlink';
import nodeEndpoint from 'comlink/dist/umd/node-adapter.js';
import type { PatchPayload } from '../patch/PatchFormat';
import { createWorkerApi } from '../worker/workerApi';

if (!parentPort) throw new Error('hungWorkerEntry must run inside a worker_threads Worker');
const never = new Int32Array(new SharedArrayBuffer(4));
expose(
  {
    ...createWorkerApi(),
    generate(): PatchPayload {
      Atomics.wait(never, 0, 0);
      throw new Error('unreachable: nothing notifies the hung worker');
    },
  },
  nodeEndpoint(parentPort),
);
