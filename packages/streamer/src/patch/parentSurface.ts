/**
 * The parent's surface at a patch's even/even vertices (ADR-0009, issue #12): the vertices a child
 * shares with its parent, evaluated as the parent evaluates them — the drawn field under the
 * parent's level filter, the same directions (the child's even lattice points are the parent's
 * lattice points, bit for bit) — so the child's morph targets land on its parent's own vertices and
 * a fully morphed child equals its parent's mesh. Positions and unit normals are written at the
 * child's vertex indices; odd entries are left untouched (the caller never reads them).
 */
import { drawnBatch, type Body } from '@landfall/universe';
import { PATCH_GRID } from './PatchFormat';

const G = PATCH_GRID;
const H = (G + 1) / 2;
const N = G * G;

/** The last `parentSurface` call's output, xyz interleaved at child vertex index j·G + i. */
export const parent = {
  positions: new Float64Array(3 * N),
  normals: new Float64Array(3 * N),
  /** Parent heights range over the shared vertices, m above the datum. */
  minHeight: 0,
  maxHeight: 0,
};

const dirs = new Float64Array(3 * H * H);
const heights = new Float64Array(H * H);
const grads = new Float64Array(3 * H * H);

/** Fills `parent` from the child's unit directions `childDirs` (G² × 3) under filter `filterM` m. */
export function parentSurface(body: Body, childDirs: Float64Array, filterM: number): void {
  for (let j = 0; j < H; j++) {
    for (let i = 0; i < H; i++) {
      const c = 3 * (2 * j * G + 2 * i);
      const p = 3 * (j * H + i);
      dirs[p] = childDirs[c];
      dirs[p + 1] = childDirs[c + 1];
      dirs[p + 2] = childDirs[c + 2];
    }
  }
  drawnBatch(body, dirs, H * H, heights, grads, filterM);
  const R = body.radius;
  let lo = Infinity;
  let hi = -Infinity;
  for (let j = 0; j < H; j++) {
    for (let i = 0; i < H; i++) {
      const p = j * H + i;
      const p3 = 3 * p;
      const c3 = 3 * (2 * j * G + 2 * i);
      const h = heights[p];
      if (h < lo) lo = h;
      if (h > hi) hi = h;
      const r = R + h;
      parent.positions[c3] = dirs[p3] * r;
      parent.positions[c3 + 1] = dirs[p3 + 1] * r;
      parent.positions[c3 + 2] = dirs[p3 + 2] * r;
      // n ∝ dir − ∇h/(R + h), as the patch's own normals.
      const nx = dirs[p3] - grads[p3] / r;
      const ny = dirs[p3 + 1] - grads[p3 + 1] / r;
      const nz = dirs[p3 + 2] - grads[p3 + 2] / r;
      const len = Math.sqrt(nx * nx + ny * ny + nz * nz);
      parent.normals[c3] = nx / len;
      parent.normals[c3 + 1] = ny / len;
      parent.normals[c3 + 2] = nz / len;
    }
  }
  parent.minHeight = lo;
  parent.maxHeight = hi;
}
