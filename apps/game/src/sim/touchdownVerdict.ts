/**
 * The touchdown rules (ADR-0014): a contact is a safe landing when the ground-relative descent
 * speed, the speed across the ground, the slope of the canonical ground and the ship's tilt are
 * all within their limits; otherwise a crash whose reason names the first limit broken (checked in
 * that order) with the measured value and the limit.
 */
import {
  LANDING_MAX_HORIZONTAL_SPEED_MS,
  LANDING_MAX_SLOPE_DEG,
  LANDING_MAX_TILT_DEG,
  LANDING_MAX_VERTICAL_SPEED_MS,
} from './flightLimits';

export interface TouchdownInput {
  /** Ground-relative velocity along the local vertical, m/s (negative = descending). */
  verticalSpeed: number;
  /** Ground-relative speed in the tangent plane, m/s (≥ 0). */
  horizontalSpeed: number;
  /** Slope of the canonical ground under the ship, degrees. */
  slopeDeg: number;
  /** Angle between the ship's +Y axis and the local vertical, degrees. */
  tiltDeg: number;
}

export interface TouchdownVerdict {
  outcome: 'landed' | 'crashed';
  reason: string;
}

const f1 = (x: number): string => x.toFixed(2);

/** Applies the limits; every input must be finite (a NaN input is a crash naming it). */
export function touchdownVerdict(i: Readonly<TouchdownInput>): TouchdownVerdict {
  for (const k of ['verticalSpeed', 'horizontalSpeed', 'slopeDeg', 'tiltDeg'] as const) {
    if (!Number.isFinite(i[k]))
      return { outcome: 'crashed', reason: `invalid touchdown state: ${k} is ${i[k]}` };
  }
  const down = -i.verticalSpeed;
  if (down > LANDING_MAX_VERTICAL_SPEED_MS) {
    return {
      outcome: 'crashed',
      reason: `vertical speed ${f1(down)} m/s exceeds the ${LANDING_MAX_VERTICAL_SPEED_MS} m/s limit`,
    };
  }
  if (i.horizontalSpeed > LANDING_MAX_HORIZONTAL_SPEED_MS) {
    return {
      outcome: 'crashed',
      reason: `horizontal speed ${f1(i.horizontalSpeed)} m/s exceeds the ${LANDING_MAX_HORIZONTAL_SPEED_MS} m/s limit`,
    };
  }
  if (i.slopeDeg > LANDING_MAX_SLOPE_DEG) {
    return {
      outcome: 'crashed',
      reason: `ground slope ${f1(i.slopeDeg)}° exceeds the ${LANDING_MAX_SLOPE_DEG}° limit`,
    };
  }
  if (i.tiltDeg > LANDING_MAX_TILT_DEG) {
    return {
      outcome: 'crashed',
      reason: `tilt ${f1(i.tiltDeg)}° from vertical exceeds the ${LANDING_MAX_TILT_DEG}° limit`,
    };
  }
  return {
    outcome: 'landed',
    reason: `touchdown at ${f1(down)} m/s down, ${f1(i.horizontalSpeed)} m/s across, slope ${f1(i.slopeDeg)}°, tilt ${f1(i.tiltDeg)}°`,
  };
}
