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
import { craterProfileAtD, craterShapeNew } from '../math/craterProfile';
import { valueD } from '../math/smooth';
import { BucketGrid } from './buckets';
import {
  CandidatePool,
  gatherBasin,
  gatherRung,
  gatherRungDir,
  KIND_CRATER,
  rungBoxCells,
} from './candidates';
import { ladderPlan, type LadderPlan } from './ladderPlan';
import { TileSet } from './tiles';
import { bounds, e1, e2, tangent, tangentCoords } from './tangent';
import { BOULDER_APRON_Q } from './boulders';

const pool = new CandidatePool();
/** Typical lattice cells of one per-sample walk (measured by the bench's cell census). */
const WALK_CELLS = 24;
const grid = new BucketGrid();
const shape = craterShapeNew();
const pv = valueD();
/**
 * Rung accumulators h, ∂x, ∂y, ∂z, boulder signal, and the current sample X. Typed arrays rather than module
 * variables or double arguments: V8 boxes doubles stored in module slots and passed to calls.
 */
const acc = new Float64Array(5);
/** Per-sample fresh-ejecta (boulder-field) signal of the last `ladderBatchD` call. */
let ejecta = new Float64Array(0);
const X = new Float64Array(3);
const QV = new Float64Array(1);
let folds: Float64Array = new Float64Array(0);

function setSample(dirs: Float64Array, i: number): void {
  X[0] = dirs[3 * i];
  X[1] = dirs[3 * i + 1];
  X[2] = dirs[3 * i + 2];
}

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
    QV[0] = q;
    craterProfileAtD(QV, 0, shape, pv);
    const s = cbo[j];
    if (s > 0 && q < BOULDER_APRON_Q) {
      const w = q <= 1 ? 1 : (BOULDER_APRON_Q - q) / (BOULDER_APRON_Q - 1);
      const e = s * w * w;
      if (e > acc[4]) acc[4] = e;
    }
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
let cbo = pool.boulder;

/** Refreshes the hot-loop views of the pool (its arrays are replaced when it grows). */
function views(): void {
  cnx = pool.nx;
  cny = pool.ny;
  cnz = pool.nz;
  cir2 = pool.invR2;
  cqe = pool.qe;
  cbo = pool.boulder;
}

/**
 * Folds the rung sum through softLimit(S, fold_k) into sample i. The soft limit is written out
 * (the same operations as `softLimitD`, so the same bits) to keep doubles out of call arguments.
 */
function flush(i: number, k: number, outH: Float64Array, outG: Float64Array): void {
  const x = acc[0];
  if (acc[4] > ejecta[i]) ejecta[i] = acc[4];
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
  if (ejecta.length < count) ejecta = new Float64Array(count);
  ejecta.fill(0, 0, count);
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
  if (useGrid) tiles.build(dirs, count, tangent.tu, tangent.tv, bounds, TILE_SIDE);
  for (let k = 1; k < plan.rungs; k++) {
    // Gather for the whole cap, else per tile, else walk the lattice per sample: whichever visits
    // fewer cells (a walk visits ~WALK_CELLS).
    const budget = WALK_CELLS * count;
    if (count === 1 || rungBoxCells(plan, k, mx, my, mz, rc) <= budget) {
      if (all.length < count) all = Int32Array.from({ length: 2 * count }, (_, i) => i);
      runCap(body, plan, k, dirs, all, 0, count, mx, my, mz, rc, useGrid ? bounds : null, outH, outG);
      continue;
    }
    if (useGrid && tileCells(plan, k) <= budget) {
      const cap = tiles.cap;
      for (let t = 0; t < tiles.n; t++) {
        const from = tiles.start[t];
        const to = tiles.start[t + 1];
        if (from === to) continue;
        tb.set(cap.subarray(8 * t + 4, 8 * t + 8));
        const c = 8 * t;
        runCap(
          body,
          plan,
          k,
          dirs,
          tiles.order,
          from,
          to,
          cap[c],
          cap[c + 1],
          cap[c + 2],
          cap[c + 3],
          tb,
          outH,
          outG,
        );
      }
      continue;
    }
    for (let i = 0; i < count; i++) {
      setSample(dirs, i);
      pool.count = 0;
      gatherRungDir(pool, body, plan, k, dirs, i);
      sumAll();
      flush(i, k, outH, outG);
    }
  }
}

const TILE_SIDE = 8;
const tiles = new TileSet();
const tb = new Float64Array(4);
let all = new Int32Array(0);

function tileCells(plan: LadderPlan, k: number): number {
  let n = 0;
  const cap = tiles.cap;
  for (let t = 0; t < tiles.n; t++) {
    if (tiles.start[t] === tiles.start[t + 1]) continue;
    n += rungBoxCells(plan, k, cap[8 * t], cap[8 * t + 1], cap[8 * t + 2], cap[8 * t + 3]);
  }
  return n;
}

/** Rung k for samples idx[from…to) inside the cap (m, rc): gather once, bucket when many. */
function runCap(
  body: Body,
  plan: LadderPlan,
  k: number,
  dirs: Float64Array,
  idx: Int32Array,
  from: number,
  to: number,
  mx: number,
  my: number,
  mz: number,
  rc: number,
  bnd: Float64Array | null,
  outH: Float64Array,
  outG: Float64Array,
): void {
  pool.count = 0;
  gatherRung(pool, body, plan, k, mx, my, mz, rc);
  if (pool.count === 0) return;
  if (bnd && pool.count > 16) {
    grid.build(pool, 0, pool.count, e1, e2, bnd[0], bnd[1], bnd[2], bnd[3], plan.reach[k]);
    views();
    const st = grid.start;
    const items = grid.items;
    for (let a = from; a < to; a++) {
      const i = idx[a];
      setSample(dirs, i);
      const b = grid.cellAt(tangent.tu, tangent.tv, i);
      acc.fill(0);
      for (let q = st[b]; q < st[b + 1]; q++) addFeature(items[q]);
      flush(i, k, outH, outG);
    }
  } else {
    for (let a = from; a < to; a++) {
      const i = idx[a];
      setSample(dirs, i);
      sumAll();
      flush(i, k, outH, outG);
    }
  }
}

/**
 * The canonical fresh-ejecta signal (0 … 1, boulders.ts) of sample i of the last `ladderBatchD`
 * call, valid until the next call.
 */
export function ladderEjecta(): Float64Array {
  return ejecta;
}
