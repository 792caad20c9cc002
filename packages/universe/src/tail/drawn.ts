/**
 * The drawn field (ADR-0006): canonical ground plus the micro relief tail. The mesh, the material
 * and the observatory's stance read it; physics, landings and saves read the canonical field.
 *
 *   drawn(dir) = canonical(dir) + microRelief(dir)
 *   microRelief = softFold(Σ micro craters, MICRO_CRATER_CEILING) + grit
 *
 * The tail is a pure function of the direction, evaluated on every patch at every level, and only
 * adds: the canonical field's output is never touched. |drawn − canonical| ≤ drawnDivergence(body).
 */
import type { Body } from '../body/Body';
import type { Vec3 } from '../math/vec3';
import { elevationSample, type ElevationSample } from '../field/elevation';
import { canonicalAtD, canonicalBatchD } from '../field/canonical';
import { microCratersD, tailSample } from './microCraters';
import { microCraterBatch } from './microCraterBatch';
import { gritAt, gritBound } from './grit';
import { MICRO_CRATER_CEILING } from './tailTunables';
import { checkFilter } from '../math/detailFilter';

const craters = tailSample();
const grit = elevationSample();

function checkDir(dir: Readonly<Vec3>): void {
  if (!Number.isFinite(dir.x) || !Number.isFinite(dir.y) || !Number.isFinite(dir.z)) {
    throw new RangeError(`drawn field: direction (${dir.x}, ${dir.y}, ${dir.z}) is not finite`);
  }
}

/** Micro relief (m) and its tangential gradient (m per radian) at unit direction `dir`. */
export function microReliefD(body: Body, dir: Readonly<Vec3>, out: ElevationSample): ElevationSample {
  checkDir(dir);
  microCratersD(body, dir, craters);
  gritAt(body, dir.x, dir.y, dir.z, grit);
  out.h = craters.h + grit.h;
  out.gx = craters.gx + grit.gx;
  out.gy = craters.gy + grit.gy;
  out.gz = craters.gz + grit.gz;
  return out;
}

const tail = elevationSample();
/** The canonical ladder's fresh-ejecta signal at the last point evaluated. */
const pointEjecta = new Float64Array(1);

/** Drawn elevation = canonical + micro relief, with its tangential gradient. */
export function drawnElevationAtD(body: Body, dir: Readonly<Vec3>, out: ElevationSample): ElevationSample {
  microReliefD(body, dir, tail);
  canonicalAtD(body, dir, out, pointEjecta);
  out.h += tail.h;
  out.gx += tail.gx;
  out.gy += tail.gy;
  out.gz += tail.gz;
  return out;
}

/**
 * Drawn elevation and gradient into `out`, returning the fresh-ejecta signal (0 … 1): the max of
 * the micro ladder's and the canonical ladder's boulder-field signal, from the same walks (cover
 * and scatter read both). `boulders`, when given, gets the canonical boulder-field signal alone in
 * boulders[0] (what rock abundance reads, as scatter does).
 */
export function drawnGroundAtD(
  body: Body,
  dir: Readonly<Vec3>,
  out: ElevationSample,
  boulders: Float64Array | null = null,
): number {
  drawnElevationAtD(body, dir, out);
  const canonical = pointEjecta[0];
  if (boulders) boulders[0] = canonical;
  return canonical > craters.ejecta ? canonical : craters.ejecta;
}

const s = elevationSample();

/** Drawn elevation (m above the datum) at unit direction `dir`. */
export function drawnElevationAt(body: Body, dir: Readonly<Vec3>): number {
  return drawnElevationAtD(body, dir, s).h;
}

/** Distance from the body centre to the drawn surface along `dir`, m. */
export function drawnSurfaceRadius(body: Body, dir: Readonly<Vec3>): number {
  return body.radius + drawnElevationAt(body, dir);
}

/**
 * Proved bound on |drawn − canonical|, m: the folded crater sum is below MICRO_CRATER_CEILING in
 * magnitude (soft limit), and the grit below GRIT_OCTAVE_BOUND × its amplitudes (see grit.ts).
 */
export function drawnDivergence(body: Body): number {
  const craterPart = microPlanDensity(body) > 0 ? MICRO_CRATER_CEILING : 0;
  return craterPart + gritBound(body);
}

function microPlanDensity(body: Body): number {
  const a = 1 - body.grammar.air;
  return a * a * a * a;
}

let tailH = new Float64Array(0);
let tailG = new Float64Array(0);
/** The last batch's directions and fresh-ejecta signal, so cover can reuse them (a pure memo). */
let lastBody: Body | null = null;
let lastCount = -1;
/** The last batch's level filter, m (0: the full field). */
let lastFilter = 0;
let lastDirs = new Float64Array(0);
let lastEjecta = new Float64Array(0);
/** The canonical ladder's boulder-field signal of the last `drawnBatch` call. */
let lastBoulders = new Float64Array(0);
/** The canonical ladder's fresh-ejecta signal of the current batch. */
let canonicalEjecta = new Float64Array(0);

/**
 * Batch form of `drawnElevationAtD` (same layout as `elevationBatch`), bit-identical to it. Bad
 * input gets `elevationBatch`'s RangeError before anything is computed or remembered.
 *
 * `filterM` > 0 draws the field filtered to a lattice of that spacing (math/detailFilter.ts, ADR-0006:
 * ladder rungs, micro crater rungs and grit octaves fade by their size; what weighs 0 is never
 * evaluated). 0, the default, is the full drawn field, bit for bit. Patches pass their level's
 * filter; physics, seating and contact use the full field.
 */
export function drawnBatch(
  body: Body,
  dirs: Float64Array,
  count: number,
  outH: Float64Array,
  outGrad: Float64Array | null,
  filterM = 0,
): void {
  checkFilter(filterM);
  // Canonical first: it checks the input (once, before the memo below is touched).
  // (A bad count is left to that check, never to the allocation here.)
  if (Number.isInteger(count) && canonicalEjecta.length < count) canonicalEjecta = new Float64Array(count);
  canonicalBatchD(body, dirs, count, outH, outGrad, canonicalEjecta, filterM);
  if (tailH.length < count) {
    tailH = new Float64Array(count);
    tailG = new Float64Array(3 * count);
    lastEjecta = new Float64Array(count);
    lastDirs = new Float64Array(3 * count);
    lastBoulders = new Float64Array(count);
  }
  microCraterBatch(body, dirs, count, tailH, tailG, lastEjecta, filterM);
  lastDirs.set(dirs.subarray(0, 3 * count));
  lastBody = body;
  lastCount = count;
  lastFilter = filterM;
  lastBoulders.set(canonicalEjecta.subarray(0, count));
  maxInto(lastEjecta, canonicalEjecta, count);
  for (let i = 0; i < count; i++) {
    const x = dirs[3 * i];
    const y = dirs[3 * i + 1];
    const z = dirs[3 * i + 2];
    gritAt(body, x, y, z, grit, filterM);
    outH[i] += tailH[i] + grit.h;
    if (outGrad) {
      outGrad[3 * i] += tailG[3 * i] + grit.gx;
      outGrad[3 * i + 1] += tailG[3 * i + 1] + grit.gy;
      outGrad[3 * i + 2] += tailG[3 * i + 2] + grit.gz;
    }
  }
}

/** out[i] = max(out[i], other[i]) for i < count. */
function maxInto(out: Float64Array, other: Float64Array, count: number): void {
  for (let i = 0; i < count; i++) if (other[i] > out[i]) out[i] = other[i];
}

let scratchH = new Float64Array(0);

/**
 * The fresh-ejecta signal (0 … 1) for `count` directions — max of the micro ladder's and the
 * canonical ladder's — bit-identical to the point `drawnGroundAtD`. Reuses the last `drawnBatch`
 * call's values when body and directions are the same (checked element by element), so a worker
 * that asks for heights and then cover pays the crater walks once. `outBoulders`, when given, gets
 * the canonical ladder's boulder-field signal alone (what rock abundance reads, as scatter does).
 */
export function freshEjectaBatch(
  body: Body,
  dirs: Float64Array,
  count: number,
  out: Float64Array,
  filterM = 0,
  outBoulders: Float64Array | null = null,
): void {
  let same = body === lastBody && count === lastCount && filterM === lastFilter;
  for (let i = 0; same && i < 3 * count; i++) same = Object.is(dirs[i], lastDirs[i]);
  if (same) {
    out.set(lastEjecta.subarray(0, count));
    if (outBoulders) outBoulders.set(lastBoulders.subarray(0, count));
    return;
  }
  if (Number.isInteger(count) && scratchH.length < count) {
    scratchH = new Float64Array(count);
    canonicalEjecta = new Float64Array(count);
  }
  checkFilter(filterM);
  canonicalBatchD(body, dirs, count, scratchH, null, canonicalEjecta, filterM); // checks the input first
  microCraterBatch(body, dirs, count, null, null, out, filterM);
  if (outBoulders) outBoulders.set(canonicalEjecta.subarray(0, count));
  maxInto(out, canonicalEjecta, count);
}

/**
 * The canonical ladder's boulder-field signal alone (0 … 1; field/boulders.ts: fresh craters deep
 * enough to excavate below the regolith) for `count` directions, bit-identical to the walk's own.
 * Scatter reads this, not the merged fresh-ejecta signal: metre-scale tail craters brighten the
 * ground but cannot dig blocks out of metres of regolith. Reuses the last `drawnBatch` call's
 * values when body and directions are the same (checked element by element).
 */
export function boulderFieldBatch(body: Body, dirs: Float64Array, count: number, out: Float64Array): void {
  let same = body === lastBody && count === lastCount && lastFilter === 0;
  for (let i = 0; same && i < 3 * count; i++) same = Object.is(dirs[i], lastDirs[i]);
  if (same) {
    out.set(lastBoulders.subarray(0, count));
    return;
  }
  if (Number.isInteger(count) && scratchH.length < count) scratchH = new Float64Array(count);
  canonicalBatchD(body, dirs, count, scratchH, null, out); // checks the input first
}
