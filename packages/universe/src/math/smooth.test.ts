import { describe, expect, it } from 'vitest';
import { quintic, quinticD, smootherstep, smootherstepD, smoothstep, smoothstepD, valueD } from './smooth';
import { softLimit, softLimitD } from './softLimit';

// Central differences with step 1e-6 on O(1) polynomials: truncation h²·|f‴|/6 ≤ 1.3e-12 (the
// steepest ramp here has |f‴| ≤ 7.5); rounding: values are below 2 in magnitude (ulp ≤ 4.4e-16),
// so two rounded values over 2e-6 give ≤ 2.2e-10. 1e-9 bounds both.
const TOL = 1e-9;
const fd = (f: (x: number) => number, x: number): number => (f(x + 1e-6) - f(x - 1e-6)) / 2e-6;

describe('smooth ramps and the soft limit', () => {
  it('ramp values at the ends and the middle', () => {
    expect(smoothstep(1, 3, 0)).toBe(0);
    expect(smoothstep(1, 3, 2)).toBe(0.5);
    expect(smoothstep(1, 3, 5)).toBe(1);
    expect(smootherstep(-1, 1, 0)).toBe(0.5);
    expect(smootherstep(-1, 1, 2)).toBe(1);
    expect(quintic(1)).toBe(1);
  });

  it('derivatives match central differences', () => {
    const o = valueD();
    for (let x = -0.9; x < 4; x += 0.173) {
      expect(smoothstepD(0.5, 2.5, x, o).v).toBe(smoothstep(0.5, 2.5, x));
      expect(Math.abs(o.d - fd((y) => smoothstep(0.5, 2.5, y), x))).toBeLessThan(TOL);
      expect(smootherstepD(0.5, 2.5, x, o).v).toBe(smootherstep(0.5, 2.5, x));
      expect(Math.abs(o.d - fd((y) => smootherstep(0.5, 2.5, y), x))).toBeLessThan(TOL);
      expect(softLimitD(x * 3, 2, o).v).toBe(softLimit(x * 3, 2));
      expect(Math.abs(o.d - fd((y) => softLimit(y, 2), x * 3))).toBeLessThan(TOL);
    }
    for (let t = 0.05; t < 1; t += 0.1) {
      expect(Math.abs(quinticD(t) - fd(quintic, t))).toBeLessThan(TOL);
    }
  });

  it('soft limit is odd, slope 1 at 0 and bounded by L', () => {
    const o = valueD();
    expect(softLimitD(0, 7, o).d).toBe(1);
    expect(softLimit(-3, 7)).toBe(-softLimit(3, 7));
    for (const x of [1, 10, 1e3, 1e6]) expect(softLimit(x, 7)).toBeLessThan(7);
    for (const x of [1e9, 1e300, 1e308]) expect(softLimit(x, 7)).toBeLessThanOrEqual(7);
    expect(softLimit(1e300, 7)).toBe(7);
    expect(softLimit(1e9, 7)).toBeGreaterThan(6.99);
  });
});
