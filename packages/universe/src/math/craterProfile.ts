/**
 * Impact crater morphology with its exact derivative (ADR-0004), shared by the canonical crater
 * ladder and the drawn tail's micro ladder. The profile is a function of q = (r/R)², r the
 * distance from the centre and R = D/2 the rim radius, so callers pass a squared chord over R²
 * and never take a square root for the distance. The profile is C¹ everywhere and exactly zero
 * for q ≥ qe (the ejecta reach).
 *
 * Interior (q < 1): h = rim − depth·P, P(0) = 1 (floor), P(1) = 0 (rim), P′(1) chosen so the
 *   slope matches the ejecta's at the rim (no kink).
 *   simple  (D ≤ D*): P(q) = 1 − (2+k)q + (1+k)q²            — a parabolic bowl
 *   complex (D > D*): P(u) = 1 − (3+k′)u² + (2+k′)u³, u = (q − qf)/(1 − qf), P = 1 on the flat
 *                     floor u ≤ 0; plus a central peak `peak·(1 − q/qp)²` for q < qp.
 *   terraces (D > D*, n = `terraceCount(D/D*)` of them): the wall is P(s(u)), s a smooth staircase
 *                     of m = n + 1 risers, s = u + a·E(u)·(S(f) − f)/m, f = frac(m·u), S the
 *                     cubic smoothstep, E = 1 − u⁸: treads centred at u = i/m (i = 1 … n) where the
 *                     wall's slope falls to (1 − a·E) of its unterraced value, risers between them
 *                     up to (1 + a·E/2) of it (the cubic, not the quintic: risers no steeper than
 *                     1.4× the plain wall); every step 1/m of the wall wide. s(0) = 0, s(1) = 1 and s′(1) = 1, so depth, rim and
 *                     the slope at the rim are those of the plain wall (terraces redistribute it);
 *                     S′(0) = S′(1) = 0 and S(0) − 0 = S(1) − 1 = 0 make s C¹ at every tread
 *                     centre. a = share × freshness.
 *   round the crater (terrain v8): the phase of f and the strength a vary with the azimuth θ
 *                     (`terraceWave`), and the central peak is lobed (`peakLobes`); the profile
 *                     leaves ∂h/∂θ in `craterAzimuth[2]` for callers that set the azimuth
 *                     (`craterAzimuthAt`) and add ∂h/∂θ·∇θ to the gradient; (v9) the whole
 *                     profile of a complex crater is read at a scalloped q′ (`craterProfileAtD`).
 *                     ADR-0004.
 * Exterior (1 ≤ q < qe): ejecta h = rim·(r/R)^−3·w, w = ((qe − q)/(qe − 1))², which thins as
 *   (r/R)^−3 near the rim and reaches zero with zero slope at the reach.
 *
 * Depth and rim height against diameter (`craterShape`, x = D/D*): the simple law
 *   d_s = ratio·D·(1 − fall·S/(S + D)) (per body: on the Moon fresh small craters are shallower
 *   below ~1 km, fall > 0; on Mars they are deeper, fall < 0, Garvin & Frawley's D^−0.10)
 * and the complex law d_c = a·D*·x^e (Pike's power law, rewritten about the transition) meet in a
 * smooth minimum d = d_s·d_c / (d_s⁴ + d_c⁴)^¼, so fresh 5–20 km (transitional) lunar craters are
 * already shallower than the bowl; the rim likewise with its own laws. Flat floor and central peak
 * switch on above the transition, and wall terraces with them.
 *
 * Reference: Pike 1977 (lunar simple d = 0.196·D^1.010, rim 0.036·D^1.014; complex
 * d = 1.044·D^0.301, rim 0.236·D^0.399, km); Pike 1980 (transition ∝ 1/g); Stopar et al. 2017
 * (fresh lunar craters below ~1 km: d/D falls towards ~0.13 at 100 m); Garvin & Frawley 1998
 * (Mars, MOLA: simple d = 0.14·D^0.90, complex d = 0.25·D^0.49, transition 8 km; fitted here as
 * 0.125·D·(1 + 0.65·200/(200 + D)), D in m, within 2 % of it over 30 m–2 km);
 * McGetchin, Settle & Head 1973 (ejecta thickness ∝ (r/R)^−3); Hale & Head 1979 (central
 * peaks ≈ 0.2·D wide); Pike 1977 and Melosh 1989 ch. 8 (terraces appear just above the
 * transition and their number grows with diameter; the count rule is ours, ADR-0004).
 */
import { pow256Roots, roots256 } from './dyadicPow';
import type { ValueD } from './smooth';

/** Simple-crater depth over diameter (rim crest to floor), Pike 1977. ADR-0004. */
export const CRATER_DEPTH_RATIO = 0.2;
/** Share of the simple depth lost by the smallest fresh craters (d/D → ratio·(1 − this)), Stopar et al. 2017. ADR-0004. */
export const CRATER_SMALL_FALL = 0.4;
/** Diameter at which small fresh craters have lost half of CRATER_SMALL_FALL, m. ADR-0004. */
export const CRATER_SMALL_SCALE_M = 300;
/** Simple-crater rim height over diameter, Pike 1977. ADR-0004. */
export const CRATER_RIM_RATIO = 0.036;
/** Ejecta reach in rim radii: the profile is exactly zero beyond. ADR-0004. */
export const CRATER_EJECTA_REACH = 2.5;
/** Complex-crater flat floor radius over rim radius. ADR-0004. */
export const CRATER_FLOOR_RADIUS = 0.45;
/** Complex-crater central peak radius over rim radius. ADR-0004. */
export const CRATER_PEAK_RADIUS = 0.2;
/** Complex-crater central peak height over depth. ADR-0004. */
export const CRATER_PEAK_SHARE = 0.4;

/** Largest shift of a complex crater's rim in q = (r/R)² (≈ ±5 % of the radius): a scalloped outline. ADR-0004. */
export const CRATER_RIM_SCALLOP = 0.1;
/** q = (r/R)² beyond which a complex crater's ejecta is read unscalloped (the scallops fade by then). ADR-0004. */
export const CRATER_SCALLOP_REACH = 2;
/** Strength κ of the central peak's lobes: the peak is peak·(1 − s)²·(1 + κ·M)², |M| ≤ s. ADR-0004. */
export const CRATER_PEAK_LOBES = 2.5;
/** Wall terraces of the freshest complex craters: a tread's slope is (1 − this) of the plain wall's. ADR-0004. */
export const CRATER_TERRACE_SHARE = 0.8;
/** Most wall terraces a complex crater draws. ADR-0004. */
export const CRATER_TERRACE_MAX = 5;
/** Diameter ratio per further terrace: n = 1 + ⌊log_ratio(D/D*)⌋ above D*, capped. ADR-0004. */
export const CRATER_TERRACE_RATIO = 1.4142135623730951;
/** Largest shift of the tread lines round the crater, in steps (scalloped, not concentric). ADR-0004. */
export const CRATER_TERRACE_WAVE = 1;
/** Largest share of the terrace strength lost where the terraces pinch out round the crater. ADR-0004. */
export const CRATER_TERRACE_PINCH = 1;

/** One crater's profile parameters (metres, or q = (r/R)² units). Fill with `craterShape`. */
export interface CraterShape {
  /** Rim height above the pre-impact surface, m. */
  rim: number;
  /** Rim crest to floor, m. */
  depth: number;
  /** Interior slope-matching parameter (k for simple, k′ for complex). */
  k: number;
  /** Flat floor extent in q (0: simple bowl). */
  qf: number;
  /** Central peak height above the floor, m (0: none). */
  peak: number;
  /** Central peak extent in q. */
  qp: number;
  /** Ejecta reach in q: the profile is 0 for q ≥ qe. */
  qe: number;
  /** Wall terraces (0: none). */
  terraces: number;
  /** Terrace strength a = CRATER_TERRACE_SHARE × freshness (0: none). */
  terrace: number;
  /** The crater's own draw in [0, 1) that phases its terraces round the wall (`craterAzimuthAt`). */
  spin: number;
}

/**
 * A body's crater morphometry (from its grammar): the transition and the simple and complex
 * depth and rim laws, exponents as n/256 (exact dyadic powers).
 */
export interface CraterMorph {
  /** Simple→complex transition diameter D*, m. */
  transitionM: number;
  /** Simple depth / diameter of fresh craters far above the small-crater scale. */
  simpleDepth: number;
  /**
   * Small-crater law fall·S (m): d_s = simpleDepth·D·(1 − smallFallM/(smallScaleM + D)); positive
   * (shallower small craters, the Moon) or negative (deeper, Mars).
   */
  smallFallM: number;
  /** Small-crater law scale S, m. */
  smallScaleM: number;
  /** Simple rim height / diameter. */
  simpleRim: number;
  /** Complex depth at x = D/D* = 1, over D*. */
  complexDepth: number;
  /** Complex depth exponent × 256. */
  complexDepthExp: number;
  /** Complex rim height at x = 1, over D*. */
  complexRim: number;
  /** Complex rim exponent × 256. */
  complexRimExp: number;
}

export function craterShapeNew(): CraterShape {
  return { rim: 0, depth: 0, k: 0, qf: 0, peak: 0, qp: 0, qe: 0, terraces: 0, terrace: 0, spin: 0 };
}

const QE = CRATER_EJECTA_REACH * CRATER_EJECTA_REACH;
/** −g′(1) of the normalised ejecta g(q) = q^−1.5·((qe − q)/(qe − 1))². */
const EJECTA_SLOPE = 1.5 + 2 / (QE - 1);

/** Smooth minimum a·b/(a⁴ + b⁴)^¼ of two positive lengths (within 16 % of the smaller). */
function softMin(a: number, b: number): number {
  const a2 = a * a;
  const b2 = b * b;
  return (a * b) / Math.sqrt(Math.sqrt(a2 * a2 + b2 * b2));
}

/** Fresh depth and rim height (m) of the last `freshDepthRim` call. */
const FRESH = new Float64Array(2);

/** Fresh depth (rim crest to floor) and rim height of diameter `diameterM` into FRESH[0], FRESH[1]. */
function freshDepthRim(diameterM: number, morph: Readonly<CraterMorph>): void {
  const d = diameterM;
  const simple = morph.simpleDepth * d * (1 - morph.smallFallM / (morph.smallScaleM + d));
  const simpleRim = morph.simpleRim * d;
  const x = d / morph.transitionM;
  if (x < 0.05) {
    FRESH[0] = simple;
    FRESH[1] = simpleRim;
    return;
  }
  roots256(x);
  const t = morph.transitionM;
  FRESH[0] = softMin(simple, morph.complexDepth * t * pow256Roots(morph.complexDepthExp));
  FRESH[1] = softMin(simpleRim, morph.complexRim * t * pow256Roots(morph.complexRimExp));
}

/** Fresh depth (rim crest to floor, m) of a crater of diameter `diameterM` under `morph`. */
export function freshDepth(diameterM: number, morph: Readonly<CraterMorph>): number {
  freshDepthRim(diameterM, morph);
  return FRESH[0];
}

/** Fresh rim height above the pre-impact surface, m. */
export function freshRim(diameterM: number, morph: Readonly<CraterMorph>): number {
  freshDepthRim(diameterM, morph);
  return FRESH[1];
}

/**
 * Wall terraces of a crater x = D/D* times the transition: 0 up to it, then 1 + ⌊log_r x⌋
 * (r = CRATER_TERRACE_RATIO), at most CRATER_TERRACE_MAX (Luna, D* ≈ 19 km: 1 at 20 km, 3 at
 * 50 km, 5 above 76 km — Tycho, Copernicus).
 */
export function terraceCount(x: number): number {
  if (!(x > 1)) return 0;
  let n = 1;
  let t = CRATER_TERRACE_RATIO;
  while (n < CRATER_TERRACE_MAX && x > t) {
    n++;
    t *= CRATER_TERRACE_RATIO;
  }
  return n;
}

/**
 * Shape of a crater of diameter `diameterM` on a body of morphometry `morph`, scaled by
 * `fresh` ∈ (0, 1] (1 fresh; smaller: degraded, shallower).
 */
export function craterShape(
  out: CraterShape,
  diameterM: number,
  morph: Readonly<CraterMorph>,
  fresh: number,
): CraterShape {
  if (diameterM / morph.transitionM < 0.05) return simpleShape(out, diameterM, morph, fresh);
  freshDepthRim(diameterM, morph);
  const depth = FRESH[0];
  const rim = FRESH[1];
  out.qe = QE;
  if (diameterM > morph.transitionM) {
    out.qf = CRATER_FLOOR_RADIUS * CRATER_FLOOR_RADIUS;
    out.qp = CRATER_PEAK_RADIUS * CRATER_PEAK_RADIUS;
    out.peak = CRATER_PEAK_SHARE * depth * fresh;
    out.terraces = terraceCount(diameterM / morph.transitionM);
    out.terrace = CRATER_TERRACE_SHARE * fresh;
  } else {
    out.qf = 0;
    out.qp = 0;
    out.peak = 0;
    out.terraces = 0;
    out.terrace = 0;
  }
  out.rim = rim * fresh;
  out.depth = depth * fresh;
  const k = (rim * EJECTA_SLOPE) / depth;
  out.k = k * (1 - out.qf);
  return out;
}

/**
 * `craterShape` of a crater far below the transition (x = D/D* < 0.05): the simple laws alone,
 * the same operations as `freshDepthRim`'s simple branch (the same bits), small enough to inline
 * into the ladder's gathers.
 */
function simpleShape(out: CraterShape, d: number, morph: Readonly<CraterMorph>, fresh: number): CraterShape {
  const depth = morph.simpleDepth * d * (1 - morph.smallFallM / (morph.smallScaleM + d));
  const rim = morph.simpleRim * d;
  out.qe = QE;
  out.qf = 0;
  out.qp = 0;
  out.peak = 0;
  out.terraces = 0;
  out.terrace = 0;
  out.rim = rim * fresh;
  out.depth = depth * fresh;
  out.k = (rim * EJECTA_SLOPE) / depth;
  return out;
}

const QS = new Float64Array(1);

/**
 * The sample's azimuth round the terraced crater being evaluated (`craterAzimuthAt` fills it
 * before `craterProfileAtD`): [0] cos θ, [1] sin θ, [2] ∂h/∂θ left by the profile (0 off a
 * terraced wall), [3…5] ∇θ with respect to the sample's direction (per direction unit).
 */
export const craterAzimuth = new Float64Array([1, 0, 0, 0, 0, 0]);

const BASIS_SLOTS = 256;
const basisCentre = new Float64Array(BASIS_SLOTS * 3).fill(NaN);
const basis = new Float64Array(BASIS_SLOTS * 6);

/**
 * The tangent basis e1, e2 at unit centre (cx, cy, cz) into out[at…at+5] (`craterAzimuthAt` into its
 * cache; the GPU producer's packing into its candidate records).
 */
export function craterTangentBasis(cx: number, cy: number, cz: number, out: Float64Array, at: number): void {
  const ax = Math.abs(cx);
  const ay = Math.abs(cy);
  const az = Math.abs(cz);
  let e1x: number;
  let e1y: number;
  let e1z: number;
  if (ax <= ay && ax <= az) {
    e1x = 0;
    e1y = -cz;
    e1z = cy;
  } else if (ay <= az) {
    e1x = cz;
    e1y = 0;
    e1z = -cx;
  } else {
    e1x = -cy;
    e1y = cx;
    e1z = 0;
  }
  const inv = 1 / Math.sqrt(e1x * e1x + e1y * e1y + e1z * e1z);
  e1x *= inv;
  e1y *= inv;
  e1z *= inv;
  out[at] = e1x;
  out[at + 1] = e1y;
  out[at + 2] = e1z;
  out[at + 3] = cy * e1z - cz * e1y;
  out[at + 4] = cz * e1x - cx * e1z;
  out[at + 5] = cx * e1y - cy * e1x;
}

/**
 * Azimuth of the sample at offset (dx, dy, dz) = sample − centre from a crater centred at unit
 * (cx, cy, cz) with the draw `spin` (CraterShape.spin), into `craterAzimuth`. θ is measured in the centre's tangent plane from e1 = the
 * normalised (axis × c), the axis being the coordinate axis on which c is smallest (ties: x before
 * y before z), e2 = c × e1; only + − × ÷ and √ (ADR-0003), and the same bits on every engine.
 */
export function craterAzimuthAt(
  spin: number,
  cx: number,
  cy: number,
  cz: number,
  dx: number,
  dy: number,
  dz: number,
): void {
  const i = craterAzimuthIn;
  i[0] = spin;
  i[1] = cx;
  i[2] = cy;
  i[3] = cz;
  i[4] = dx;
  i[5] = dy;
  i[6] = dz;
  craterAzimuthFromIn();
}

/**
 * The arguments of `craterAzimuthFromIn`: spin, centre cx, cy, cz, offset dx, dy, dz (V8 boxes
 * doubles passed to a call it does not inline).
 */
export const craterAzimuthIn = new Float64Array(7);

/** `craterAzimuthAt` of the arguments in `craterAzimuthIn`. */
export function craterAzimuthFromIn(): void {
  const i = craterAzimuthIn;
  const spin = i[0];
  const cx = i[1];
  const cy = i[2];
  const cz = i[3];
  const dx = i[4];
  const dy = i[5];
  const dz = i[6];
  // The basis depends on the centre alone: kept in a direct-mapped table keyed by the crater's spin
  // and checked against the centre (a pure function, so a hit or a miss gives the same bits).
  const slot = Math.floor(spin * 65536) & (BASIS_SLOTS - 1);
  const at = 6 * slot;
  const k = 3 * slot;
  if (!(basisCentre[k] === cx && basisCentre[k + 1] === cy && basisCentre[k + 2] === cz)) {
    craterTangentBasis(cx, cy, cz, basis, at);
    basisCentre[k] = cx;
    basisCentre[k + 1] = cy;
    basisCentre[k + 2] = cz;
  }
  const e1x = basis[at];
  const e1y = basis[at + 1];
  const e1z = basis[at + 2];
  const e2x = basis[at + 3];
  const e2y = basis[at + 4];
  const e2z = basis[at + 5];
  const a = dx * e1x + dy * e1y + dz * e1z;
  const b = dx * e2x + dy * e2y + dz * e2z;
  const r2 = a * a + b * b;
  const out = craterAzimuth;
  out[2] = 0;
  if (!(r2 > 0)) {
    out[0] = 1;
    out[1] = 0;
    out[3] = 0;
    out[4] = 0;
    out[5] = 0;
    return;
  }
  const r = Math.sqrt(r2);
  out[0] = a / r;
  out[1] = b / r;
  // ∇θ = (−b·e1 + a·e2) / (a² + b²)
  const ir2 = 1 / r2;
  out[3] = (a * e2x - b * e1x) * ir2;
  out[4] = (a * e2y - b * e1y) * ir2;
  out[5] = (a * e2z - b * e1z) * ir2;
}

/**
 * The two azimuthal signals of a terraced wall at the azimuth in `craterAzimuth` for a crater of
 * `spin`, into WAVE: [0] A (shifts the tread lines), [1] ∂A/∂θ, [2] P (terrace strength), [3] ∂P/∂θ,
 * each a sum Σ wₙ·cos(nθ + φₙ) with weights 0.5, 0.3, 0.2 (|A|, |P| ≤ 1): A on n = 3, 6, 11 and P on
 * n = 4, 7, 12 — segments ~30–120° long, as the slump blocks of Tycho and Copernicus.
 * cos(nθ + φ) = Re(zⁿ·w), z = cos θ + i·sin θ by repeated products, w = e^{iφ} by the rational
 * parametrisation ((1 − t²) + 2it)/(1 + t²) of t = tan(φ/2) ∈ [−1, 1), its sign from a second draw
 * (no trigonometry: ADR-0003).
 */
const WAVE = new Float64Array(4);

/** The next phase e^{iφ} into PHASE[0], PHASE[1], from the draw PHASE[2] (four of its bits used up). */
const PHASE = new Float64Array(3);
function nextPhase(): void {
  let draw = PHASE[2] * 8;
  draw -= Math.floor(draw);
  const t = 2 * draw - 1;
  draw *= 2;
  const flip = draw >= 1 ? -1 : 1;
  PHASE[2] = draw - Math.floor(draw);
  const iw = flip / (1 + t * t);
  PHASE[0] = (1 - t * t) * iw;
  PHASE[1] = 2 * t * iw;
}
/**
 * Each crater's twelve phases (six for the terraces, three for the rim, three for the peak) depend
 * on its spin alone: kept in a small direct-mapped table keyed by the spin (a pure function, so a
 * hit or a miss gives the same bits), since the ladder asks for the same craters sample after sample.
 */
const PHASE_SLOTS = 256;
const phaseSpin = new Float64Array(PHASE_SLOTS).fill(-1);
const phaseTable = new Float64Array(PHASE_SLOTS * 24);

/** Offset in phaseTable of the phases of `spin` (computed on a miss). */
function phasesOf(spin: number): number {
  const slot = Math.floor(spin * 65536) & (PHASE_SLOTS - 1);
  const at = slot * 24;
  if (phaseSpin[slot] === spin) return at;
  phaseSpin[slot] = spin;
  PHASE[2] = spin;
  for (let k = 0; k < 6; k++) fillPhase(at + 2 * k);
  const rim = spin * 1048576;
  PHASE[2] = rim - Math.floor(rim);
  for (let k = 6; k < 9; k++) fillPhase(at + 2 * k);
  const peak = spin * 4096;
  PHASE[2] = peak - Math.floor(peak);
  for (let k = 9; k < 12; k++) fillPhase(at + 2 * k);
  return at;
}

/** The twelve phases (cos φ, sin φ) of a crater of `spin` into out[0…23] (the GPU producer's packing). */
export function craterPhases(spin: number, out: Float64Array): void {
  const at = phasesOf(spin);
  for (let k = 0; k < 24; k++) out[k] = phaseTable[at + k];
}

function fillPhase(to: number): void {
  nextPhase();
  phaseTable[to] = PHASE[0];
  phaseTable[to + 1] = PHASE[1];
}

const WAVE_N = [3, 4, 6, 7, 11, 12];
const WAVE_W = [0.5, 0.5, 0.3, 0.3, 0.2, 0.2];
function terraceWave(spin: number): void {
  harmonics(WAVE_N, WAVE_W, WAVE, phasesOf(spin));
}

/**
 * The rim's scallops at the azimuth in `craterAzimuth`, into RIM: [0] R(θ), [1] ∂R/∂θ, a sum
 * Σ wₙ·cos(nθ + φₙ) on n = 5, 8, 13 (weights 0.5, 0.3, 0.2; |R| ≤ 1): the polygonal, scalloped
 * outline of complex craters. Phases as `terraceWave`, from the spin's later digits.
 */
const RIM = new Float64Array(2);
const RIM_N = [5, 8, 13];
const RIM_W = [0.5, 0.3, 0.2];
function rimWave(spin: number): void {
  harmonics(RIM_N, RIM_W, RIM, phasesOf(spin) + 12);
}

/**
 * Σ wᵢ·cos(nᵢθ + φᵢ) and its θ derivative at the azimuth in `craterAzimuth`, the phases drawn in
 * turn from phaseTable at `ph`; with out.length = 4 the terms alternate between [0, 1] and [2, 3].
 */
function harmonics(ns: readonly number[], ws: readonly number[], out: Float64Array, ph: number): void {
  const c = craterAzimuth[0];
  const s = craterAzimuth[1];
  const groups = out.length >> 1;
  for (let k = 0; k < 2 * groups; k++) out[k] = 0;
  let zr = 1;
  let zi = 0;
  let n = 0;
  for (let i = 0; i < ns.length; i++) {
    const want = ns[i];
    while (n < want) {
      const r = zr * c - zi * s;
      zi = zr * s + zi * c;
      zr = r;
      n++;
    }
    const wr = phaseTable[ph + 2 * i];
    const wi = phaseTable[ph + 2 * i + 1];
    const w = ws[i];
    const at = 2 * (i % groups);
    out[at] += w * (zr * wr - zi * wi);
    out[at + 1] -= w * n * (zr * wi + zi * wr);
  }
}

/** Height (m, relative to the pre-impact surface) and dh/dq at q = (r/R)² for `shape`. */
export function craterProfileD(q: number, shape: Readonly<CraterShape>, out: ValueD): ValueD {
  QS[0] = q;
  return craterProfileAtD(QS, 0, shape, out);
}

/**
 * `craterProfileD` at q = qs[i]: the same function, for hot loops (V8 boxes a double passed as an
 * argument to a call it does not inline; an index into a typed array is not boxed).
 */
export function craterProfileAtD(
  qs: Float64Array,
  i: number,
  shape: Readonly<CraterShape>,
  out: ValueD,
): ValueD {
  const q = qs[i];
  const qw = CRATER_SCALLOP_REACH;
  if (shape.terraces === 0 || !(q < qw)) return profileAt(qs, i, shape, out);
  // A complex crater's outline is scalloped: the profile is read at q′ = q + ε·R(θ)·q·((qw − q)/(qw − 1))²
  // (ε = CRATER_RIM_SCALLOP, qw = CRATER_SCALLOP_REACH), which keeps the centre (q′ = 0), moves the
  // rim (q′ = 1) to q = 1 − ε·R + O(ε²), and meets q′ = q with zero slope at qw (beyond, the ejecta
  // is read unscalloped, the azimuth not needed); ∂q′/∂q ≥ 1 − 4ε > 0. Chain rule:
  // dh/dq = h′·∂q′/∂q and ∂h/∂θ gains h′·∂q′/∂θ.
  rimWave(shape.spin);
  const a = (qw - q) / (qw - 1);
  const env = q * a * a;
  const envQ = a * a - (2 * q * a) / (qw - 1);
  const eps = CRATER_RIM_SCALLOP;
  QW[0] = q + eps * RIM[0] * env;
  profileAt(QW, 0, shape, out);
  const d = out.d;
  out.d = d * (1 + eps * RIM[0] * envQ);
  craterAzimuth[2] += d * eps * RIM[1] * env;
  return out;
}

const QW = new Float64Array(1);

/** The unscalloped profile at q (`craterProfileAtD` without the rim's scallops). */
function profileAt(qs: Float64Array, i: number, shape: Readonly<CraterShape>, out: ValueD): ValueD {
  const q = qs[i];
  const qe = shape.qe;
  craterAzimuth[2] = 0;
  if (q >= qe) {
    out.v = 0;
    out.d = 0;
    return out;
  }
  const rim = shape.rim;
  if (q >= 1) {
    const inv = 1 / (q * Math.sqrt(q));
    const e = 1 / (qe - 1);
    const a = (qe - q) * e;
    const w = a * a;
    out.v = rim * inv * w;
    out.d = rim * inv * (-1.5 * (w / q) - 2 * a * e);
    return out;
  }
  const depth = shape.depth;
  const k = shape.k;
  const qf = shape.qf;
  if (qf === 0) {
    out.v = rim - depth * (1 - (2 + k) * q + (1 + k) * q * q);
    out.d = -depth * (2 * (1 + k) * q - (2 + k));
    return out;
  }
  if (q > qf) {
    const iw = 1 / (1 - qf);
    let u = (q - qf) * iw;
    let du = 1;
    const n = shape.terraces;
    let dt = 0;
    if (n > 0) {
      // The smooth staircase s(u) (header), its phase and strength varying round the wall:
      // u ← s(u, θ), du = ∂s/∂u, dt = ∂s/∂θ.
      terraceWave(shape.spin);
      const m = n + 1;
      // The shift is wave·A·B(u), B = u·(1 − u⁴)/0.535 (≤ 1, largest at u = 0.67, 0.81 at the
      // outermost tread of six steps): zero at the floor's edge and at the rim, so the staircase's
      // ends stay on whole steps (g = 0 there: s(0) = 0, s(1) = 1, s′(1) = 1, C¹ with the ejecta).
      const uu = u * u;
      const bump = u * (1 - uu * uu) * 1.869;
      const wave = CRATER_TERRACE_WAVE * WAVE[0];
      const phase = wave * bump;
      const phaseU = wave * (1 - 5 * uu * uu) * 1.869;
      const phaseT = CRATER_TERRACE_WAVE * WAVE[1] * bump;
      const pinch = 1 - 0.5 * CRATER_TERRACE_PINCH * (1 - WAVE[2]);
      const pinchT = 0.5 * CRATER_TERRACE_PINCH * WAVE[3];
      const t = m * u + phase;
      const f = t - Math.floor(t);
      const f2 = f * f;
      const g = (f2 * (3 - 2 * f) - f) / m;
      const sd = 6 * f * (1 - f);
      const u2 = u * u;
      const u4 = u2 * u2;
      const e = 1 - u4 * u4;
      const a = shape.terrace;
      const as = a * pinch;
      du = 1 + as * (-8 * u4 * u2 * u * g + e * (sd - 1) * (1 + phaseU / m));
      dt = a * e * (pinchT * g + pinch * ((sd - 1) / m) * phaseT);
      u += as * e * g;
    }
    const slope = -depth * u * (3 * (2 + k) * u - 2 * (3 + k));
    out.v = rim - depth * (1 - (3 + k) * u * u + (2 + k) * u * u * u);
    out.d = slope * iw * du;
    craterAzimuth[2] = slope * dt;
  } else {
    out.v = rim - depth;
    out.d = 0;
    craterAzimuth[2] = 0;
  }
  if (q < shape.qp) {
    const ip = 1 / shape.qp;
    const b = 1 - q * ip;
    if (shape.terraces > 0) {
      // A massif, not a dome: peak·(1 − s)²·(1 + κ·M)², s = q/qp, M the lobes (peakLobes).
      peakLobes(shape.spin, q * ip);
      const l = 1 + CRATER_PEAK_LOBES * LOBES[0];
      const base = shape.peak * b * b;
      out.v += base * l * l;
      out.d += -2 * shape.peak * b * ip * l * l + base * 2 * l * CRATER_PEAK_LOBES * LOBES[1] * ip;
      craterAzimuth[2] += base * 2 * l * CRATER_PEAK_LOBES * LOBES[2];
    } else {
      out.v += shape.peak * b * b;
      out.d -= 2 * shape.peak * b * ip;
    }
  }
  return out;
}

/**
 * The central peak's lobes at s = q/qp and the azimuth in `craterAzimuth`, into LOBES: [0] M,
 * [1] ∂M/∂s, [2] ∂M/∂θ. M = Σ wₙ·s^(n/2)·cos(nθ + φₙ) over n = 2, 3, 4 (weights 0.4, 0.35, 0.25):
 * each term is Re(wₙ·(a + ib)ⁿ)/qp^(n/2), a polynomial in the offset (a, b) from the centre, so M is
 * smooth through the centre, where it is 0; |M| ≤ s. Phases as `terraceWave`, from the spin's
 * later digits.
 */
const LOBES = new Float64Array(3);
const LOBE_W = [0.4, 0.35, 0.25];
function peakLobes(spin: number, s: number): void {
  const c = craterAzimuth[0];
  const sn = craterAzimuth[1];
  const rs = Math.sqrt(s);
  // z² first, then z³, z⁴; s^(n/2) = s, s·√s, s²; d/ds s^(n/2) = 1, 1.5·√s, 2·s.
  let zr = c * c - sn * sn;
  let zi = 2 * c * sn;
  let pw = s;
  let dpw = 1;
  const ph = phasesOf(spin) + 18;
  LOBES[0] = 0;
  LOBES[1] = 0;
  LOBES[2] = 0;
  for (let i = 0; i < 3; i++) {
    const n = i + 2;
    if (i > 0) {
      const r = zr * c - zi * sn;
      zi = zr * sn + zi * c;
      zr = r;
      pw *= rs;
      dpw = i === 1 ? 1.5 * rs : 2 * s;
    }
    const wr = phaseTable[ph + 2 * i];
    const wi = phaseTable[ph + 2 * i + 1];
    const re = zr * wr - zi * wi;
    const w = LOBE_W[i];
    LOBES[0] += w * pw * re;
    LOBES[1] += w * dpw * re;
    LOBES[2] -= w * pw * n * (zr * wi + zi * wr);
  }
}
