/**
 * Derives a body's surface grammar from its facts (ADR-0003). Exact arithmetic only.
 */
import type { BodyFacts, SurfaceGrammar } from './Body';

/** Simple→complex transition: D*·g for rocky bodies, m²/s² (Pike 1980: ≈ 31 km·m/s²). */
export const TRANSITION_DG_ROCK = 31000;
/** The same product on ice, m²/s² (Schenk 2002: icy satellites transition at ~0.5× the rocky D*). */
export const TRANSITION_DG_ICE = 15000;
/** Surface pressure at which air = 0.5, Pa (a rational saturating curve p/(p+P_HALF)). */
export const AIR_HALF_PRESSURE_PA = 5000;
/** Age at which youth = 0, Gyr. */
export const YOUTH_FULL_AGE_GYR = 4;
/** Ladder top over body radius for a body without impact craters (Io's shields and paterae). */
export const LADDER_TOP_FALLBACK_RATIO = 0.05;

export function deriveGrammar(f: Readonly<BodyFacts>): SurfaceGrammar {
  const p = f.surfacePressure;
  const air = p / (p + AIR_HALF_PRESSURE_PA);
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
