import type { CraterMorph } from '../math/craterProfile';
import type { BodyUnits } from './unitFacts';

/**
 * A body of the zoo: published physical facts plus the surface grammar derived from them.
 * Plain data (structured-cloneable), so a worker can carry it.
 */

export interface BodyFacts {
  /** Lower-case id used in addresses and URLs, e.g. "luna". */
  id: string;
  name: string;
  /** Mean radius, m. */
  radius: number;
  /** Surface gravity at the mean radius, m/s². */
  gravity: number;
  /** Sidereal rotation period, s (negative: retrograde). */
  rotationPeriod: number;
  /** Mean surface pressure, Pa (0 for airless bodies). */
  surfacePressure: number;
  /** Typical surface (resurfacing) age, Gyr. */
  resurfacingAgeGyr: number;
  /** Fraction of the surface that is ice (0 rock … 1 ice). */
  iciness: number;
  /** Largest known impact basin diameter, m (bounds the crater ladder's top rung). */
  largestCraterM: number;
  /** Half of the published total elevation range, m (the bound relief must respect). */
  maxReliefM: number;
  /** Dominant large-scale landform family the band stage draws (ADR-0004). */
  landform: Landform;
  /**
   * Knobs and pits are lenticulae (Europa): the ladder draws them only in rungs of at least
   * LENTICULA_MIN_M (ADR-0004). Absent: false.
   */
  lenticulae?: boolean;
  /** How strongly lowlands are flooded flat (maria, smooth plains), 0 … 1. */
  flooding: number;
  /**
   * The band stage's flooded lowlands are the young unit (smooth plains, maria). Absent: true.
   * False where the named places draw the young unit where it really is (Luna's maria, ADR-0018):
   * its other lowlands keep the old unit's craters and tone.
   */
  lowlandUnit?: boolean;
  /** Where each fact comes from. */
  sources: string;
}

/**
 * Large-scale landform families of the band stage (ADR-0004):
 * cratered highlands with optional flooded lowlands; volcanic plains with isolated mountains (Io);
 * ridged ice (Europa, Enceladus, Triton, grooved Ganymede); volcanic plains with tesserae highlands
 * (Venus); bimodal continents and dry ocean basins (Earth).
 */
export type Landform = 'cratered' | 'volcanic' | 'ridged' | 'tesserae' | 'continents';

/** Dimensionless and metric descriptors the field reads; derived from the facts (see grammar). */
export interface SurfaceGrammar {
  /**
   * Normalised air, 0 (vacuum, or below 10 Pa) … 1 (Venus, 9.2 MPa): x^(3/32) of the pressure
   * above the floor over the full range (ADR-0003's air law, `airFromPressure`).
   */
  air: number;
  /** Youth, 0 (ancient, ≥ 4 Gyr) … 1 (resurfaced now), from resurfacing age. */
  youth: number;
  iciness: number;
  /** Crater density relative to the lunar highlands' saturation (0 … 1). */
  craterDensity: number;
  /** Largest crater diameter on the ladder, m. */
  largestCraterM: number;
  /** Simple→complex transition diameter, m (D*·g ≈ 31 km·m/s², lower on ice). */
  transitionDiameterM: number;
  /** Bound on |elevation|, m. */
  maxReliefM: number;
  /** Top rung of the feature ladder, m: the largest crater, or a body-scale size if none. */
  ladderTopM: number;
  landform: Landform;
  /** Knobs and pits only ≥ LENTICULA_MIN_M (BodyFacts.lenticulae). */
  lenticulae: boolean;
  flooding: number;
  /** The flooded lowlands are the young unit (BodyFacts.lowlandUnit). */
  lowlandUnit: boolean;
  /** Crater morphometry (transition, simple and complex depth and rim laws). */
  crater: CraterMorph;
  /** Terrain units: ages, albedos, crust class and production law (unitFacts.ts). */
  units: Readonly<BodyUnits>;
}

export interface Body extends BodyFacts {
  /** Standard gravitational parameter μ = g·R², m³/s². */
  mu: number;
  /** uint32 seed of the body's random streams (ADR-0002). */
  seed: number;
  grammar: SurfaceGrammar;
}
