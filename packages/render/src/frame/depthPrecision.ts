/**
 * Depth precision figures (ADR-0011): the smallest separation two surfaces at distance `d` need to
 * land on different depth values, for three's logarithmic depth (depth = log2(z/near)/log2(far/near)
 * written to a `bits`-bit fixed-point buffer) and for reversed float32 depth
 * (depth = near/z, float32 with 24 significant bits).
 */
import { DEPTH_BITS_WEBGL2, FAR_PLANE_M, NEAR_PLANE_M } from '../renderConstants';

/** Smallest resolvable separation at distance `d` (m) with logarithmic depth. */
export function logDepthResolution(
  d: number,
  near = NEAR_PLANE_M,
  far = FAR_PLANE_M,
  bits = DEPTH_BITS_WEBGL2,
): number {
  if (!(d >= near && d <= far))
    throw new RangeError(`logDepthResolution: distance ${d} outside [${near}, ${far}]`);
  // d(depth)/dz = 1 / (z ln(far/near)); one step is 2^-bits.
  return (d * Math.log(far / near)) / 2 ** bits;
}

/** Smallest resolvable separation at distance `d` (m) with reversed float32 depth (near/z). */
export function reversedDepthResolution(d: number, near = NEAR_PLANE_M): number {
  if (!(d >= near)) throw new RangeError(`reversedDepthResolution: distance ${d} below near ${near}`);
  // depth = near/d; float32 spacing at that value is depth · 2^-23; dz = d² / near · spacing.
  const depth = near / d;
  return (d * d * (depth * 2 ** -23)) / near;
}
