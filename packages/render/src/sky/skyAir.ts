/**
 * How much air is over the eye (ADR-0012 light terms, ADR-0013 sky): one law, driven by the
 * body's normalised air (`grammar.air`, ADR-0003's pressure law) and its pressure scale height,
 * that the `Sky` and the terrain material both read. The vertical optical depth at the datum is
 * τ₀ = SKY_TAU_PER_AIR_ODDS · air / (1 − air): 0 for vacuum, ≈ 0.5 for Mars (its dust, Lemmon et
 * al. 2004), ≈ 1.5 for Earth and Titan, unbounded for Venus's 9.2 MPa (an overcast of cloud).
 * Above the datum the column thins as exp(−h / H). The sky's radiance at the eye is taken
 * proportional to 1 − exp(−τ) (single scattering, saturating when thick) and normalised to 1 at
 * the datum, so the body palette's sky colours are what one sees standing on the datum; starlight
 * at the zenith is transmitted exp(−τ).
 * Reference: scale heights from the NASA planetary fact sheets (Mars 11.1 km, Venus 15.9 km,
 * Earth 8.5 km); Titan's near-surface 21 km from Fulchignoni et al. 2005 (Huygens HASI).
 */
import type { Body } from '@landfall/universe';

/** τ₀ per unit of air odds, air / (1 − air) (ADR-0012). Mars (air 0.405) gets τ₀ ≈ 0.54. */
export const SKY_TAU_PER_AIR_ODDS = 0.8;
/** Scale height of a body with air but none known, as a fraction of its radius (ADR-0012). */
export const SKY_SCALE_HEIGHT_RADIUS_SHARE = 0.0025;
/** Air below this is vacuum: no sky, no sky light (ADR-0012; ADR-0003 floors air at 10 Pa). */
export const SKY_AIR_FLOOR = 0.001;
/** Largest optical depth used: exp(−40) is 4e-18, opaque in every colour channel. */
const TAU_CAP = 40;

const SCALE_HEIGHT_M: Readonly<Record<string, number>> = {
  mars: 11_100,
  venus: 15_900,
  earth: 8_500,
  titan: 21_000,
};

/** The air over one eye: sky radiance relative to the datum's, and zenith starlight transmission. */
export interface AirAtEye {
  /** Sky radiance at the eye over the sky radiance on the datum, 0 … 1. */
  brightness: number;
  /** Fraction of a star's light that reaches the eye through the air, 0 … 1. */
  transmission: number;
  /** Vertical optical depth above the eye. */
  tau: number;
}

/** Pressure scale height of the body's air, m. */
export function scaleHeight(body: Body): number {
  return SCALE_HEIGHT_M[body.id] ?? SKY_SCALE_HEIGHT_RADIUS_SHARE * body.radius;
}

/** Vertical optical depth from the datum up (0 for vacuum, TAU_CAP for air = 1). */
export function datumOpticalDepth(air: number): number {
  if (!(air >= 0 && air <= 1)) throw new RangeError(`air must be in [0, 1], got ${air}`);
  if (air < SKY_AIR_FLOOR) return 0;
  if (air >= 1) return TAU_CAP;
  return Math.min(TAU_CAP, (SKY_TAU_PER_AIR_ODDS * air) / (1 - air));
}

/** The air over an eye `altitude` metres above the datum (below it counts as on it), into `out`. */
export function airAtEye(body: Body, altitude: number, out: AirAtEye): AirAtEye {
  const tau0 = datumOpticalDepth(body.grammar.air);
  if (tau0 === 0) {
    out.brightness = 0;
    out.transmission = 1;
    out.tau = 0;
    return out;
  }
  const tau = tau0 * Math.exp(-Math.max(0, altitude) / scaleHeight(body));
  out.tau = tau;
  out.brightness = -Math.expm1(-tau) / -Math.expm1(-tau0);
  out.transmission = Math.exp(-tau);
  return out;
}
