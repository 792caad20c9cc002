/**
 * Exposure of a body's frame (ADR-0012): the camera is set for the reference regolith (Luna's
 * highlands) and adapts only downwards, by the square root of a brighter regolith's luminance
 * against the reference, so ice is bright but not clipped; a regolith darker than the reference
 * keeps exposure 1 and so renders darker, by its albedo (Mercury ~15 % below the nearside Moon,
 * Holsclaw et al. 2010; the maria at a third of the highlands).
 */
import { EXPOSURE_MAX, EXPOSURE_MIN, EXPOSURE_REFERENCE_LUMA } from '../renderConstants';
import type { Rgb } from './bodyPalette';

/** Rec. 709 luma weights. */
const LUMA_R = 0.2126;
const LUMA_G = 0.7152;
const LUMA_B = 0.0722;

/** Rec. 709 luminance of a linear-RGB albedo. */
export function rgbLuminance(c: Rgb): number {
  return LUMA_R * c[0] + LUMA_G * c[1] + LUMA_B * c[2];
}

/** The exposure multiplier for a body whose regolith albedo is `regolith` (linear RGB, > 0). */
export function bodyExposure(regolith: Rgb): number {
  const lum = rgbLuminance(regolith);
  if (!(lum > 0)) throw new Error(`bodyExposure: regolith luminance must be > 0, got ${lum}`);
  return Math.min(EXPOSURE_MAX, Math.max(EXPOSURE_MIN, Math.sqrt(EXPOSURE_REFERENCE_LUMA / lum)));
}
