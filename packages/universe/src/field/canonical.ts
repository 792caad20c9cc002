/**
 * The canonical elevation field's evaluation (ADR-0004), behind elevation.ts's public API: the
 * batch of `count` directions with each sample's fresh-ejecta (boulder-field) signal from the same
 * ladder walks, which the drawn field and cover read.
 *
 *   raw = bands.h + (1 − w)·L_old + w·L_young   (stage 1 bands, stage 2 the feature ladder on the
 *                                                old and young units, w the young unit's weight)
 *   h   = knee(raw): raw where |raw| ≤ a = RELIEF_KNEE·maxReliefM, else
 *         ±(a + softLimit(|raw| − a, maxReliefM − a))   (|h| < maxReliefM on every body; relief
 *         below the knee is untouched, so craters keep their shape at any altitude)
 *   ∇h  = knee′(raw) · (∇bands + (1 − w)·∇L_old + w·∇L_young + (L_young − L_old)·∇w), projected
 *         onto the tangent plane
 */
import type { Body } from '../body/Body';
import type { Vec3 } from '../math/vec3';
import { softLimitD } from '../math/softLimit';
import { valueD } from '../math/smooth';
import { bandSample, bandsD } from './bands';
import type { ElevationSample } from './elevation';
import { ladderBatchD } from './ladder';
import { fieldTestHooks } from './testHooks';
import { RELIEF_KNEE } from './tunables';
import { plainWeightD, unitSample } from './units';

let lh = new Float64Array(0);
let lg = new Float64Array(0);
let lhy = new Float64Array(0);
let lgy = new Float64Array(0);
const unit = unitSample();
/** Per sample: band height, its gradient, the young unit's weight and its gradient. */
const BAND_STRIDE = 8;
let bands = new Float64Array(0);
/** The ladder's fresh-ejecta signal when the caller does not want it. */
let le = new Float64Array(0);
const band = bandSample();
const lim = valueD();
/** The raw height handed to `kneeD` (a typed slot: no boxed double argument). */
const K = new Float64Array(1);

function dropTerm(which: number): void {
  if (which === 1) {
    band.gx = 0;
    band.gy = 0;
    band.gz = 0;
  } else {
    unit.wx = 0;
    unit.wy = 0;
    unit.wz = 0;
  }
}

/** The relief bound: identity below the knee, soft-limited above it (C² at the knee). */
function kneeD(limit: number): void {
  const raw = K[0];
  const a = RELIEF_KNEE * limit;
  if (raw > a) {
    softLimitD(raw - a, limit - a, lim);
    lim.v = a + lim.v;
  } else if (raw < -a) {
    softLimitD(raw + a, limit - a, lim);
    lim.v = lim.v - a;
  } else {
    lim.v = raw;
    lim.d = 1;
  }
}

/**
 * The one check of a batch's input (the drawn field's `drawnBatch` relies on it too): a zoo body,
 * a whole `count` that fits `dirs`, `outH`, `outGrad` and `outEjecta`, and finite unit directions.
 * Throws a RangeError naming the first non-finite number anywhere (by its index in `dirs`), else
 * the first sample that is not of unit length.
 */
function validate(
  body: Body,
  dirs: Float64Array,
  count: number,
  outH: Float64Array,
  outGrad: Float64Array | null,
  outEjecta: Float64Array | null,
): void {
  if (!body || !body.grammar) throw new TypeError('elevation: body is not a zoo body (use getBody)');
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError(`elevation: count ${count} is not a non-negative integer`);
  if (dirs.length < 3 * count)
    throw new RangeError(`elevation: count ${count} does not fit: dirs holds ${dirs.length / 3} directions`);
  if (outH.length < count)
    throw new RangeError(`elevation: outH holds ${outH.length} values, count is ${count}`);
  if (outGrad && outGrad.length < 3 * count)
    throw new RangeError(`elevation: outGrad holds ${outGrad.length / 3} vectors, count is ${count}`);
  if (outEjecta && outEjecta.length < count)
    throw new RangeError(`elevation: outEjecta holds ${outEjecta.length} values, count is ${count}`);
  for (let k = 0; k < 3 * count; k++) {
    if (!Number.isFinite(dirs[k])) throw notUnit(dirs, (k - (k % 3)) / 3, `dirs[${k}] = ${dirs[k]}`);
  }
  for (let i = 0; i < count; i++) {
    const x = dirs[3 * i];
    const y = dirs[3 * i + 1];
    const z = dirs[3 * i + 2];
    const r2 = x * x + y * y + z * z;
    // 1e-6 admits any float64-normalised vector.
    if (!(r2 > 1 - 1e-6 && r2 < 1 + 1e-6)) throw notUnit(dirs, i, `|d|² = ${r2}`);
  }
}

function notUnit(dirs: Float64Array, i: number, why: string): RangeError {
  const d = `(${dirs[3 * i]}, ${dirs[3 * i + 1]}, ${dirs[3 * i + 2]})`;
  return new RangeError(`elevation: direction #${i} ${d} is not a finite unit vector: ${why}`);
}

/**
 * `elevationBatch`, and when `outEjecta` is given the ladder's fresh-ejecta signal (0 … 1) of each
 * sample into outEjecta[i]. Bit-identical to `canonicalAtD` for every sample.
 */
export function canonicalBatchD(
  body: Body,
  dirs: Float64Array,
  count: number,
  outH: Float64Array,
  outGrad: Float64Array | null,
  outEjecta: Float64Array | null,
): void {
  validate(body, dirs, count, outH, outGrad, outEjecta);
  if (lh.length < count) {
    lh = new Float64Array(count);
    lg = new Float64Array(3 * count);
    lhy = new Float64Array(count);
    lgy = new Float64Array(3 * count);
    le = new Float64Array(count);
    bands = new Float64Array(BAND_STRIDE * count);
  }
  // Stage 1 first: the bands and the young unit's weight of every sample, so the ladder can skip
  // the young unit's sums for a batch that has none of it (the result is the same bits: w = 0).
  let young = false;
  for (let i = 0; i < count; i++) {
    bandsD(body, dirs, i, band);
    plainWeightD(body, band, unit);
    if (fieldTestHooks.dropTerm !== 0) dropTerm(fieldTestHooks.dropTerm);
    const at = BAND_STRIDE * i;
    bands[at] = band.h;
    bands[at + 1] = band.gx;
    bands[at + 2] = band.gy;
    bands[at + 3] = band.gz;
    bands[at + 4] = unit.w;
    bands[at + 5] = unit.wx;
    bands[at + 6] = unit.wy;
    bands[at + 7] = unit.wz;
    if (unit.w > 0) young = true;
  }
  ladderBatchD(body, dirs, count, lh, lg, lhy, lgy, outEjecta ?? le, young);
  const limit = body.grammar.maxReliefM;
  for (let i = 0; i < count; i++) {
    const x = dirs[3 * i];
    const y = dirs[3 * i + 1];
    const z = dirs[3 * i + 2];
    const at = BAND_STRIDE * i;
    const w = bands[at + 4];
    const lo = lh[i];
    const ly = lhy[i];
    K[0] = bands[at] + (1 - w) * lo + w * ly;
    kneeD(limit);
    outH[i] = lim.v;
    if (!outGrad) continue;
    const dl = ly - lo;
    const gx = lim.d * (bands[at + 1] + (1 - w) * lg[3 * i] + w * lgy[3 * i] + dl * bands[at + 5]);
    const gy = lim.d * (bands[at + 2] + (1 - w) * lg[3 * i + 1] + w * lgy[3 * i + 1] + dl * bands[at + 6]);
    const gz = lim.d * (bands[at + 3] + (1 - w) * lg[3 * i + 2] + w * lgy[3 * i + 2] + dl * bands[at + 7]);
    const r = gx * x + gy * y + gz * z;
    outGrad[3 * i] = gx - r * x;
    outGrad[3 * i + 1] = gy - r * y;
    outGrad[3 * i + 2] = gz - r * z;
  }
}

const one = new Float64Array(3);
const oneH = new Float64Array(1);
const oneG = new Float64Array(3);

/** Canonical elevation and gradient at unit direction `dir` into `out`; its fresh-ejecta signal into outEjecta[0] when given. */
export function canonicalAtD(
  body: Body,
  dir: Readonly<Vec3>,
  out: ElevationSample,
  outEjecta: Float64Array | null,
): ElevationSample {
  one[0] = dir.x;
  one[1] = dir.y;
  one[2] = dir.z;
  canonicalBatchD(body, one, 1, oneH, oneG, outEjecta);
  out.h = oneH[0];
  out.gx = oneG[0];
  out.gy = oneG[1];
  out.gz = oneG[2];
  return out;
}
