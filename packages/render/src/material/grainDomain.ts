/**
 * The grain's noise domain (ADR-0012): a body-fixed position reduced modulo GRAIN_PERIOD_M on the
 * CPU in float64, so the GPU adds only a small patch-local offset in float32 and a noise periodic
 * in GRAIN_PERIOD_M sees the same phase on both sides of every patch boundary.
 */
import type { Vector3 } from 'three/webgpu';
import { GRAIN_PERIOD_M } from '../renderConstants';

/** x mod P in [0, P) (float64; exact for |x| < 2^53 ulps). */
export function reducePeriod(x: number, period = GRAIN_PERIOD_M): number {
  const r = x - Math.floor(x / period) * period;
  return r >= period ? r - period : r;
}

/** The grain origin of an anchor: each coordinate reduced into [0, GRAIN_PERIOD_M). */
export function grainOrigin(anchor: ArrayLike<number>, out: Vector3): Vector3 {
  out.x = reducePeriod(anchor[0]);
  out.y = reducePeriod(anchor[1]);
  out.z = reducePeriod(anchor[2]);
  return out;
}
