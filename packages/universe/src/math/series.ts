/**
 * Natural logarithm, exponential and real powers in exact arithmetic (HOUSE_STYLE §6): range
 * reduction by exact powers of two, then a fixed number of series terms (+ − × ÷ only), so every
 * engine gives the same bits. For plan-time tables (crater production, ages), not for hot loops.
 * Accuracy: relative error below 1e-15 on the reduced ranges (the series' terms fall by 1/9 and
 * 1/(n·2⁵) per step and are summed well past double precision).
 *
 * Reference: Abramowitz & Stegun 4.1.27 (ln via atanh), 4.2.1 (exp series).
 */

const LN2 = 0.6931471805599453;

/** ln x for finite x > 0. */
export function lnExact(x: number): number {
  if (!(x > 0) || x === Infinity) throw new RangeError(`lnExact: x must be finite and > 0, got ${x}`);
  let m = 0;
  let y = x;
  while (y > 1.5) {
    y *= 0.5;
    m++;
  }
  while (y < 0.75) {
    y *= 2;
    m--;
  }
  // ln y = 2·atanh(t), t = (y − 1)/(y + 1), |t| ≤ 0.2.
  const t = (y - 1) / (y + 1);
  const t2 = t * t;
  let term = t;
  let sum = 0;
  for (let k = 1; k < 40; k += 2) {
    sum += term / k;
    term *= t2;
  }
  return m * LN2 + 2 * sum;
}

/** e^x for finite x (underflows to 0 below −745, overflows to Infinity above 709). */
export function expExact(x: number): number {
  if (!Number.isFinite(x)) throw new RangeError(`expExact: x must be finite, got ${x}`);
  if (x < -745) return 0;
  if (x > 709.7) return Infinity;
  // x = n·ln2 + r with |r| ≤ ln2/2, then e^r by 5 halvings and a Taylor series of r/32.
  const n = Math.floor(x / LN2 + 0.5);
  const r = (x - n * LN2) / 32;
  let term = 1;
  let sum = 1;
  for (let k = 1; k < 16; k++) {
    term = (term * r) / k;
    sum += term;
  }
  for (let i = 0; i < 5; i++) sum *= sum;
  let p = 1;
  let a = n < 0 ? -n : n;
  let b = n < 0 ? 0.5 : 2;
  while (a > 0) {
    if (a & 1) p *= b;
    b *= b;
    a >>= 1;
  }
  return sum * p;
}

/** x^p for finite x > 0 and finite p. */
export function powExact(x: number, p: number): number {
  return expExact(p * lnExact(x));
}

/** log10 x for finite x > 0. */
export function log10Exact(x: number): number {
  return lnExact(x) / 2.302585092994046;
}
