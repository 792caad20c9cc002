/**
 * One rung's per-sample sums of the feature ladder (ADR-0004, ladder.ts): each candidate's
 * contribution at the current sample added into the rung sums (old unit, boulder signal, young
 * unit), and the soft-limit fold of a sum into a sample's outputs. Doubles live in typed arrays:
 * V8 boxes a double held in a module variable, passed to or returned from a call it does not inline.
 */
import {
  CRATER_SCALLOP_REACH,
  craterAzimuth,
  craterAzimuthFromIn,
  craterAzimuthIn,
  craterProfileAtD,
  craterShapeNew,
} from '../math/craterProfile';
import { valueD } from '../math/smooth';
import { BOULDER_APRON_Q } from './boulders';
import { KIND_CRATER, type CandidatePool } from './CandidatePool';

/** The sums' scratch (module-level, reused). */
export const sumScratch = {
  shape: craterShapeNew(),
  profile: valueD(),
  /** The current sample's direction x, y, z. */
  sample: new Float64Array(3),
  /**
   * The rung's sums at the sample: old unit height, ∂x, ∂y, ∂z; the boulder signal (a max); young
   * unit height, ∂x, ∂y, ∂z; then the uniform young weight of the rung.
   */
  rungSum: new Float64Array(10),
  /** q = chord²/R² handed to the crater profile. */
  q: new Float64Array(1),
};
const scratch = sumScratch;

/** Sample i of `dirs` becomes the current sample. */
export function setSample(dirs: Float64Array, i: number): void {
  const sample = scratch.sample;
  sample[0] = dirs[3 * i];
  sample[1] = dirs[3 * i + 1];
  sample[2] = dirs[3 * i + 2];
}

/** Zeroes the rung sums rungSum[0…8] (stores, not `fill`: a builtin call per sample and rung). */
export function clearRungSum(): void {
  const sum = scratch.rungSum;
  sum[0] = 0;
  sum[1] = 0;
  sum[2] = 0;
  sum[3] = 0;
  sum[4] = 0;
  sum[5] = 0;
  sum[6] = 0;
  sum[7] = 0;
  sum[8] = 0;
}

/**
 * Adds candidates `from` … `to` − 1 of the pool (every one of `items[from…to)` when `items` is
 * given) at the current sample, with the young unit per feature when `units`. Most candidates miss
 * the sample: their reach test, the same operations as `addFeature`'s, runs here in the loop and
 * only those that reach it are handed to `addFeature` (which repeats it, to the same bits).
 */
export function sumCandidates(
  pool: CandidatePool,
  items: Int32Array | null,
  from: number,
  to: number,
  units: boolean,
): void {
  const sample = scratch.sample;
  const sx = sample[0];
  const sy = sample[1];
  const sz = sample[2];
  const { nx, ny, nz, invR2, qe } = pool;
  for (let a = from; a < to; a++) {
    const j = items === null ? a : items[a];
    const dx = sx - nx[j];
    const dy = sy - ny[j];
    const dz = sz - nz[j];
    if ((dx * dx + dy * dy + dz * dz) * invR2[j] >= qe[j]) continue;
    if (units) addFeatureUnits(pool, j);
    else addFeature(pool, j);
  }
}

/** `addFeature`, and the same contribution × the feature's young weight to the young unit's sum. */
export function addFeatureUnits(pool: CandidatePool, j: number): void {
  const sum = scratch.rungSum;
  const h = sum[0];
  const gx = sum[1];
  const gy = sum[2];
  const gz = sum[3];
  addFeature(pool, j);
  const w = pool.young[j];
  // w·Δ is ±0 and adding ±0 leaves a sum that starts at +0 unchanged (it can never be −0).
  if (w === 0) return;
  sum[5] += w * (sum[0] - h);
  sum[6] += w * (sum[1] - gx);
  sum[7] += w * (sum[2] - gy);
  sum[8] += w * (sum[3] - gz);
}

/** Adds candidate j's contribution at the current sample to the rung sum. */
export function addFeature(pool: CandidatePool, j: number): void {
  const { sample, rungSum, profile } = scratch;
  const dx = sample[0] - pool.nx[j];
  const dy = sample[1] - pool.ny[j];
  const dz = sample[2] - pool.nz[j];
  const invR2 = pool.invR2[j];
  const q = (dx * dx + dy * dy + dz * dz) * invR2;
  const reachQ = pool.qe[j];
  if (q >= reachQ) return;
  // The profile's value and slope in q, kept in locals: a double stored to an object field may be boxed.
  let v: number;
  let d: number;
  if (pool.kind[j] === KIND_CRATER) {
    const rim = pool.rim[j];
    const terraces = pool.terraces[j];
    if (q >= 1 && (terraces === 0 || q >= CRATER_SCALLOP_REACH)) {
      // craterProfileAtD's ejecta branch written out (the same operations, the same bits).
      const inv = 1 / (q * Math.sqrt(q));
      const e = 1 / (reachQ - 1);
      const a = (reachQ - q) * e;
      const w = a * a;
      v = rim * inv * w;
      d = rim * inv * (-1.5 * (w / q) - 2 * a * e);
    } else if (pool.qf[j] === 0) {
      // Its simple bowl, likewise.
      const depth = pool.depth[j];
      const k = pool.k[j];
      v = rim - depth * (1 - (2 + k) * q + (1 + k) * q * q);
      d = -depth * (2 * (1 + k) * q - (2 + k));
    } else {
      const shape = scratch.shape;
      shape.rim = rim;
      shape.depth = pool.depth[j];
      shape.k = pool.k[j];
      shape.qf = pool.qf[j];
      shape.peak = pool.peak[j];
      shape.qp = pool.qp[j];
      shape.terraces = terraces;
      shape.terrace = pool.terrace[j];
      shape.spin = pool.spin[j];
      shape.qe = reachQ;
      scratch.q[0] = q;
      // Complex craters (terraced) vary round the crater: scalloped rim and ejecta, terraced wall,
      // lobed peak; their near ejecta is read through the profile for the rim's scallops.
      const wall = terraces > 0;
      if (wall) {
        const az = craterAzimuthIn;
        az[0] = pool.spin[j];
        az[1] = pool.nx[j];
        az[2] = pool.ny[j];
        az[3] = pool.nz[j];
        az[4] = dx;
        az[5] = dy;
        az[6] = dz;
        craterAzimuthFromIn();
      }
      craterProfileAtD(scratch.q, 0, shape, profile);
      v = profile.v;
      d = profile.d;
      if (wall) {
        // The round-the-crater variation: ∂h/∂θ·∇θ.
        const t = craterAzimuth[2];
        rungSum[1] += t * craterAzimuth[3];
        rungSum[2] += t * craterAzimuth[4];
        rungSum[3] += t * craterAzimuth[5];
      }
    }
    const strength = pool.boulder[j];
    if (strength > 0 && q < BOULDER_APRON_Q) {
      const w = q <= 1 ? 1 : (BOULDER_APRON_Q - q) / (BOULDER_APRON_Q - 1);
      const e = strength * w * w;
      if (e > rungSum[4]) rungSum[4] = e;
    }
  } else {
    // Knobs and pits rim·(1 − q)² (s = 0), remnants rim·(1 − q²)² (s = 1): b = 1 − q·(1 + s·(q − 1)),
    // zero with zero slope at q = 1.
    const rim = pool.rim[j];
    const s = pool.k[j];
    const b = 1 - q * (1 + s * (q - 1));
    v = rim * b * b;
    d = 2 * rim * b * -(1 + s * (2 * q - 1));
  }
  const g = d * (2 * invR2);
  rungSum[0] += v;
  rungSum[1] += g * dx;
  rungSum[2] += g * dy;
  rungSum[3] += g * dz;
}

/** The last `foldOne` value and slope (typed slots: no boxed double crosses a call). */
export const folded = new Float64Array(2);

/**
 * softLimit of the sum at sum[at…at+3] (height, gradient), times the rung's level-filter weight
 * `w` (math/detailFilter.ts), added into outH[i], outG[3i…]; leaves the soft limit's (unweighted)
 * value in folded[0] and its slope in folded[1].
 */
export function foldOne(
  sum: Float64Array,
  at: number,
  limit: number,
  outH: Float64Array,
  outG: Float64Array,
  i: number,
  w: number,
): void {
  const x = sum[at];
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
  folded[0] = v;
  folded[1] = d;
  // w = 1 (unfiltered) multiplies exactly: the same bits as without the filter.
  const wd = w * d;
  outH[i] += w * v;
  outG[3 * i] += wd * sum[at + 1];
  outG[3 * i + 1] += wd * sum[at + 2];
  outG[3 * i + 2] += wd * sum[at + 3];
}
