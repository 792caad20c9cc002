/**
 * Derives a body's surface grammar from its facts (ADR-0003). Exact arithmetic only.
 */
import type { BodyFacts, SurfaceGrammar } from './Body';

/** Simple→complex transition: D*·g for rocky bodies, m²/s² (Pike 1980: ≈ 31 km·m/s²). */
export const TRANSITION_DG_ROCK = 31000;
/** The same product on ice, m²/s² (Schenk 2002: icy satellites transition at ~0.5× the rocky D*). */
export const TRANSITION_DG_ICE = 15000;
/**
 * Surface pressure below which air = 0, Pa (ADR-0003): the column p/g is then a few kg/m², which
 * screens no metre-crater impactor (Pluto 1 Pa, Triton 1.4 Pa).
 */
export const AIR_FLOOR_PRESSURE_PA = 10;
/** Surface pressure at which air = 1, Pa (ADR-0003): Venus, the thickest air in the zoo. */
export const AIR_FULL_PRESSURE_PA = 9.2e6;
/** Age at which youth = 0, Gyr. */
export const YOUTH_FULL_AGE_GYR = 4;
/** Ladder top over body radius for a body without impact craters (Io's shields and paterae). */
export const LADDER_TOP_FALLBACK_RATIO = 0.05;

/**
 * Normalised air (ADR-0003): x = (p − floor)/(full − floor) clamped to [0, 1], air = x^(3/32)
 * by five square roots and a cube, so the micro tail's (1 − air)^4 reads Luna 1, Mars ≈ 0.13,
 * Earth ≈ 0.014, Venus 0. Exact arithmetic only.
 */
export function airFromPressure(pressurePa: number): number {
  if (!(pressurePa >= 0)) throw new RangeError(`surface pressure must be a number ≥ 0 Pa, got ${pressurePa}`);
  const x = Math.min(
    1,
    Math.max(0, pressurePa - AIR_FLOOR_PRESSURE_PA) / (AIR_FULL_PRESSURE_PA - AIR_FLOOR_PRESSURE_PA),
  );
  const s = Math.sqrt(Math.sqrt(Math.sqrt(Math.sqrt(Math.sqrt(x)))));
  return s * s * s;
}

export function deriveGrammar(f: Readonly<BodyFacts>): SurfaceGrammar {
  const air = airFromPressure(f.surfacePressure);
  const youth = Math.max(0, Math.min(1, 1 - f.resurfacingAgeGyr / YOUTH_FULL_AGE_GYR));
  const dg = TRANSITION_DG_ROCK + (TRANSITION_DG_ICE - TRANSITION_DG_ROCK) * f.iciness;
  const transitionDiameterM = dg / f.gravity;
  const craterDensity = (1 - youth) * (1 - air);
  return {
    air,
    youth,
    iciness: f.iciness,
    craterDensity,
    largestCraterM: f.largestCraterM,
    transitionDiameterM,
    maxReliefM: f.maxReliefM,
    ladderTopM: f.largestCraterM > 0 ? f.largestCraterM : f.radius * LADDER_TOP_FALLBACK_RATIO,
    landform: f.landform,
    flooding: f.flooding,
  };
}
