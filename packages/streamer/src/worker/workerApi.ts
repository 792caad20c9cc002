/**
 * The worker's comlink method table (ADR-0010): one typed boundary, every buffer transferred.
 * `createWorkerApi` is shared by the browser entry (`../worker.ts`) and the Node entry
 * (`../node/nodeWorkerEntry.ts`).
 */
import { transfer } from 'comlink';
import { generateHeightfield } from '../patch/generateHeightfield';
import type { PatchPayload, PatchRequest } from '../patch/PatchFormat';
import { getBody } from '@landfall/universe';
import { surfaceDetailFloor, type DetailFloor } from '../lod/surfaceDetailFloor';
import { rocksNearPacked } from './rocksNear';

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
    /** The body's surface detail floor (ADR-0008): thousands of drawn samples, off the main thread. */
    detailFloor(bodyId: string): DetailFloor {
      const f = surfaceDetailFloor(getBody(bodyId));
      return transfer(f, [f.deviation.buffer as ArrayBuffer]);
    },
    /**
     * The rocks within `ranges[c]` m of `eye` per size class (ADR-0013), packed (`rocksNear.ts`):
     * the 20–60k slot resolutions of a re-query, off the main thread; the array is transferred.
     */
    rocksNear(bodyId: string, eye: readonly number[], ranges: readonly number[]): Float64Array {
      const packed = rocksNearPacked(getBody(bodyId), eye, ranges);
      return transfer(packed, [packed.buffer]);
    },
    ping(): string {
      return 'pong';
    },
  };
}

export type WorkerApi = ReturnType<typeof createWorkerApi>;
