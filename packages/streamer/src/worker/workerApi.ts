/**
 * The worker's comlink method table (ADR-0010): one typed boundary, every buffer transferred.
 * `createWorkerApi` is shared by the browser entry (`../worker.ts`) and the Node entry
 * (`../node/nodeWorkerEntry.ts`).
 */
import { transfer } from 'comlink';
import { generateHeightfield } from '../patch/generateHeightfield';
import type { PatchPayload, PatchRequest } from '../patch/PatchFormat';

/** Every ArrayBuffer a payload holds: all of them go in the transfer list (zero copies). */
export function payloadTransferList(p: PatchPayload): ArrayBuffer[] {
  return [p.vertices, p.anchor.buffer as ArrayBuffer, p.edgeBounds.buffer as ArrayBuffer];
}

export interface WorkerHooks {
  /** Called with the payload just before it is handed to comlink (tests check it is detached after). */
  onSend?(payload: PatchPayload): void;
  /** This thread's CPU time, ms (monotonic), when the platform has a thread clock. */
  threadCpuMs?(): number;
}

export function createWorkerApi(hooks: WorkerHooks = {}) {
  return {
    /** Generates one patch; its buffers are transferred, never cloned. */
    generate(req: PatchRequest): PatchPayload {
      const c0 = hooks.threadCpuMs?.() ?? NaN;
      const payload = generateHeightfield(req);
      payload.generationCpuMs = (hooks.threadCpuMs?.() ?? NaN) - c0;
      hooks.onSend?.(payload);
      return transfer(payload, payloadTransferList(payload));
    },
    ping(): string {
      return 'pong';
    },
  };
}

export type WorkerApi = ReturnType<typeof createWorkerApi>;
