/**
 * Batch form of the micro crater ladder (ADR-0006), bit-identical to `microCratersD` per sample.
 *
 * Per rung, the batch first bounds the lattice cells every sample can reach. When that box is small
 * enough (fine patches, where neighbouring samples share cells) it keeps a dense per-call table
 * cell → crater, resolving each cell's hash at most once; each sample then walks exactly the cells
 * the point path walks, in the same order, reading the table instead of hashing. When the box is
 * too large (coarse patches: samples metres to kilometres apart share nothing), the rung runs the
 * point path per sample. Either way every sample sums the same craters in the same order.
 */
import type { Body } from '../body/Body';
import { detailWeight } from '../math/detailFilter';
import { MICRO_REACH_U, MICRO_RUNG_COUNT } from './tailTunables';
import { accumulateMicroRung, finishMicroSample, tailSample } from './microCraters';
import {
  microAccSize,
  addMicroCrater,
  axisExtent,
  cellHi,
  cellLo,
  MICRO_CRATER_STRIDE,
  microCellBox,
  microCellPoint,
  microCraterInto,
  microPlan,
  type MicroCellPoint,
  type MicroRung,
} from './microPlan';

/** Largest cell box (cells) a rung tabulates per call; beyond it the rung runs per sample. */
const MEMO_LIMIT = 1 << 19;
const STRIDE = MICRO_CRATER_STRIDE;
const UNKNOWN = -2;
const EMPTY = -1;

interface RungMemo {
  on: boolean;
  x0: number;
  y0: number;
  z0: number;
  ny: number;
  nz: number;
  cells: Int32Array;
  craters: Float64Array;
  used: number;
}

const memos: RungMemo[] = [];
/** The current sample's direction (addMicroCrater's array). */
const at = new Float64Array(3);
/** The current sample's cell box (microCellBox). */
const box = new Int32Array(6);
const point: MicroCellPoint = { h: 0, qx: 0, qy: 0, qz: 0, q2: 0, j2: 0 };
const acc = new Float64Array(microAccSize);
/** One partly filtered rung's own sums before they are weighted into `acc`. */
const part = new Float64Array(microAccSize);
/** Each rung's level-filter weight for the current batch. */
const weights = new Float64Array(MICRO_RUNG_COUNT);
const sample = tailSample();

/** Zeroes an accumulator (stores, not `fill`: a builtin call per sample). */
function clear(a: Float64Array): void {
  a[0] = 0;
  a[1] = 0;
  a[2] = 0;
  a[3] = 0;
  a[4] = 0;
}

function memoFor(r: number): RungMemo {
  while (memos.length <= r) {
    memos.push({
      on: false,
      x0: 0,
      y0: 0,
      z0: 0,
      ny: 0,
      nz: 0,
      cells: new Int32Array(0),
      craters: new Float64Array(STRIDE * 256),
      used: 0,
    });
  }
  return memos[r];
}

/** Bounds the cells of `rung` reachable from any of the `count` samples; arms or disarms its memo. */
function prepareMemo(
  memo: RungMemo,
  rung: MicroRung,
  radius: number,
  dirs: Float64Array,
  count: number,
): void {
  memo.on = false;
  if (rung.pExist === 0 || count < 2) return;
  let x0 = Infinity;
  let y0 = Infinity;
  let z0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  let z1 = -Infinity;
  const c = rung.cell;
  for (let i = 0; i < count; i++) {
    const x = dirs[3 * i];
    const y = dirs[3 * i + 1];
    const z = dirs[3 * i + 2];
    const ex = axisExtent(rung, x);
    const ey = axisExtent(rung, y);
    const ez = axisExtent(rung, z);
    x0 = Math.min(x0, cellLo(x * radius, ex, c));
    x1 = Math.max(x1, cellHi(x * radius, ex, c));
    y0 = Math.min(y0, cellLo(y * radius, ey, c));
    y1 = Math.max(y1, cellHi(y * radius, ey, c));
    z0 = Math.min(z0, cellLo(z * radius, ez, c));
    z1 = Math.max(z1, cellHi(z * radius, ez, c));
  }
  const nx = x1 - x0 + 1;
  const ny = y1 - y0 + 1;
  const nz = z1 - z0 + 1;
  const volume = nx * ny * nz;
  // Tabulating pays only when samples share cells: fewer cells than ~8 visits per sample.
  if (!(volume <= MEMO_LIMIT) || volume > 8 * count) return;
  if (memo.cells.length < volume) memo.cells = new Int32Array(Math.max(volume, 2 * memo.cells.length));
  memo.cells.fill(UNKNOWN, 0, volume);
  memo.x0 = x0;
  memo.y0 = y0;
  memo.z0 = z0;
  memo.ny = ny;
  memo.nz = nz;
  memo.used = 0;
  memo.on = true;
}

/**
 * Adds `rung`'s craters reaching the current sample at[0…2] into `into`, reading cells through the
 * memo. A crater's reach test, the same operations as `addMicroCrater`'s, runs here so that only
 * craters that reach the sample are handed to it (which repeats the test, to the same bits).
 */
function accumulateFromMemo(
  memo: RungMemo,
  plan: ReturnType<typeof microPlan>,
  rung: MicroRung,
  into: Float64Array,
): void {
  const x = at[0];
  const y = at[1];
  const z = at[2];
  microCellBox(plan, rung, at, box);
  const xa = box[0];
  const xb = box[1];
  const ya = box[2];
  const yb = box[3];
  const za = box[4];
  const zb = box[5];
  const cells = memo.cells;
  for (let ix = xa; ix <= xb; ix++) {
    for (let iy = ya; iy <= yb; iy++) {
      const row = ((ix - memo.x0) * memo.ny + (iy - memo.y0)) * memo.nz - memo.z0;
      for (let iz = za; iz <= zb; iz++) {
        let slot = cells[row + iz];
        if (slot === UNKNOWN) {
          if (microCellPoint(rung, ix, iy, iz, point)) {
            slot = memo.used++;
            if (STRIDE * memo.used > memo.craters.length) {
              const grown = new Float64Array(2 * memo.craters.length);
              grown.set(memo.craters);
              memo.craters = grown;
            }
            microCraterInto(plan, rung, point, memo.craters, STRIDE * slot);
          } else {
            slot = EMPTY;
          }
          cells[row + iz] = slot;
        }
        if (slot === EMPTY) continue;
        const t = memo.craters;
        const o = STRIDE * slot;
        const dx = x - t[o];
        const dy = y - t[o + 1];
        const dz = z - t[o + 2];
        if (!(t[o + 3] * (dx * dx + dy * dy + dz * dz) < MICRO_REACH_U)) continue;
        addMicroCrater(into, at, t, o);
      }
    }
  }
}

/**
 * Micro crater relief for `count` unit directions (x, y, z interleaved in `dirs`): fills `outH[i]`,
 * `outGrad[3i…3i+2]` and `outEjecta[i]` when given. Bit-identical to `microCratersD` per sample.
 */
export function microCraterBatch(
  body: Body,
  dirs: Float64Array,
  count: number,
  outH: Float64Array | null,
  outGrad: Float64Array | null,
  outEjecta: Float64Array | null,
  filterM = 0,
): void {
  const plan = microPlan(body);
  // No tail craters at all (Venus: density 0): every rung rejects every cell, so skip the walks;
  // finishing a zero accumulator gives the same bits as the walks would.
  const rungs = plan.density > 0 ? plan.rungs : [];
  // The level filter (math/detailFilter.ts) by each rung's nominal diameter: weight 0 skips the
  // rung, 1 sums it as unfiltered, between sums it apart and adds it scaled (relief is linear in
  // each crater's depth and rim).
  let n = 0;
  for (let r = 0; r < rungs.length; r++) {
    weights[r] = detailWeight(rungs[r].d, filterM);
    if (weights[r] > 0) n = r + 1;
  }
  for (let r = 0; r < n; r++) prepareMemo(memoFor(r), rungs[r], plan.radius, dirs, count);
  for (let i = 0; i < count; i++) {
    const x = dirs[3 * i];
    const y = dirs[3 * i + 1];
    const z = dirs[3 * i + 2];
    at[0] = x;
    at[1] = y;
    at[2] = z;
    clear(acc);
    for (let r = 0; r < n; r++) {
      const w = weights[r];
      if (w === 0) continue;
      const into = w === 1 ? acc : part;
      if (w !== 1) clear(part);
      const memo = memos[r];
      if (memo.on) accumulateFromMemo(memo, plan, rungs[r], into);
      else accumulateMicroRung(plan, r, at, into);
      if (w !== 1) {
        acc[0] += w * part[0];
        acc[1] += w * part[1];
        acc[2] += w * part[2];
        acc[3] += w * part[3];
        if (w * part[4] > acc[4]) acc[4] = w * part[4];
      }
    }
    finishMicroSample(acc, x, y, z, sample);
    if (outH) outH[i] = sample.h;
    if (outGrad) {
      outGrad[3 * i] = sample.gx;
      outGrad[3 * i + 1] = sample.gy;
      outGrad[3 * i + 2] = sample.gz;
    }
    if (outEjecta) outEjecta[i] = sample.ejecta;
  }
}
