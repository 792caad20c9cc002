/**
 * The production polynomials against the coefficient sets published with their primaries, typed
 * here from the craterstats configuration (G. Michael, `config/functions.txt`, blocks "Moon,
 * Neukum et al. (2001)" and "Mars, Ivanov (2001)"), independently of production.ts.
 */
import { describe, expect, it } from 'vitest';
import { IVANOV_PF, NEUKUM_PF } from './production';

/** Neukum et al. 2001 a0 … a11 (a0 as published, −3.0876; craterstats stores −3.0768 and calls it a typo). */
const NEUKUM_2001 = [
  -3.0876, -3.557528, 0.781027, 1.021521, -0.156012, -0.444058, 0.019977, 0.08685, -0.005874, -0.006809,
  8.25e-4, 5.54e-5,
];
/** Ivanov 2001 (Mars) a0 … a11, valid for D 0.015–362 km. */
const IVANOV_2001 = [
  -3.383677, -3.197453, 1.256814, 0.7915374, -0.4860814, -0.3630098, 0.1015683, 0.06755923, -0.01180639,
  -0.004753462, 0.0006232845, 0.00005805492,
];

/** log10 N(≥D) per km² at N1 = 1 of polynomial `a` at log10 D (km) = x. */
function logN(a: readonly number[], x: number): number {
  let p = 0;
  let xn = 1;
  for (const c of a) {
    p += c * xn;
    xn *= x;
  }
  return p;
}

/** Largest |N_a/N_b − 1| over the published range (0.015–362 km), 0.01 steps in log10 D. */
function worstRatio(a: readonly number[], b: readonly number[]): number {
  let worst = 0;
  for (let x = Math.log10(0.015); x <= Math.log10(362); x += 0.01) {
    worst = Math.max(worst, Math.abs(10 ** (logN(a, x) - logN(b, x)) - 1));
  }
  return worst;
}

describe('production functions', () => {
  it('Neukum 2001: every coefficient as published', () => {
    expect([...NEUKUM_PF]).toEqual(NEUKUM_2001);
  });

  it('Ivanov 2001: every coefficient as published', () => {
    expect([...IVANOV_PF]).toEqual(IVANOV_2001);
  });

  it('Ivanov 2001: the comparison sees a one-digit slip in a middle coefficient', () => {
    // Teeth for the polynomial itself: a slip in a6's leading digits moves N(≥D) by > 3.5 %
    // somewhere in 0.015–362 km, so the published set above is not interchangeable with a near one.
    const slipped = [...IVANOV_2001];
    slipped[6] = 0.1115683;
    expect(worstRatio(slipped, IVANOV_2001)).toBeGreaterThan(0.035);
    expect(worstRatio(IVANOV_PF, IVANOV_2001)).toBe(0);
  });
});
