/**
 * The canonical elevation field's evaluation (ADR-0004), behind elevation.ts's public API: the
 * batch of `count` directions with each sample's fresh-ejecta (boulder-field) signal from the same
 * ladder walks, which the drawn field and cover read.
 *
 *   raw = B + m·L,  L = (1 − w)·L_old + w·L_young   (stage 1 bands, stage 2 the feature ladder on
 *         the old and young units; w the young unit's weight, units.ts: the band flooding and the
 *         named maria; B the bands plus the body's own landforms (landforms.ts: Europa's ridges and
 *         chaos, Mercury's scarps), flooded by the named places, and m their ladder mask, ADR-0018)
 *   h   = knee(raw) + A: knee(raw) = raw where |raw| ≤ a = RELIEF_KNEE·maxReliefM, else
 *         ±(a + softLimit(|raw| − a, maxReliefM − a))   (|knee| < maxReliefM on every body;
 *         relief below the knee is untouched, so craters keep their shape at any altitude). A: the
 *         named shields (placeStage.ts) add after the knee, so Olympus Mons stands 21.9 km above a
 *         14.7 km procedural bound.
 *   ∇h  = knee′(raw)·(∇B + m·((1 − w)·∇L_old + w·∇L_young + (L_young − L_old)·∇w) + L·∇m) + ∇A,
 *         projected onto the tangent plane
 */
import type { Body } from '../body/Body';
import type { Vec3 } from '../math/vec3';
import { softLimitD } from '../math/softLimit';
import { valueD } from '../math/smooth';
import { bandSample, bandsD } from './bands';
import type { ElevationSample } from './elevation';
import { ladderBatchD } from './ladder';
import { landformSample, landformsD } from './landforms';
import { placeAdd, placesBegin, placesD } from './placeStage';
import { fieldTestHooks } from './testHooks';
import { RELIEF_KNEE } from './tunables';
import { joinNamedMareD, plainWeightD, unitSample } from './units';

let lh = new Float64Array(0);
let lg = new Float64Array(0);
let lhy = new Float64Array(0);
let lgy = new Float64Array(0);
/** Per sample: 1 where the young unit's weight or its gradient is non-zero (ladder.ts). */
let youngAt = new Uint8Array(0);
const unit = unitSample();
const add = placeAdd();
const form = landformSample();
/**
 * Per sample: the flooded band height B, the young unit's weight w, the places' ladder mask m and
 * their post-knee term A, each followed by its 3-D gradient.
 */
const BAND_STRIDE = 16;
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
 * sample into outEjecta[i]. Bit-identical to `canonicalAtD` for every sample. `filterM` > 0 is the
 * drawn field's level filter (math/detailFilter.ts: ladder rungs fade by their diameter); 0, the
 * canonical field, is the only value physics and saves ever use.
 */
export function canonicalBatchD(
  body: Body,
  dirs: Float64Array,
  count: number,
  outH: Float64Array,
  outGrad: Float64Array | null,
  outEjecta: Float64Array | null,
  filterM = 0,
): void {
  validate(body, dirs, count, outH, outGrad, outEjecta);
  if (lh.length < count) {
    lh = new Float64Array(count);
    lg = new Float64Array(3 * count);
    lhy = new Float64Array(count);
    lgy = new Float64Array(3 * count);
    youngAt = new Uint8Array(count);
    le = new Float64Array(count);
    bands = new Float64Array(BAND_STRIDE * count);
  }
  // Stage 1 first: the bands and the young unit's weight of every sample, so the ladder can skip
  // the young unit's sums at samples where w and ∇w are 0 (the same bits: there the blend is
  // (1 − 0)·L_old + 0·L_young and the ∇w term is (L_young − L_old)·0).
  let young = false;
  placesBegin(body, dirs, count, filterM);
  for (let i = 0; i < count; i++) {
    bandsD(body, dirs, i, band);
    plainWeightD(body, band, unit);
    landformsD(body, dirs[3 * i], dirs[3 * i + 1], dirs[3 * i + 2], form, filterM);
    band.h += form.v;
    band.gx += form.gx;
    band.gy += form.gy;
    band.gz += form.gz;
    // The places' mask starts whole: the band stage's own burial is the unit blend's job.
    band.m = 1;
    band.mx = 0;
    band.my = 0;
    band.mz = 0;
    placesD(dirs[3 * i], dirs[3 * i + 1], dirs[3 * i + 2], band, add);
    joinNamedMareD(unit, add);
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
    bands[at + 8] = band.m;
    bands[at + 9] = band.mx;
    bands[at + 10] = band.my;
    bands[at + 11] = band.mz;
    bands[at + 12] = add.v;
    bands[at + 13] = add.gx;
    bands[at + 14] = add.gy;
    bands[at + 15] = add.gz;
    const on = unit.w !== 0 || unit.wx !== 0 || unit.wy !== 0 || unit.wz !== 0;
    youngAt[i] = on ? 1 : 0;
    if (on) young = true;
  }
  ladderBatchD(body, dirs, count, lh, lg, lhy, lgy, outEjecta ?? le, youngAt, young, filterM);
  const limit = body.grammar.maxReliefM;
  for (let i = 0; i < count; i++) {
    const x = dirs[3 * i];
    const y = dirs[3 * i + 1];
    const z = dirs[3 * i + 2];
    const at = BAND_STRIDE * i;
    const w = bands[at + 4];
    const m = bands[at + 8];
    const lo = lh[i];
    const ly = lhy[i];
    const l = (1 - w) * lo + w * ly;
    K[0] = bands[at] + m * l;
    kneeD(limit);
    outH[i] = lim.v + bands[at + 12];
    if (!outGrad) continue;
    const dl = ly - lo;
    const lx = (1 - w) * lg[3 * i] + w * lgy[3 * i] + dl * bands[at + 5];
    const ly3 = (1 - w) * lg[3 * i + 1] + w * lgy[3 * i + 1] + dl * bands[at + 6];
    const lz = (1 - w) * lg[3 * i + 2] + w * lgy[3 * i + 2] + dl * bands[at + 7];
    const gx = lim.d * (bands[at + 1] + m * lx + l * bands[at + 9]) + bands[at + 13];
    const gy = lim.d * (bands[at + 2] + m * ly3 + l * bands[at + 10]) + bands[at + 14];
    const gz = lim.d * (bands[at + 3] + m * lz + l * bands[at + 11]) + bands[at + 15];
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
