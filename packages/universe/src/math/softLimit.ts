/**
 * The soft limit (ADR-0004): softLimit(x, L) = x / √(1 + (x/L)²). Odd, monotone, slope 1 at 0,
 * |softLimit(x, L)| ≤ L for every finite x (< L unless (x/L)² overflows, where it returns ±L), and
 * exact arithmetic (one sqrt, one division).
 * Used where overlapping features fold (a crater inside a crater does not dig twice as deep) and
 * for the final bound on relief. Derivative: d/dx = (1 + (x/L)²)^(−3/2).
 */
import type { ValueD } from './smooth';

/** x / √(1 + (x/L)²), L > 0. */
export function softLimit(x: number, limit: number): number {
  const u = x / limit;
  const a = 1 + u * u;
  if (a === Infinity) return x > 0 ? limit : -limit;
  return x / Math.sqrt(a);
}

/** `softLimit` and its derivative with respect to `x`. */
export function softLimitD(x: number, limit: number, out: ValueD): ValueD {
  const u = x / limit;
  const a = 1 + u * u;
  if (a === Infinity) {
    out.v = x > 0 ? limit : -limit;
    out.d = 0;
    return out;
  }
  const s = Math.sqrt(a);
  out.v = x / s;
  out.d = 1 / (a * s);
  return out;
}
