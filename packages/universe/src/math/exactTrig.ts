/**
 * Sine and cosine in exact arithmetic (HOUSE_STYLE §6, ADR-0018): range reduction to a quarter
 * turn and Taylor polynomials of degree 17 / 16 on |r| ≤ π/4 (truncation < 1e-19, below one ulp),
 * so every engine computes the same bits (only + − × / and floor). For data set up once per body
 * (a named place's direction), not for hot loops.
 */

/** Sine and cosine of one angle. */
export interface SinCos {
  s: number;
  c: number;
}

const HALF_PI = Math.PI / 2;

/** sin r, |r| ≤ π/4. */
function sinPoly(r: number): number {
  const r2 = r * r;
  let t = r;
  let sum = r;
  for (let n = 2; n <= 16; n += 2) {
    t = (-t * r2) / (n * (n + 1));
    sum += t;
  }
  return sum;
}

/** cos r, |r| ≤ π/4. */
function cosPoly(r: number): number {
  const r2 = r * r;
  let t = 1;
  let sum = 1;
  for (let n = 1; n <= 15; n += 2) {
    t = (-t * r2) / (n * (n + 1));
    sum += t;
  }
  return sum;
}

/** sin and cos of r + k·π/2 with |r| ≤ π/4 into `out`. */
function quadrant(r: number, k: number, out: SinCos): SinCos {
  const s = sinPoly(r);
  const c = cosPoly(r);
  const q = ((k % 4) + 4) % 4;
  if (q === 0) {
    out.s = s;
    out.c = c;
  } else if (q === 1) {
    out.s = c;
    out.c = -s;
  } else if (q === 2) {
    out.s = -s;
    out.c = -c;
  } else {
    out.s = -c;
    out.c = s;
  }
  return out;
}

/** sin and cos of an angle in degrees; the reduction to ±45° is exact for any finite input. */
export function sinCosDeg(deg: number, out: SinCos): SinCos {
  const k = Math.floor(deg / 90 + 0.5);
  const r = (deg - 90 * k) * (Math.PI / 180);
  return quadrant(r, k, out);
}

/** sin and cos of an angle in radians (|x| up to a few turns; reduction by one float64 π/2). */
export function sinCosRad(x: number, out: SinCos): SinCos {
  const k = Math.floor(x / HALF_PI + 0.5);
  return quadrant(x - k * HALF_PI, k, out);
}
