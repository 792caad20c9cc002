/**
 * Europa's double ridges (ADR-0018 "Body landforms"): arcs (arcLattice.ts) in RIDGE_FREQS octaves,
 * each a paired crest with a central trough across it,
 *
 *   f = H·P(a)·e(u),  P(a) = (1 − a²)²·(τ′ + a²)/P*  on |a| < 1, a = s/sHalf
 *
 * (crests at ±√((1 − 2τ′)/3), the trough floor RIDGE_TROUGH of the crest height: τ′ solves
 * 27τ′/(4(1 + τ′)³) = RIDGE_TROUGH; P* the crest value), e(u) = 1 − smoothstep((1 − RIDGE_TAPER)·uHalf,
 * uHalf, |u|) the end taper. Younger ridges cross older ones: ridges hit at a point fold oldest
 * first, h ← h·(1 − w) + f, w = (1 − a²)²·e(u) the younger ridge's footprint, so a young ridge
 * cuts through an old one. Every term is C¹ (zero value and slope at |a| = 1 and at the taper's
 * end), and exactly 0 outside each arc's support. Gradients are 3-D, with respect to the direction.
 *
 * Ridge sets (the ridged plains) are swaths of subparallel double ridges in an elongated window on
 * RIDGE_SET_FREQS octaves; each member sits at a hashed offset within its slot of the spacing and
 * has a hashed width (irregular spacing, not a lattice), and erases what is older under it, so sets
 * of different ages and orientations cross-hatch. The isolated double ridges also carry dark
 * margins (triple bands, lineae.ts `ridgeStain`).
 *
 * Under a level filter (math/detailFilter.ts) a double ridge enters with detailWeight(its width)
 * and a set with detailWeight(its narrowest member's width): a ridge narrower than two of the
 * patch's cells would be sampled into a moiré (the checkered look), so it is not drawn there.
 */
import type { Body } from '../body/Body';
import { hashCombine, rehash, unitFromHash } from '../math/hash';
import { detailWeight } from '../math/detailFilter';
import { smoothstepD, valueD } from '../math/smooth';
import { ARC_REACH_MAX, ARC_STRIDE, arcSet, checkOctave, gatherArcs, type ArcOctave } from './arcLattice';
import {
  PASS_ICE_RIDGES,
  RIDGE_FREQS,
  RIDGE_SET_ASPECT,
  RIDGE_SET_FREQS,
  RIDGE_SET_HEIGHT_MAX_M,
  RIDGE_SET_HEIGHT_MIN_M,
  RIDGE_SET_MEMBER_MIN,
  RIDGE_SET_SPACING_MAX,
  RIDGE_SET_SPACING_MIN,
  RIDGE_HEIGHT_MAX_M,
  RIDGE_HEIGHT_MIN_M,
  RIDGE_TAPER,
  RIDGE_TROUGH,
  RIDGE_WIDTH_MAX_M,
  RIDGE_WIDTH_MIN_M,
} from './landformTunables';
import type { LandformSample } from './landforms';

/** τ′ of the profile (Newton on 27τ′ = 4T(1 + τ′)³ from τ′ = 0.05; converges in a few steps). */
function troughConstant(t: number): number {
  let x = 0.05;
  for (let i = 0; i < 20; i++) {
    const c = 1 + x;
    const g = 27 * x - 4 * t * c * c * c;
    const d = 27 - 12 * t * c * c;
    x -= g / d;
  }
  return x;
}
const TAU = troughConstant(RIDGE_TROUGH);
const U_CREST = (1 - 2 * TAU) / 3;
const PEAK = (1 - U_CREST) * (1 - U_CREST) * (TAU + U_CREST);

/** The profile's constants τ′ and P* (for a kernel that evaluates P(a) elsewhere: ADR-0020). */
export function ridgeProfileConstants(): { tau: number; peak: number } {
  return { tau: TAU, peak: PEAK };
}

/** A double ridge's width (m) from its arc's hash. */
function ridgeWidthM(oct: RidgeOctave, h: number): number {
  return (
    oct.widthScale *
    (RIDGE_WIDTH_MIN_M + (RIDGE_WIDTH_MAX_M - RIDGE_WIDTH_MIN_M) * unitFromHash(rehash(h, 1)))
  );
}

/** A double ridge's half-length (rad) from its arc's hash. */
function ridgeUHalf(oct: RidgeOctave, h: number): number {
  return oct.uHalf * (0.4 + 0.6 * unitFromHash(rehash(h, 2)));
}

/** A double ridge's crest height before the filter (m). */
function ridgeCrestM(h: number): number {
  return RIDGE_HEIGHT_MIN_M + (RIDGE_HEIGHT_MAX_M - RIDGE_HEIGHT_MIN_M) * unitFromHash(rehash(h, 3));
}

/** A ridge set's member width (direction units) from its arc's hash. */
function setWidth(body: Body, h: number): number {
  return (
    (RIDGE_WIDTH_MIN_M + (RIDGE_WIDTH_MAX_M - RIDGE_WIDTH_MIN_M) * unitFromHash(rehash(h, 1))) / body.radius
  );
}

/** A ridge set's slot spacing (direction units) from its width and its arc's hash. */
function setSpacing(width: number, h: number): number {
  return (
    width *
    (RIDGE_SET_SPACING_MIN + (RIDGE_SET_SPACING_MAX - RIDGE_SET_SPACING_MIN) * unitFromHash(rehash(h, 2)))
  );
}

/** A ridge set's crest height before its member's share and the filter (m). */
function setCrestM(h: number): number {
  return (
    RIDGE_SET_HEIGHT_MIN_M + (RIDGE_SET_HEIGHT_MAX_M - RIDGE_SET_HEIGHT_MIN_M) * unitFromHash(rehash(h, 3))
  );
}

/**
 * What one arc of ridge octave `oct` draws under filter `filterM` m, from its hash `h`, as
 * `icyRidgesD` forms it (for a kernel that folds the ridges elsewhere: ADR-0020). A double ridge:
 * `fw` its filter weight, `sHalf` its half-width (direction units), `uHalf`, `height` = fw × its
 * crest. A set: `fw` (its narrowest member's), `width` and `spacing` (direction units), `phase` (the
 * slot offset φ), `height` = fw × the set's crest (each member scales it by ½ … 1). `age` orders
 * the fold.
 */
export interface RidgeArcTerms {
  fw: number;
  age: number;
  height: number;
  sHalf: number;
  uHalf: number;
  width: number;
  spacing: number;
  phase: number;
}

export function ridgeArcTerms(
  body: Body,
  oct: Readonly<RidgeOctave>,
  h: number,
  filterM: number,
  out: RidgeArcTerms,
): RidgeArcTerms {
  out.age = unitFromHash(rehash(h, 4));
  if (oct.set) {
    const width = setWidth(body, h);
    out.width = width;
    out.spacing = setSpacing(width, h);
    out.fw = detailWeight(RIDGE_SET_MEMBER_MIN * width * body.radius, filterM);
    out.phase = unitFromHash(rehash(h, 5));
    out.height = out.fw * setCrestM(h);
    out.sHalf = 0;
    out.uHalf = oct.uHalf;
  } else {
    const width = ridgeWidthM(oct, h);
    out.fw = detailWeight(width, filterM);
    out.sHalf = width / (2 * body.radius);
    out.uHalf = ridgeUHalf(oct, h);
    out.height = out.fw * ridgeCrestM(h);
    out.width = 0;
    out.spacing = 0;
    out.phase = 0;
  }
  return out;
}

/** An octave of ridges: isolated double ridges (`set` false) or ridge sets (swaths of parallel ridges). */
export interface RidgeOctave {
  lattice: Readonly<ArcOctave>;
  /** Half-length cap of a double ridge, rad; for a set, the window's semi-axis along its ridges. */
  uHalf: number;
  /** Whether its ridges carry dark margins (lineae.ts reads them). */
  stained: boolean;
  /**
   * Width multiplier of its ridges: √(the finest double-ridge octave's frequency over this one's),
   * so the long low-frequency ridges are the wide ones (ridge complexes, up to 2× at RIDGE_FREQS
   * [2, 4, 8]); 1 for the finest octave and for sets.
   */
  widthScale: number;
  set: boolean;
}

const octaves = new WeakMap<Body, RidgeOctave[]>();

/**
 * The ridge octaves of `body`, memoised. A double ridge's support lies within √2·uHalf + margin of
 * its centre (arcLattice.ts), the margin covering its widest dark margin; a set's elliptical window
 * (semi-axes uHalf, RIDGE_SET_ASPECT·uHalf) lies within 0.9·reach on arcs of radius σ ≥ 0.86.
 */
export function ridgeOctaves(body: Body): RidgeOctave[] {
  let o = octaves.get(body);
  if (o) return o;
  const seed = hashCombine(body.seed, PASS_ICE_RIDGES);
  const margin = (3 * RIDGE_WIDTH_MAX_M) / body.radius;
  o = [];
  RIDGE_FREQS.forEach((freq, i) => {
    const reach = (0.999 * ARC_REACH_MAX) / freq;
    const kMax = Math.sqrt(1 - 2.25 * reach * reach);
    const lattice = { seed: hashCombine(seed, i), freq, perCell: 4, chance: 0.9, kMin: 0, kMax, reach };
    o!.push({
      lattice: checkOctave(lattice),
      uHalf: (0.98 * (reach - margin)) / Math.SQRT2,
      stained: true,
      set: false,
      widthScale: Math.sqrt(RIDGE_FREQS[RIDGE_FREQS.length - 1] / freq),
    });
  });
  RIDGE_SET_FREQS.forEach((freq, i) => {
    const reach = (0.999 * ARC_REACH_MAX) / freq;
    const lattice = {
      seed: hashCombine(seed, 16 + i),
      freq,
      perCell: 4,
      chance: 0.9,
      kMin: 0,
      kMax: 0.5,
      reach,
    };
    o!.push({ lattice: checkOctave(lattice), uHalf: 0.9 * reach, stained: false, set: true, widthScale: 1 });
  });
  octaves.set(body, o);
  return o;
}

const arcs = arcSet();
/** Per hit: age, f, ∇f (3), w, ∇w (3). */
const HIT = 9;
let hits = new Float64Array(64 * HIT);
let hitN = 0;
const e = valueD();

function pushHit(
  age: number,
  f: number,
  fs: number,
  fu: number,
  w: number,
  ws: number,
  wu: number,
  at: number,
): void {
  const a = arcs.arcs;
  const inv = a[at + 10];
  const nx = a[at + 3] * inv;
  const ny = a[at + 4] * inv;
  const nz = a[at + 5] * inv;
  if (hits.length < (hitN + 1) * HIT) {
    const grown = new Float64Array(2 * hits.length);
    grown.set(hits);
    hits = grown;
  }
  const o = HIT * hitN++;
  hits[o] = age;
  hits[o + 1] = f;
  hits[o + 2] = fs * nx + fu * a[at + 6];
  hits[o + 3] = fs * ny + fu * a[at + 7];
  hits[o + 4] = fs * nz + fu * a[at + 8];
  hits[o + 5] = w;
  hits[o + 6] = ws * nx + wu * a[at + 6];
  hits[o + 7] = ws * ny + wu * a[at + 7];
  hits[o + 8] = ws * nz + wu * a[at + 8];
}

/** Profile P(a) of a double ridge (|a| < 1) and its derivative, into `e`. */
function profile(as: number): void {
  const q = as * as;
  const om = 1 - q;
  e.v = (om * om * (TAU + q)) / PEAK;
  // dP/da = 2a·((1 − q)² − 2(1 − q)(τ′ + q))/P*
  e.d = (2 * as * (om * om - 2 * om * (TAU + q))) / PEAK;
}

/** Double ridge `i` of `arcs` at (x, y, z): pushes a hit when inside its support. */
function ridgeHit(
  body: Body,
  oct: RidgeOctave,
  i: number,
  x: number,
  y: number,
  z: number,
  filterM: number,
): void {
  const a = arcs.arcs;
  const at = ARC_STRIDE * i;
  const h = a[at + 11];
  const width = ridgeWidthM(oct, h);
  const fw = detailWeight(width, filterM);
  if (fw === 0) return;
  const sHalf = width / (2 * body.radius);
  const s = (x * a[at + 3] + y * a[at + 4] + z * a[at + 5] - a[at + 9]) * a[at + 10];
  const as = s / sHalf;
  if (!(as > -1 && as < 1)) return;
  const uHalf = ridgeUHalf(oct, h);
  const u = x * a[at + 6] + y * a[at + 7] + z * a[at + 8];
  const au = u < 0 ? -u : u;
  if (!(au < uHalf)) return;
  smoothstepD((1 - RIDGE_TAPER) * uHalf, uHalf, au, e);
  const ev = 1 - e.v;
  const ed = u < 0 ? e.d : -e.d; // d e / d u
  const height = fw * ridgeCrestM(h);
  profile(as);
  const om = 1 - as * as;
  const age = unitFromHash(rehash(h, 4));
  pushHit(
    age,
    height * e.v * ev,
    (height * e.d * ev) / sHalf,
    height * e.v * ed,
    fw * om * om * ev,
    (fw * -4 * as * om * ev) / sHalf,
    fw * om * om * ed,
    at,
  );
}

/**
 * Ridge set `i` of `arcs`: one ridge per slot of width λ across the arc (slot j = floor(s/λ + φ)),
 * its centre offset within the slot, its width and crest height hashed from j, in the window
 * W = 1 − smoothstep(¼, 1, (u/U)² + (s/(A·U))²).
 */
function setHit(
  body: Body,
  oct: RidgeOctave,
  i: number,
  x: number,
  y: number,
  z: number,
  filterM: number,
): void {
  const a = arcs.arcs;
  const at = ARC_STRIDE * i;
  const h = a[at + 11];
  const s = (x * a[at + 3] + y * a[at + 4] + z * a[at + 5] - a[at + 9]) * a[at + 10];
  const u = x * a[at + 6] + y * a[at + 7] + z * a[at + 8];
  const U = oct.uHalf;
  const S = RIDGE_SET_ASPECT * U;
  const q = (u * u) / (U * U) + (s * s) / (S * S);
  if (!(q < 1)) return;
  const width = setWidth(body, h);
  const spacing = setSpacing(width, h);
  const fw = detailWeight(RIDGE_SET_MEMBER_MIN * width * body.radius, filterM);
  if (fw === 0) return;
  const t = s / spacing + unitFromHash(rehash(h, 5));
  const j = Math.floor(t);
  const hj = rehash(h, 64 + (j & 0xffff));
  // Member j: width (RIDGE_SET_MEMBER_MIN … 1)·width, centred anywhere its slot still holds it whole.
  const wj = width * (RIDGE_SET_MEMBER_MIN + (1 - RIDGE_SET_MEMBER_MIN) * unitFromHash(rehash(hj, 1)));
  const room = 0.5 - wj / (2 * spacing);
  const centre = 0.5 + room * (2 * unitFromHash(rehash(hj, 2)) - 1);
  const as = ((t - j - centre) * 2 * spacing) / wj;
  if (!(as > -1 && as < 1)) return;
  smoothstepD(0.25, 1, q, e);
  const wv = 1 - e.v;
  const wq = -e.d;
  const wsd = (wq * 2 * s) / (S * S);
  const wud = (wq * 2 * u) / (U * U);
  const height = fw * setCrestM(h) * (0.5 + 0.5 * unitFromHash(hj));
  const sHalf = wj / 2;
  profile(as);
  const om = 1 - as * as;
  const pf = om * om;
  const age = unitFromHash(rehash(h, 4));
  pushHit(
    age,
    height * e.v * wv,
    height * ((e.d * wv) / sHalf + e.v * wsd),
    height * e.v * wud,
    fw * pf * wv,
    fw * ((-4 * as * om * wv) / sHalf + pf * wsd),
    fw * pf * wud,
    at,
  );
}

/**
 * Europa's ridges at unit direction (x, y, z) into `out` (v and 3-D gradient; stain untouched),
 * under the level filter `filterM` m (0: the full field).
 */
export function icyRidgesD(
  body: Body,
  x: number,
  y: number,
  z: number,
  out: LandformSample,
  filterM = 0,
): LandformSample {
  hitN = 0;
  for (const oct of ridgeOctaves(body)) {
    gatherArcs(oct.lattice, x, y, z, arcs);
    for (let i = 0; i < arcs.count; i++) {
      if (oct.set) setHit(body, oct, i, x, y, z, filterM);
      else ridgeHit(body, oct, i, x, y, z, filterM);
    }
  }
  // Oldest first (insertion sort by age; ties by the order found, which is fixed by the lattice).
  for (let i = 1; i < hitN; i++) {
    for (let j = i; j > 0 && hits[HIT * (j - 1)] > hits[HIT * j]; j--) {
      for (let k = 0; k < HIT; k++) {
        const t = hits[HIT * j + k];
        hits[HIT * j + k] = hits[HIT * (j - 1) + k];
        hits[HIT * (j - 1) + k] = t;
      }
    }
  }
  let v = 0;
  let gx = 0;
  let gy = 0;
  let gz = 0;
  for (let i = 0; i < hitN; i++) {
    const o = HIT * i;
    const w = hits[o + 5];
    gx = gx * (1 - w) - v * hits[o + 6] + hits[o + 2];
    gy = gy * (1 - w) - v * hits[o + 7] + hits[o + 3];
    gz = gz * (1 - w) - v * hits[o + 8] + hits[o + 4];
    v = v * (1 - w) + hits[o + 1];
  }
  out.v = v;
  out.gx = gx;
  out.gy = gy;
  out.gz = gz;
  return out;
}
