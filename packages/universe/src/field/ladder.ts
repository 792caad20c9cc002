/**
 * Stage 2 of the canonical field (ADR-0004): the feature ladder (craters, and knobs / pits where
 * a body has few craters), rung by rung from the largest basin down to the detail floor.
 *
 * Per sample, rung k contributes softLimit(S_k, fold_k), S_k the sum of the rung's features that
 * reach the sample in canonical order (ascending lattice cell), so overlapping features fold
 * instead of digging twice. Rungs add coarse → fine. For a batch, each rung's candidates are
 * gathered once for the batch's bounding cap (then bucketed in the tangent plane when there are
 * many), unless the rung's lattice is so fine that walking it per sample is cheaper; every route
 * sums the same features in the same order (see candidates.ts, buckets.ts), so the batch is
 * bit-identical to the point API. Gradients are 3-D (not yet projected).
 */
import type { Body } from '../body/Body';
import { craterProfileD, craterShapeNew } from '../math/craterProfile';
import { valueD } from '../math/smooth';
import { BucketGrid } from './buckets';
import { CandidatePool, gatherBasin, gatherRung, KIND_CRATER, rungBoxCells } from './candidates';
import { ladderPlan } from './ladderPlan';

const pool = new CandidatePool();
/** Typical lattice cells of one per-sample walk (measured by the bench's cell census). */
const WALK_CELLS = 24;
const grid = new BucketGrid();
const shape = craterShapeNew();
const pv = valueD();
/**
 * Rung accumulators h, ∂x, ∂y, ∂z, and the current sample X. Typed arrays rather than module
 * variables or double arguments: V8 boxes doubles stored in module slots and passed to calls.
 */
const acc = new Float64Array(4);
const X = new Float64Array(3);
let folds: Float64Array = new Float64Array(0);

function setSample(dirs: Float64Array, i: number): void {
  X[0] = dirs[3 * i];
  X[1] = dirs[3 * i + 1];
  X[2] = dirs[3 * i + 2];
}
let tu = new Float64Array(0);
let tv = new Float64Array(0);
const e1 = [0, 0, 0];
const e2 = [0, 0, 0];

/** Adds candidate j's contribution at (x, y, z) to the rung accumulators. */
function addFeature(j: number): void {
  const dx = X[0] - cnx[j];
  const dy = X[1] - cny[j];
  const dz = X[2] - cnz[j];
  const ir2 = cir2[j];
  const q = (dx * dx + dy * dy + dz * dz) * ir2;
  if (q >= cqe[j]) return;
  if (pool.kind[j] === KIND_CRATER) {
    shape.rim = pool.rim[j];
    shape.depth = pool.depth[j];
    shape.k = pool.k[j];
    shape.qf = pool.qf[j];
    shape.peak = pool.peak[j];
    shape.qp = pool.qp[j];
    shape.qe = cqe[j];
    craterProfileD(q, shape, pv);
  } else {
    const b = 1 - q;
    pv.v = pool.rim[j] * b * b;
    pv.d = -2 * pool.rim[j] * b;
  }
  const g = pv.d * (2 * ir2);
  acc[0] += pv.v;
  acc[1] += g * dx;
  acc[2] += g * dy;
  acc[3] += g * dz;
}

let cnx = pool.nx;
let cny = pool.ny;
let cnz = pool.nz;
let cir2 = pool.invR2;
let cqe = pool.qe;

/** Refreshes the hot-loop views of the pool (its arrays are replaced when it grows). */
function views(): void {
  cnx = pool.nx;
  cny = pool.ny;
  cnz = pool.nz;
  cir2 = pool.invR2;
  cqe = pool.qe;
}

/**
 * Folds the rung sum through softLimit(S, fold_k) into sample i. The soft limit is written out
 * (the same operations as `softLimitD`, so the same bits) to keep doubles out of call arguments.
 */
function flush(i: number, k: number, outH: Float64Array, outG: Float64Array): void {
  const x = acc[0];
  if (x === 0 && acc[1] === 0 && acc[2] === 0 && acc[3] === 0) return;
  const limit = folds[k];
  const u = x / limit;
  const a = 1 + u * u;
  let v: number;
  let d: number;
  if (a === Infinity) {
    v = x > 0 ? limit : -limit;
    d = 0;
  } else {
    const r = Math.sqrt(a);
    v = x / r;
    d = 1 / (a * r);
  }
  outH[i] += v;
  outG[3 * i] += d * acc[1];
  outG[3 * i + 1] += d * acc[2];
  outG[3 * i + 2] += d * acc[3];
}

function sumAll(): void {
  acc.fill(0);
  views();
  for (let j = 0; j < pool.count; j++) addFeature(j);
}

/** Ladder relief and 3-D gradient of `count` unit directions into outH[i], outG[3i…3i+2]. */
export function ladderBatchD(
  body: Body,
  dirs: Float64Array,
  count: number,
  outH: Float64Array,
  outG: Float64Array,
): void {
  const plan = ladderPlan(body);
  outH.fill(0, 0, count);
  outG.fill(0, 0, 3 * count);
  if (count === 0) return;
  // Bounding cap: normalised mean direction and the largest chord to it.
  let mx = 0;
  let my = 0;
  let mz = 0;
  for (let i = 0; i < count; i++) {
    mx += dirs[3 * i];
    my += dirs[3 * i + 1];
    mz += dirs[3 * i + 2];
  }
  const ml = Math.sqrt(mx * mx + my * my + mz * mz);
  if (count === 1 || !(ml > 1e-3 * count)) {
    mx = count === 1 ? dirs[0] : 0;
    my = count === 1 ? dirs[1] : 0;
    mz = count === 1 ? dirs[2] : 1;
  } else {
    mx /= ml;
    my /= ml;
    mz /= ml;
  }
  let rc2 = 0;
  for (let i = 0; i < count; i++) {
    const dx = dirs[3 * i] - mx;
    const dy = dirs[3 * i + 1] - my;
    const dz = dirs[3 * i + 2] - mz;
    rc2 = Math.max(rc2, dx * dx + dy * dy + dz * dz);
  }
  const rc = Math.sqrt(rc2);
  const useGrid = count > 1 && tangentCoords(dirs, count, mx, my, mz);

  pool.count = 0;
  gatherBasin(pool, body, plan);
  folds = plan.fold;
  for (let i = 0; i < count; i++) {
    setSample(dirs, i);
    sumAll();
    flush(i, 0, outH, outG);
  }
  for (let k = 1; k < plan.rungs; k++) {
    // Walk the lattice per sample when gathering for the whole cap would visit more cells than
    // the per-sample walks together (~WALK_CELLS each).
    if (count > 1 && rungBoxCells(plan, k, mx, my, mz, rc) > WALK_CELLS * count) {
      for (let i = 0; i < count; i++) {
        setSample(dirs, i);
        pool.count = 0;
        gatherRung(pool, body, plan, k, X[0], X[1], X[2], 0);
        sumAll();
        flush(i, k, outH, outG);
      }
      continue;
    }
    pool.count = 0;
    gatherRung(pool, body, plan, k, mx, my, mz, rc);
    if (useGrid && pool.count > 16) {
      grid.build(pool, 0, pool.count, e1, e2, bounds[0], bounds[1], bounds[2], bounds[3], plan.reach[k]);
      views();
      const st = grid.start;
      const items = grid.items;
      for (let i = 0; i < count; i++) {
        setSample(dirs, i);
        const b = grid.cellAt(tu, tv, i);
        acc.fill(0);
        for (let a = st[b]; a < st[b + 1]; a++) addFeature(items[a]);
        flush(i, k, outH, outG);
      }
    } else {
      for (let i = 0; i < count; i++) {
        setSample(dirs, i);
        sumAll();
        flush(i, k, outH, outG);
      }
    }
  }
}

/** Tangent-plane bounds umin, umax, vmin, vmax of the batch. */
const bounds = new Float64Array(4);

/** Tangent frame at m and every sample's (u, v); false when the cap is too wide to bucket. */
function tangentCoords(dirs: Float64Array, count: number, mx: number, my: number, mz: number): boolean {
  // Helper axis least aligned with m, then e1 = normalise(a × m), e2 = m × e1.
  const ax = Math.abs(mx) <= Math.abs(my) && Math.abs(mx) <= Math.abs(mz) ? 1 : 0;
  const ay = ax === 0 && Math.abs(my) <= Math.abs(mz) ? 1 : 0;
  const az = ax === 0 && ay === 0 ? 1 : 0;
  let x = ay * mz - az * my;
  let y = az * mx - ax * mz;
  let z = ax * my - ay * mx;
  const l = Math.sqrt(x * x + y * y + z * z);
  x /= l;
  y /= l;
  z /= l;
  e1[0] = x;
  e1[1] = y;
  e1[2] = z;
  e2[0] = my * z - mz * y;
  e2[1] = mz * x - mx * z;
  e2[2] = mx * y - my * x;
  if (tu.length < count) {
    tu = new Float64Array(count);
    tv = new Float64Array(count);
  }
  let umin = Infinity;
  let umax = -Infinity;
  let vmin = Infinity;
  let vmax = -Infinity;
  for (let i = 0; i < count; i++) {
    const dx = dirs[3 * i];
    const dy = dirs[3 * i + 1];
    const dz = dirs[3 * i + 2];
    if (dx * mx + dy * my + dz * mz < 0.5) return false;
    const u = dx * e1[0] + dy * e1[1] + dz * e1[2];
    const v = dx * e2[0] + dy * e2[1] + dz * e2[2];
    tu[i] = u;
    tv[i] = v;
    umin = Math.min(umin, u);
    umax = Math.max(umax, u);
    vmin = Math.min(vmin, v);
    vmax = Math.max(vmax, v);
  }
  bounds[0] = umin;
  bounds[1] = umax;
  bounds[2] = vmin;
  bounds[3] = vmax;
  return true;
}
