/**
 * Exact-arithmetic shapes for the tail (ADR-0006): a quartic soft limit with its derivative, and
 * e^x for x ≤ 0 by scaling and squaring. Only + − × / and Math.sqrt, so bit-identical everywhere.
 */

/**
 * Soft limit f(x) = x / (1 + (x/L)⁴)^¼: odd, monotone, f'(0) = 1, |f(x)| < L for every x. It keeps
 * values well below L nearly unchanged (x = 0.5 L loses 1.5 %, 0.7 L loses 5.2 %) and folds the rest towards ±L.
 * Writes f into `out[0]` and f'(x) = (1 + (x/L)⁴)^(−5/4) into `out[1]`.
 */
export function softFoldD(x: number, limit: number, out: Float64Array): Float64Array {
  const a = x / limit;
  const a2 = a * a;
  const q = 1 + a2 * a2;
  const r = Math.sqrt(Math.sqrt(q));
  out[0] = x / r;
  out[1] = 1 / (q * r);
  return out;
}

/** Terms of the Taylor polynomial used after range reduction. */
const EXP_TERMS = 12;
/** Halvings of the argument before the Taylor step (|x| / 2^EXP_SQUARINGS ≤ 1/64 for |x| ≤ 16). */
const EXP_SQUARINGS = 10;

/**
 * e^x for x ≤ 0: e^x = (e^(x/2^m))^(2^m) with the inner factor from a Taylor polynomial, m = 10 for
 * |x| ≤ 16 and one more per doubling beyond. Each squaring doubles the relative error, so it is
 * below 2^m·4·2^−53: 4.6e-13 for |x| ≤ 16, 2.9e-11 at x = −700 (regionScatter.test.ts sweeps it).
 * Deterministic (exact arithmetic only), not correctly rounded.
 */
export function expNonPositive(x: number): number {
  if (!(x <= 0)) throw new RangeError(`expNonPositive: argument ${x} must be ≤ 0`);
  if (x < -700) return 0;
  let m = EXP_SQUARINGS;
  let y = x / 1024;
  while (y < -0.015625) {
    y *= 0.5;
    m++;
  }
  let term = 1;
  let sum = 1;
  for (let n = 1; n <= EXP_TERMS; n++) {
    term = (term * y) / n;
    sum += term;
  }
  for (let i = 0; i < m; i++) sum *= sum;
  return sum;
}
