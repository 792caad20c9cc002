/**
 * The float64 samples of one patch (ADR-0009): PATCH_GRID² unit directions on the node's exact
 * dyadic (s, t) lattice, the drawn elevation and its analytic tangential gradient. Lattice point
 * (i, j) of node (face, level, x, y) is s = s0 + i·span/64 with s0 = −1 + 2x/2^level — exact, so
 * neighbours (also across faces, via universe's canonical cube point) get identical bits.
 */
import { drawnBatch, faceToDirection, type Body, type Vec3 } from '@landfall/universe';
import type { PatchRequest } from './PatchFormat';
import { PATCH_GRID } from './PatchFormat';
import { NodeKey } from '../quadtree/NodeKey';

const N = PATCH_GRID * PATCH_GRID;

export interface HeightfieldSamples {
  /** Unit directions, xyz interleaved, index j·PATCH_GRID + i. */
  dirs: Float64Array;
  /** Drawn elevation, m above the datum. */
  heights: Float64Array;
  /** Tangential gradient of the drawn elevation, m per radian, xyz interleaved. */
  grads: Float64Array;
}

export function heightfieldSamples(): HeightfieldSamples {
  return { dirs: new Float64Array(3 * N), heights: new Float64Array(N), grads: new Float64Array(3 * N) };
}

const dir: Vec3 = { x: 0, y: 0, z: 0 };

/** Checks a request's node (`NodeKey.check`); throws RangeError naming the bad field. */
export function checkRequest(req: PatchRequest): void {
  NodeKey.check('patch', req.face, req.level, req.x, req.y);
}

/** Fills `out` with the samples of node `req` on `body` and returns it. */
export function sampleHeightfield(
  body: Body,
  req: PatchRequest,
  out: HeightfieldSamples,
): HeightfieldSamples {
  checkRequest(req);
  const scale = 2 ** req.level;
  const step = 2 / (scale * (PATCH_GRID - 1));
  const s0 = -1 + (2 * req.x) / scale;
  const t0 = -1 + (2 * req.y) / scale;
  const dirs = out.dirs;
  for (let j = 0; j < PATCH_GRID; j++) {
    const t = t0 + j * step;
    for (let i = 0; i < PATCH_GRID; i++) {
      faceToDirection(req.face, s0 + i * step, t, dir);
      const k = 3 * (j * PATCH_GRID + i);
      dirs[k] = dir.x;
      dirs[k + 1] = dir.y;
      dirs[k + 2] = dir.z;
    }
  }
  drawnBatch(body, dirs, N, out.heights, out.grads);
  return out;
}
