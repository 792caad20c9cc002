/**
 * Regolith thickness per terrain unit and the smallest crater that excavates through it
 * (ADR-0007): a crater digs blocks out of bedrock only where its excavation depth,
 * BOULDER_EXCAVATION_DEPTH·D, exceeds the local regolith. Plan-time only; exact arithmetic.
 *
 * Rule: regolith grows with the impacts a surface has taken, sublinearly as its own cover shields
 * it (Shoemaker et al. 1969; Quaide & Oberbeck 1975), so thickness is a power of the unit's
 * accumulated N(≥1 km) (its body's chronology, production.ts):
 *   h(t) = REGOLITH_MARE_M · (N1(t) / N1_moon(REGOLITH_MARE_AGE_GYR))^p,
 * with p fixed by the Moon's two anchors (maria 4–5 m at ~3.5 Ga, highlands 10–15 m at ~4.35 Ga:
 * McKay et al. 1991, Lunar Sourcebook ch. 7), p ≈ 0.2. Mars' 3.6 Ga plains come out at 4.2 m
 * (a few metres: Golombek et al. 2020, InSight ~3 m; Phoenix/Viking plains similar), a 0.1 Ga
 * surface at ~2 m.
 *
 * Reference: McKay et al. 1991 (Lunar Sourcebook, 285–356); Melosh 1989 (excavation depth ≈ 0.1·D,
 * Impact Cratering ch. 5; 0.08–0.1·D across Croft 1980's range); Bart & Melosh 2010 (blocky ejecta
 * on lunar craters from ~100 m, consistent with 12 m / 0.09 = 133 m on the highlands).
 */
import type { Body } from '../body/Body';
import { lnExact, powExact } from '../math/series';
import { chronology, lunarChronology } from './production';

/** Excavation depth over crater diameter (Melosh 1989: ≈ 0.1; 0.08–0.1). ADR-0007. */
export const BOULDER_EXCAVATION_DEPTH = 0.09;
/** Lunar mare regolith thickness, m (McKay et al. 1991: 4–5 m). ADR-0007. */
export const REGOLITH_MARE_M = 4.5;
/** Age of the mare anchor, Gyr (the Moon's dated young unit). ADR-0007. */
export const REGOLITH_MARE_AGE_GYR = 3.5;
/** Lunar highland regolith thickness, m (McKay et al. 1991: ~10–15 m). ADR-0007. */
export const REGOLITH_HIGHLAND_M = 12;
/** Age of the highland anchor, Gyr (the Moon's old unit). ADR-0007. */
export const REGOLITH_HIGHLAND_AGE_GYR = 4.35;

const N1_MARE = lunarChronology(REGOLITH_MARE_AGE_GYR);
/** Growth exponent p from the two lunar anchors. */
const GROWTH =
  lnExact(REGOLITH_HIGHLAND_M / REGOLITH_MARE_M) /
  lnExact(lunarChronology(REGOLITH_HIGHLAND_AGE_GYR) / N1_MARE);

/** Regolith thickness (m) of a unit of age `ageGyr` on `body`; 0 for a surface of age ≤ 0. */
export function regolithM(body: Body, ageGyr: number): number {
  if (!(ageGyr > 0)) return 0;
  return REGOLITH_MARE_M * powExact(chronology(body, ageGyr) / N1_MARE, GROWTH);
}

/** Smallest crater diameter (m) that excavates below the regolith of a unit of age `ageGyr`. */
export function excavationMinDiameterM(body: Body, ageGyr: number): number {
  return regolithM(body, ageGyr) / BOULDER_EXCAVATION_DEPTH;
}
