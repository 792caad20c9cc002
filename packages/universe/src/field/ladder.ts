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
 * bit-identical to the point API. Gradients are 3-D (not yet projected). The same walks give each
 * sample's fresh-ejecta (boulder-field) signal, the largest over its craters (boulders.ts).
 *
 * Two sums per rung: the old unit's (every feature, weight 1) and the young unit's (features
 * younger than it at weight 1, older ones at the rung's ghost weight), each folded on its own;
 * units.ts blends them per sample. Where the young unit's weights are uniform (no dated young unit,
 * or every feature of the rung younger than it) the young unit's relief is that weight × the old
 * unit's folded relief, and the features are summed and folded once.
 */
import type { Body } from '../body/Body';
import { detailWeight } from '../math/detailFilter';
import { BucketGrid } from './buckets';
import { CandidatePool, gatherBasin, gatherRung, gatherRungDir, rungBoxCells } from './candidates';
import { ladderPlan, type LadderPlan } from './ladderPlan';
import { TileSet } from './tiles';
import { TangentPlane } from './tangent';
import { clearRungSum, folded, foldOne, setSample, sumCandidates, sumScratch } from './rungSum';

/** Typical lattice cells of one per-sample walk (measured by the bench's cell census). */
const WALK_CELLS = 24;
/** Tiles per side when a rung is gathered per tile. */
const TILE_SIDE = 8;
/** Candidates above which a cap's samples read them through tangent-plane buckets. */
const BUCKET_MIN_CANDIDATES = 16;

/** The batch being evaluated, its inputs and outputs: one record, set by `ladderBatchD`. */
class LadderBatch {
  body!: Body;
  plan!: LadderPlan;
  dirs: Float64Array = new Float64Array(0);
  outH: Float64Array = new Float64Array(0);
  outG: Float64Array = new Float64Array(0);
  outEjecta: Float64Array = new Float64Array(0);
  outHy: Float64Array = new Float64Array(0);
  outGy: Float64Array = new Float64Array(0);
  /** The current rung sums the young unit per feature (else: young = youngScale × old). */
  perFeature = false;
  /** Some sample of the batch lies on the young unit (else its sums are skipped and left 0). */
  young = true;
  /**
   * Per sample: 1 where the young unit's weight or its gradient is non-zero; elsewhere the young
   * unit's sums are skipped and left 0 (its relief enters the blend only as 0·L_young there).
   */
  youngAt: Uint8Array = new Uint8Array(0);
}

/**
 * One gather and the samples it serves: samples order[from…to) inside the cap caps[at…at+3]
 * (x, y, z, chord radius), whose tangent bounds are caps[at+4…at+7] when `bucketed`.
 */
class CapRun {
  order = new Int32Array(0);
  from = 0;
  to = 0;
  caps = new Float64Array(0);
  at = 0;
  bucketed = false;
}

/**
 * Everything a ladder evaluation reuses (module-level: no allocation per batch). Doubles live in
 * typed arrays: V8 boxes a double held in a module variable or passed to a call it does not inline.
 */
const scratch = {
  pool: new CandidatePool(),
  grid: new BucketGrid(),
  tiles: new TileSet(),
  /** The batch's tangent frame and every sample's (u, v) in it. */
  plane: new TangentPlane(),
  /** The rung sums (rungSum.ts). */
  rungSum: sumScratch.rungSum,
  /** The current rung's level-filter weight (math/detailFilter.ts; 1: unfiltered). */
  rungWeight: new Float64Array(1),
  /**
   * The batch's bounding cap, centre x, y, z (unit) and chord radius, then its samples' tangent
   * bounds u0, u1, v0, v1: the layout of one tile in `TileSet.cap`.
   */
  batchCap: new Float64Array(8),
  /** Samples 0 … n − 1 in order: a whole batch as one cap. */
  inOrder: new Int32Array(0),
  batch: new LadderBatch(),
  capRun: new CapRun(),
};

/**
 * Ladder relief and 3-D gradient of `count` unit directions on the old unit into outH[i],
 * outG[3i…3i+2] and on the young unit into outHy, outGy (only for samples with youngAt[i] = 1:
 * the young unit's weight or its gradient is non-zero there; elsewhere they stay 0), and the
 * fresh-ejecta signal into outEjecta[i].
 */
export function ladderBatchD(
  body: Body,
  dirs: Float64Array,
  count: number,
  outH: Float64Array,
  outG: Float64Array,
  outHy: Float64Array,
  outGy: Float64Array,
  outEjecta: Float64Array,
  youngAt: Uint8Array,
  young: boolean,
  filterM = 0,
): void {
  const plan = ladderPlan(body);
  // The level filter: rungs whose smallest feature is under DETAIL_FILTER_LO cells are skipped.
  let rungs = plan.rungs;
  while (rungs > 1 && detailWeight(plan.diameter[rungs - 1], filterM) === 0) rungs--;
  outH.fill(0, 0, count);
  outG.fill(0, 0, 3 * count);
  outHy.fill(0, 0, count);
  outGy.fill(0, 0, 3 * count);
  outEjecta.fill(0, 0, count);
  if (count === 0) return;
  const { batch, batchCap, tiles, capRun, plane } = scratch;
  batch.body = body;
  batch.plan = plan;
  batch.dirs = dirs;
  batch.outH = outH;
  batch.outG = outG;
  batch.outEjecta = outEjecta;
  batch.outHy = outHy;
  batch.outGy = outGy;
  batch.young = young;
  batch.youngAt = youngAt;
  boundingCap(dirs, count, batchCap);
  const bucketed = count > 1 && plane.fit(dirs, count, batchCap[0], batchCap[1], batchCap[2]);
  if (bucketed) batchCap.set(plane.bounds, 4);
  if (scratch.inOrder.length < count) scratch.inOrder = Int32Array.from({ length: 2 * count }, (_, i) => i);

  const pool = scratch.pool;
  pool.count = 0;
  gatherBasin(pool, body, plan);
  setRungMode(batch, 0);
  scratch.rungWeight[0] = 1;
  for (let i = 0; i < count; i++) {
    setSample(dirs, i);
    sumAll(batch, pool, i);
    foldInto(batch, i, 0);
  }
  if (bucketed) tiles.build(dirs, count, plane.tu, plane.tv, plane.bounds, TILE_SIDE);
  for (let k = 1; k < rungs; k++) {
    setRungMode(batch, k);
    scratch.rungWeight[0] = detailWeight(plan.diameter[k], filterM);
    // Gather for the whole cap, else per tile, else walk the lattice per sample: whichever visits
    // fewer cells (a walk visits ~WALK_CELLS).
    const budget = WALK_CELLS * count;
    if (count === 1 || rungBoxCells(plan, k, batchCap, 0) <= budget) {
      capRun.order = scratch.inOrder;
      capRun.from = 0;
      capRun.to = count;
      capRun.caps = batchCap;
      capRun.at = 0;
      capRun.bucketed = bucketed;
      runCap(batch, k, capRun);
    } else if (bucketed && tileCells(plan, k) <= budget) {
      capRun.order = tiles.order;
      capRun.caps = tiles.cap;
      capRun.bucketed = true;
      for (let t = 0; t < tiles.n; t++) {
        if (tiles.start[t] === tiles.start[t + 1]) continue;
        capRun.from = tiles.start[t];
        capRun.to = tiles.start[t + 1];
        capRun.at = 8 * t;
        runCap(batch, k, capRun);
      }
    } else {
      for (let i = 0; i < count; i++) {
        setSample(dirs, i);
        pool.count = 0;
        gatherRungDir(pool, body, plan, k, dirs, i);
        sumAll(batch, pool, i);
        foldInto(batch, i, k);
      }
    }
  }
}

/** Whether rung k sums the young unit per feature, else its uniform young weight into rungSum[9]. */
function setRungMode(batch: LadderBatch, k: number): void {
  const plan = batch.plan;
  const p = plan.youngShare[k];
  // Remnants buried under the young unit need per-feature weights even where every visible feature shows.
  const buried = plan.remnant[k] > 0 && plan.remnantYoung[k] !== 1;
  batch.perFeature = batch.young && plan.dated && (p < 1 || buried);
  scratch.rungSum[9] = !plan.dated ? plan.ghost[k] : p >= 1 ? 1 : plan.ghost[k];
}

/** The batch's bounding cap into cap[0…3]: normalised mean direction and the largest chord to it. */
function boundingCap(dirs: Float64Array, count: number, cap: Float64Array): void {
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
  let chord2 = 0;
  for (let i = 0; i < count; i++) {
    const dx = dirs[3 * i] - mx;
    const dy = dirs[3 * i + 1] - my;
    const dz = dirs[3 * i + 2] - mz;
    chord2 = Math.max(chord2, dx * dx + dy * dy + dz * dz);
  }
  cap[0] = mx;
  cap[1] = my;
  cap[2] = mz;
  cap[3] = Math.sqrt(chord2);
}

/** Lattice cells of rung k gathered tile by tile. */
function tileCells(plan: LadderPlan, k: number): number {
  const tiles = scratch.tiles;
  let n = 0;
  for (let t = 0; t < tiles.n; t++) {
    if (tiles.start[t] === tiles.start[t + 1]) continue;
    n += rungBoxCells(plan, k, tiles.cap, 8 * t);
  }
  return n;
}

/** Rung k for the samples of `run`: gathered once, read through tangent-plane buckets when many. */
function runCap(batch: LadderBatch, k: number, run: CapRun): void {
  const { pool, grid, plane } = scratch;
  const { order, from, to, caps, at } = run;
  const dirs = batch.dirs;
  pool.count = 0;
  gatherRung(pool, batch.body, batch.plan, k, caps, at);
  if (pool.count === 0) return;
  if (run.bucketed && pool.count > BUCKET_MIN_CANDIDATES) {
    const reach = batch.plan.reach[k];
    grid.build(
      pool,
      0,
      pool.count,
      plane.e1,
      plane.e2,
      caps[at + 4],
      caps[at + 5],
      caps[at + 6],
      caps[at + 7],
      reach,
    );
    const start = grid.start;
    const items = grid.items;
    for (let a = from; a < to; a++) {
      const i = order[a];
      setSample(dirs, i);
      const b = grid.cellAt(plane.tu, plane.tv, i);
      clearRungSum();
      sumCandidates(pool, items, start[b], start[b + 1], batch.perFeature && batch.youngAt[i] === 1);
      foldInto(batch, i, k);
    }
  } else {
    for (let a = from; a < to; a++) {
      const i = order[a];
      setSample(dirs, i);
      sumAll(batch, pool, i);
      foldInto(batch, i, k);
    }
  }
}

/** The rung sums of every candidate in the pool at the current sample, sample i. */
function sumAll(batch: LadderBatch, pool: CandidatePool, i: number): void {
  clearRungSum();
  sumCandidates(pool, null, 0, pool.count, batch.perFeature && batch.youngAt[i] === 1);
}

/**
 * Folds the rung sums through softLimit(S, fold_k) into sample i, the old unit's and the young
 * unit's. The soft limit is written out (the same operations as `softLimitD`, so the same bits) to
 * keep doubles out of call arguments. A rung with a uniform young weight c adds c × the old unit's
 * folded relief to the young unit (no second fold).
 */
function foldInto(batch: LadderBatch, i: number, k: number): void {
  const sum = scratch.rungSum;
  if (sum[4] > batch.outEjecta[i]) batch.outEjecta[i] = sum[4];
  if (sum[0] === 0 && sum[1] === 0 && sum[2] === 0 && sum[3] === 0) return;
  const limit = batch.plan.fold[k];
  const w = scratch.rungWeight[0];
  foldOne(sum, 0, limit, batch.outH, batch.outG, i, w);
  if (!batch.young || batch.youngAt[i] === 0) return;
  if (batch.perFeature) {
    foldOne(sum, 5, limit, batch.outHy, batch.outGy, i, w);
    return;
  }
  // w = 1 (unfiltered) multiplies exactly: the same bits as without the filter.
  const c = sum[9] * w;
  const cd = c * folded[1];
  batch.outHy[i] += c * folded[0];
  batch.outGy[3 * i] += cd * sum[1];
  batch.outGy[3 * i + 1] += cd * sum[2];
  batch.outGy[3 * i + 2] += cd * sum[3];
}
