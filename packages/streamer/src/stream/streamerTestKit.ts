// Test kit of the streamer's scheduling tests (not shipped: only *.test.ts import it): a worker pool
// whose jobs complete only when the test says so, stand-in payloads and a view of Luna.
import { getBody } from '@landfall/universe';
import { nodeGeometry, nodeSphere } from '../lod/NodeGeometry';
import type { PatchPayload, PatchRequest } from '../patch/PatchFormat';
import { NodeKey } from '../quadtree/NodeKey';
import { WorkerPool, type WorkerHandle } from '../pool/WorkerPool';
import { lookAtView } from './lookAtView';
import type { ViewState } from './ViewState';

interface Pending {
  req: PatchRequest;
  resolve(p: PatchPayload): void;
}

/**
 * A cheap stand-in payload (the field's cost is not what these tests measure): bounds from the
 * node's analytic cap over ±50 m of relief, a 1 KiB vertex buffer.
 */
export function fakePayload(req: PatchRequest): PatchPayload {
  const key = new NodeKey(req.face, req.level, req.x, req.y);
  const r = getBody(req.body).radius;
  const s = nodeSphere(nodeGeometry(key), r - 50, r + 50, new Float64Array(4));
  return {
    address: key.address(req.body),
    body: req.body,
    face: req.face,
    level: req.level,
    x: req.x,
    y: req.y,
    anchor: s.slice(0, 3),
    vertices: new ArrayBuffer(1024),
    morphScale: 1,
    minHeight: -50,
    maxHeight: 50,
    boundingRadius: s[3],
    edgeBounds: new Float64Array(16),
    generationMs: 1,
    generationCpuMs: NaN,
  };
}

/** `depth` jobs handed to each worker at once (WorkerPoolOptions.depth; default the pool's). */
export function manualPool(size: number, depth?: number) {
  const pending: Pending[] = [];
  const submitted: PatchRequest[] = [];
  const factory = (): WorkerHandle => ({
    generate(req) {
      submitted.push(req);
      return new Promise<PatchPayload>((resolve) => pending.push({ req, resolve }));
    },
    onDeath() {},
    terminate() {},
  });
  const pool = new WorkerPool(factory, size, depth === undefined ? {} : { depth });
  /** Completes up to n of the oldest running jobs. */
  const flush = async (n = Infinity) => {
    for (let i = 0; i < n && pending.length > 0; i++) {
      const p = pending.shift() as Pending;
      p.resolve(fakePayload(p.req));
    }
    await new Promise((r) => setTimeout(r, 0));
  };
  return { pool, pending, submitted, flush };
}

export const body = getBody('luna');
const R = body.radius;

export function view(alt: number, look: number[], velocity?: number[]): ViewState {
  const eye = [R + alt, 0, 0];
  return lookAtView({
    eye,
    target: eye.map((v, i) => v + look[i]),
    up: [1, 0, 0],
    fovY: 1,
    width: 640,
    height: 360,
    velocity,
  });
}
