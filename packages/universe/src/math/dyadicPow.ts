/**
 * x^(n/256) for x > 0 and integer n in [0, 256] by a chain of eight square roots (exact
 * arithmetic, HOUSE_STYLE §6): x^(n/256) = Π over the set bits b of n of x^(2^b/256). Cheap
 * enough for per-crater shapes (eight `Math.sqrt`, at most eight products).
 */

const ROOTS = new Float64Array(9);

/** x^(n/256); n an integer in [0, 256], x finite and > 0. */
export function pow256(x: number, n: number): number {
  if (n === 256) return x;
  roots256(x);
  return pow256Roots(n);
}

/** Fills the root chain of x: then `pow256Roots(n)` is x^(n/256) for any n without new roots. */
export function roots256(x: number): void {
  ROOTS[8] = x;
  for (let b = 7; b >= 0; b--) ROOTS[b] = Math.sqrt(ROOTS[b + 1]);
}

/** x^(n/256) from the chain of the last `roots256(x)` (ROOTS[b] = x^(2^b / 256)), n in [0, 255]. */
export function pow256Roots(n: number): number {
  let p = 1;
  for (let b = 0; b < 8; b++) if ((n >> b) & 1) p *= ROOTS[b];
  return p;
}
