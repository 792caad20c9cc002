/**
 * Derives a body's surface grammar from its facts (ADR-0003). Exact arithmetic only.
 */
import type { BodyFacts, SurfaceGrammar } from './Body';
import { CRATER_SMALL_FALL, CRATER_SMALL_SCALE_M, type CraterMorph } from '../math/craterProfile';
import { powExact } from '../math/series';
import { bodyUnits, type BodyUnits } from './unitFacts';

/** Simple→complex transition: D*·g for rocky bodies, m²/s² (Pike 1980: ≈ 31 km·m/s²). */
export const TRANSITION_DG_ROCK = 31000;
/**
 * The same product on ice, m²/s²: Ganymede and Callisto transition at ~2–3 km (g ≈ 1.3–1.4,
 * Schenk 2002), Ceres at 7.5–12 km (g = 0.28, Hiesinger et al. 2016).
 */
export const TRANSITION_DG_ICE = 3000;
/** Pike 1977 lunar complex depth d = this·D^PIKE_DEPTH_EXP (km). ADR-0004. */
export const PIKE_DEPTH_KM = 1.044;
/** Pike 1977 lunar complex depth exponent (as n/256: 77). ADR-0004. */
export const PIKE_DEPTH_EXP_256 = 77;
/** Pike 1977 lunar complex rim height h = this·D^0.399 (km). ADR-0004. */
export const PIKE_RIM_KM = 0.236;
/** Pike 1977 lunar complex rim exponent (as n/256: 102). ADR-0004. */
export const PIKE_RIM_EXP_256 = 102;
/**
 * Mars simple depth over diameter far above MARS_SMALL_SCALE_M: with MARS_SMALL_RISE, the law
 * d/D = this·(1 + rise·S/(S + D)) fitted to Garvin & Frawley 1998's d = 0.14·D^0.90 km (MOLA) over
 * 30 m–2 km, within 2 % (0.19 at 50 m, 0.179 at 100 m, 0.158 at 300 m, 0.139 at 1 km). ADR-0004.
 */
export const MARS_SIMPLE_DEPTH = 0.125;
/** Mars small-crater rise: d/D → MARS_SIMPLE_DEPTH·(1 + this) for the smallest fresh craters (≈ 0.21). ADR-0004. */
export const MARS_SMALL_RISE = 0.65;
/** Diameter at which the Mars small-crater rise is half spent, m. ADR-0004. */
export const MARS_SMALL_SCALE_M = 200;
/** Garvin & Frawley 1998 Mars complex depth d = this·D^0.49 (km). ADR-0004. */
export const MARS_COMPLEX_DEPTH_KM = 0.25;
/** Garvin & Frawley 1998 Mars complex depth exponent (as n/256: 125). ADR-0004. */
export const MARS_COMPLEX_EXP_256 = 125;
/** Lunar surface gravity that anchors Pike's fits, m/s². */
const LUNAR_G = 1.62;
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

/** Power law c·D^(n/256) (D, result in km) as a value at x = D/D* = 1 over D*. */
function atTransition(cKm: number, n: number, transitionKm: number): number {
  return (cKm * powExact(transitionKm, n / 256)) / transitionKm;
}

/**
 * Crater morphometry of a body: D* = (D*·g)/g by crust class; Pike's lunar laws rewritten about
 * D* (self-similar in D/D*: the lunar coefficients at the lunar D*), Mars its own (Garvin &
 * Frawley 1998).
 */
export function craterMorph(f: Readonly<BodyFacts>, units: Readonly<BodyUnits>): CraterMorph {
  const dg = units.crust === 'ice' ? TRANSITION_DG_ICE : TRANSITION_DG_ROCK;
  const transitionM = dg / f.gravity;
  const lunarKm = TRANSITION_DG_ROCK / LUNAR_G / 1000;
  const morph: CraterMorph = {
    transitionM,
    simpleDepth: 0.2,
    simpleRim: 0.036,
    smallFallM: CRATER_SMALL_FALL * CRATER_SMALL_SCALE_M,
    smallScaleM: CRATER_SMALL_SCALE_M,
    complexDepth: atTransition(PIKE_DEPTH_KM, PIKE_DEPTH_EXP_256, lunarKm),
    complexDepthExp: PIKE_DEPTH_EXP_256,
    complexRim: atTransition(PIKE_RIM_KM, PIKE_RIM_EXP_256, lunarKm),
    complexRimExp: PIKE_RIM_EXP_256,
  };
  if (f.id === 'mars') {
    morph.simpleDepth = MARS_SIMPLE_DEPTH;
    morph.smallFallM = -MARS_SMALL_RISE * MARS_SMALL_SCALE_M;
    morph.smallScaleM = MARS_SMALL_SCALE_M;
    morph.complexDepth = atTransition(MARS_COMPLEX_DEPTH_KM, MARS_COMPLEX_EXP_256, transitionM / 1000);
    morph.complexDepthExp = MARS_COMPLEX_EXP_256;
  }
  return Object.freeze(morph);
}

export function deriveGrammar(f: Readonly<BodyFacts>): SurfaceGrammar {
  const air = airFromPressure(f.surfacePressure);
  const youth = Math.max(0, Math.min(1, 1 - f.resurfacingAgeGyr / YOUTH_FULL_AGE_GYR));
  const units = bodyUnits(f.id, f.resurfacingAgeGyr, f.iciness);
  const crater = craterMorph(f, units);
  const transitionDiameterM = crater.transitionM;
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
    lenticulae: f.lenticulae ?? false,
    flooding: f.flooding,
    lowlandUnit: f.lowlandUnit ?? true,
    crater,
    units,
  };
}
