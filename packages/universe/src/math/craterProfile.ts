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
 * Exterior (1 ≤ q < qe): ejecta h = rim·(r/R)^−3·w, w = ((qe − q)/(qe − 1))², which thins as
 *   (r/R)^−3 near the rim and reaches zero with zero slope at the reach.
 *
 * Reference: Pike 1977 (lunar simple craters d/D ≈ 0.2, rim height ≈ 0.036·D; complex depth
 * ∝ D^0.3, rim ∝ D^0.4); McGetchin, Settle & Head 1973 (ejecta thickness ∝ (r/R)^−3);
 * Hale & Head 1979 (central peaks ≈ 0.2·D wide).
 */
import type { ValueD } from './smooth';

/** Simple-crater depth over diameter (rim crest to floor), Pike 1977. ADR-0004. */
export const CRATER_DEPTH_RATIO = 0.2;
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
}

export function craterShapeNew(): CraterShape {
  return { rim: 0, depth: 0, k: 0, qf: 0, peak: 0, qp: 0, qe: 0 };
}

const QE = CRATER_EJECTA_REACH * CRATER_EJECTA_REACH;
/** −g′(1) of the normalised ejecta g(q) = q^−1.5·((qe − q)/(qe − 1))². */
const EJECTA_SLOPE = 1.5 + 2 / (QE - 1);

/**
 * Shape of a crater of diameter `diameterM` on a body whose simple→complex transition is
 * `transitionM`, scaled by `fresh` ∈ (0, 1] (1 fresh; smaller: degraded, shallower).
 */
export function craterShape(
  out: CraterShape,
  diameterM: number,
  transitionM: number,
  fresh: number,
): CraterShape {
  let depth = CRATER_DEPTH_RATIO * diameterM;
  let rim = CRATER_RIM_RATIO * diameterM;
  out.qe = QE;
  if (diameterM > transitionM) {
    // Complex: d ∝ D·(D/D*)^−0.75 and rim ∝ D·(D/D*)^−0.5 (exponents of Pike 1977, rounded to
    // square-root forms so the arithmetic stays exact).
    const x = diameterM / transitionM;
    const s = Math.sqrt(x);
    depth = depth / (s * Math.sqrt(s));
    rim = rim / s;
    out.qf = CRATER_FLOOR_RADIUS * CRATER_FLOOR_RADIUS;
    out.qp = CRATER_PEAK_RADIUS * CRATER_PEAK_RADIUS;
    out.peak = CRATER_PEAK_SHARE * depth * fresh;
  } else {
    out.qf = 0;
    out.qp = 0;
    out.peak = 0;
  }
  out.rim = rim * fresh;
  out.depth = depth * fresh;
  const k = (rim * EJECTA_SLOPE) / depth;
  out.k = k * (1 - out.qf);
  return out;
}

/** Height (m, relative to the pre-impact surface) and dh/dq at q = (r/R)² for `shape`. */
export function craterProfileD(q: number, shape: Readonly<CraterShape>, out: ValueD): ValueD {
  const qe = shape.qe;
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
    const u = (q - qf) * iw;
    out.v = rim - depth * (1 - (3 + k) * u * u + (2 + k) * u * u * u);
    out.d = -depth * u * (3 * (2 + k) * u - 2 * (3 + k)) * iw;
  } else {
    out.v = rim - depth;
    out.d = 0;
  }
  if (q < shape.qp) {
    const ip = 1 / shape.qp;
    const b = 1 - q * ip;
    out.v += shape.peak * b * b;
    out.d -= 2 * shape.peak * b * ip;
  }
  return out;
}
