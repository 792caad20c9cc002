/**
 * The float64 samples of one patch (ADR-0009): PATCH_GRID² unit directions on the node's exact
 * dyadic (s, t) lattice (universe's `patchDirections`, no border), the drawn elevation and its
 * analytic tangential gradient. Lattice point (i, j) of node (face, level, x, y) is
 * s = s0 + i·span/64 with s0 = −1 + 2x/2^level — exact, so neighbours (also across faces, via
 * universe's canonical cube point) get identical bits.
 */
import { drawnBatch, patchDirections, type Body } from '@landfall/universe';
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

/** Checks a request's node (`NodeKey.check`) and filter; throws RangeError naming the bad field. */
export function checkRequest(req: PatchRequest): void {
  NodeKey.check('patch', req.face, req.level, req.x, req.y);
  const f = req.filterM;
  if (f !== undefined && !(Number.isFinite(f) && f >= 0))
    throw new RangeError(`patch: filterM ${f} is not a finite number ≥ 0`);
}

/** The request's level filter, m: its own `filterM`, else 0 (the full field). */
export function requestFilterM(req: PatchRequest): number {
  return req.filterM ?? 0;
}

/** Fills `out` with the samples of node `req` on `body`, drawn under filter `filterM` m, and returns it. */
export function sampleHeightfield(
  body: Body,
  req: PatchRequest,
  out: HeightfieldSamples,
  filterM = requestFilterM(req),
): HeightfieldSamples {
  checkRequest(req);
  patchDirections(req.face, req.level, req.x, req.y, PATCH_GRID, 0, out.dirs);
  drawnBatch(body, out.dirs, N, out.heights, out.grads, filterM);
  return out;
}
