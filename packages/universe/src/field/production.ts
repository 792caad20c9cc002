/**
 * Crater production and equilibrium (ADR-0004), for the ladder's per-rung unit statistics. Plan-
 * time only; exact arithmetic through math/series.
 *
 *   production N(≥D, T) = 10^(P(log10 D_km) − a0) · N1(T)      per km²
 *   chronology N1(T)    = A·(e^(6.93·T) − 1) + B·T            (N(≥1 km) after T Gyr)
 *   equilibrium N_eq(≥D) = EQUILIBRIUM_C · D⁻² (m⁻², D in m)  — the ladder's own saturated density
 *
 * Per body (its units' `production` law): the Moon's (Neukum et al. 2001), Mars' (Ivanov 2001),
 * Mercury's, Ceres' and Vesta's, each the lunar function scaled to the body by its impactor flux,
 * impact speed and gravity in the Neukum system; the icy satellites, Venus, Earth, Io and the
 * small bodies use the lunar pair unscaled (ADR-0004 names the exception).
 *
 * Reference: Neukum, Ivanov & Hartmann 2001 (lunar PF coefficients and chronology); Ivanov 2001 and
 * Hartmann & Neukum 2001 (Mars PF and chronology); Neukum, Oberst, Hoffmann, Wagner & Ivanov 2001
 * (Mercury, Planet. Space Sci. 49, 1507); Hiesinger et al. 2016 (Ceres, lunar-derived model,
 * Science 353); Schmedemann et al. 2014 (Vesta, Rev4, Planet. Space Sci. 103); the sets as
 * tabulated in craterstats `config/functions.txt` (G. Michael); Gault 1970 (equilibrium ≈
 * 10^−1.1·D⁻²).
 */
import type { Body } from '../body/Body';
import { expExact, log10Exact } from '../math/series';
import { LADDER_CELL_OVER_DIAMETER, LADDER_EXISTENCE } from './tunables';

/** Neukum et al. 2001 lunar production function, a0 … a11 (log10 N per km² at 1 Gyr, D in km). */
export const NEUKUM_PF = Object.freeze([
  -3.0876, -3.557528, 0.781027, 1.021521, -0.156012, -0.444058, 0.019977, 0.08685, -0.005874, -0.006809,
  8.25e-4, 5.54e-5,
]);
/** Ivanov 2001 Mars production function, a0 … a11 (as published; craterstats `config/functions.txt`). */
export const IVANOV_PF = Object.freeze([
  -3.383677, -3.197453, 1.256814, 0.7915374, -0.4860814, -0.3630098, 0.1015683, 0.06755923, -0.01180639,
  -0.004753462, 6.232845e-4, 5.805492e-5,
]);
/** Neukum, Oberst et al. 2001 Mercury production function, a0 … a11. */
export const MERCURY_PF = Object.freeze([
  -3.016675, -3.627417, 0.6038601, 1.026714, -0.003767761, -0.4204364, -0.032235, 0.08044575, 0.003170165,
  -0.006733922, 1.334403e-4, 1.428627e-4,
]);
/** Hiesinger et al. 2016 Ceres production function (lunar-derived model), a0 … a11. */
export const CERES_PF = Object.freeze([
  -2.8502, -3.2567, 0.48621, 0.60437, 0.07478, -0.18704, -0.072493, 0.02096, 0.013396, -7.2764e-4, -8.0732e-4,
  1.5624e-5,
]);
/** Schmedemann et al. 2014 Vesta production function (Rev4), a0 … a11. */
export const VESTA_PF = Object.freeze([
  -3.365, -2.9267, 0.6192, 0.59636, 0.11879, -0.30577, -0.20515, 0.068576, 0.058513, -0.010293, -0.0053325,
  9.643e-4,
]);
/**
 * Chronologies [A, B] in N1 = A·(e^(6.93 T) − 1) + B·T: Neukum 1983 lunar (as in Neukum et al.
 * 2001), Ivanov 2001 Mars, Neukum, Oberst et al. 2001 Mercury, Hiesinger et al. 2016 Ceres,
 * Schmedemann et al. 2014 Vesta.
 */
export const CHRONOLOGIES = Object.freeze({
  neukum: Object.freeze([5.44e-14, 8.38e-4] as const),
  ivanov: Object.freeze([2.68e-14, 4.13e-4] as const),
  mercury: Object.freeze([6.247e-14, 9.62e-4] as const),
  ceres: Object.freeze([3.79e-12, 0.0584] as const),
  vesta: Object.freeze([1.28501204957199e-12, 0.0197948547342156] as const),
});
const LUNAR_CHRONO = CHRONOLOGIES.neukum;
const CHRONO_RATE = 6.93;
const PRODUCTION_FUNCTIONS = Object.freeze({
  neukum: NEUKUM_PF,
  ivanov: IVANOV_PF,
  mercury: MERCURY_PF,
  ceres: CERES_PF,
  vesta: VESTA_PF,
});

/**
 * Equilibrium C in N_eq(≥D) = C·D⁻² (D in m, per m²) of the canonical ladder: existence
 * LADDER_EXISTENCE per lattice cell of edge LADDER_CELL_OVER_DIAMETER·D_k gives 0.75·C/D_k² in
 * [D_k, 2D_k). Gault 1970's lunar equilibrium is 10^−1.1 ≈ 0.079; this is 1.35× it.
 */
export const EQUILIBRIUM_C =
  LADDER_EXISTENCE / (LADDER_CELL_OVER_DIAMETER * LADDER_CELL_OVER_DIAMETER) / 0.75;

function pfOf(body: Body): readonly number[] {
  return PRODUCTION_FUNCTIONS[body.grammar.units.production];
}

function chronoOf(body: Body): readonly [number, number] {
  return CHRONOLOGIES[body.grammar.units.production];
}

/** N(≥1 km) per km² accumulated over the last `ageGyr`. */
export function chronology(body: Body, ageGyr: number): number {
  const [a, b] = chronoOf(body);
  return a * (expExact(CHRONO_RATE * ageGyr) - 1) + b * ageGyr;
}

/** N(≥1 km) per km² accumulated over the last `ageGyr` under the lunar chronology (Neukum 1983). */
export function lunarChronology(ageGyr: number): number {
  return LUNAR_CHRONO[0] * (expExact(CHRONO_RATE * ageGyr) - 1) + LUNAR_CHRONO[1] * ageGyr;
}

/** Production N(≥D) per m² on a surface of age `ageGyr` (D in m). */
export function productionN(body: Body, diameterM: number, ageGyr: number): number {
  const pf = pfOf(body);
  const x = log10Exact(diameterM / 1000);
  let p = 0;
  let xn = 1;
  for (let i = 1; i < pf.length; i++) {
    xn *= x;
    p += pf[i] * xn;
  }
  return (expExact(p * 2.302585092994046) * chronology(body, ageGyr)) / 1e6;
}

/** Equilibrium N(≥D) per m² (D in m). */
export function equilibriumN(diameterM: number): number {
  return EQUILIBRIUM_C / (diameterM * diameterM);
}

/** Visible N(≥D) per m² on a unit of age `ageGyr`: production capped by equilibrium. */
export function visibleN(body: Body, diameterM: number, ageGyr: number): number {
  return Math.min(productionN(body, diameterM, ageGyr), equilibriumN(diameterM));
}

/**
 * The age span, Gyr, of visible craters of diameter D on a unit of age `ageGyr`: the unit's age if
 * production is below equilibrium, else the time production takes to reach equilibrium (older
 * craters are erased), by bisection.
 */
export function visibleSpanGyr(body: Body, diameterM: number, ageGyr: number): number {
  const eq = equilibriumN(diameterM);
  if (productionN(body, diameterM, ageGyr) <= eq) return ageGyr;
  let lo = 0;
  let hi = ageGyr;
  for (let i = 0; i < 48; i++) {
    const mid = 0.5 * (lo + hi);
    if (productionN(body, diameterM, mid) > eq) hi = mid;
    else lo = mid;
  }
  return 0.5 * (lo + hi);
}
