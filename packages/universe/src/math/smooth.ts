/**
 * Smooth ramps with exact derivatives (ADR-0004). Polynomials only, so exact arithmetic.
 * Each `…D` form writes the value and dv/dx into `out` and returns it; no allocation.
 *
 *   smoothstep(e0, e1, x)   = 3t² − 2t³,          t = clamp((x − e0)/(e1 − e0), 0, 1)   (C¹)
 *   smootherstep(e0, e1, x) = 6t⁵ − 15t⁴ + 10t³                                          (C²)
 */

/** A value and its derivative with respect to one scalar input. */
export interface ValueD {
  v: number;
  d: number;
}

export function valueD(): ValueD {
  return { v: 0, d: 0 };
}

/** Hermite ramp from 0 at `e0` to 1 at `e1` (e0 ≠ e1); flat outside. */
export function smoothstep(e0: number, e1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
}

/** `smoothstep` and its derivative with respect to `x`. */
export function smoothstepD(e0: number, e1: number, x: number, out: ValueD): ValueD {
  const inv = 1 / (e1 - e0);
  const u = (x - e0) * inv;
  if (u <= 0) {
    out.v = 0;
    out.d = 0;
  } else if (u >= 1) {
    out.v = 1;
    out.d = 0;
  } else {
    out.v = u * u * (3 - 2 * u);
    out.d = 6 * u * (1 - u) * inv;
  }
  return out;
}

/** Perlin's quintic ramp from 0 at `e0` to 1 at `e1`; flat outside. */
export function smootherstep(e0: number, e1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * t * (t * (6 * t - 15) + 10);
}

/** `smootherstep` and its derivative with respect to `x`. */
export function smootherstepD(e0: number, e1: number, x: number, out: ValueD): ValueD {
  const inv = 1 / (e1 - e0);
  const u = (x - e0) * inv;
  if (u <= 0) {
    out.v = 0;
    out.d = 0;
  } else if (u >= 1) {
    out.v = 1;
    out.d = 0;
  } else {
    const u2 = u * u;
    out.v = u2 * u * (u * (6 * u - 15) + 10);
    out.d = 30 * u2 * (u - 1) * (u - 1) * inv;
  }
  return out;
}

/** The quintic on the unit interval without clamping, t ∈ [0, 1]: noise interpolation weight. */
export function quintic(t: number): number {
  return t * t * t * (t * (6 * t - 15) + 10);
}

/** Derivative of `quintic`. */
export function quinticD(t: number): number {
  const a = t * (t - 1);
  return 30 * a * a;
}
