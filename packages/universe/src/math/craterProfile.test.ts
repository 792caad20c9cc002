import { describe, expect, it } from 'vitest';
import {
  CRATER_DEPTH_RATIO,
  CRATER_EJECTA_REACH,
  CRATER_RIM_RATIO,
  craterProfileD,
  craterShape,
  craterShapeNew,
} from './craterProfile';
import { valueD } from './smooth';

const o = valueD();
const h = (q: number, s: ReturnType<typeof craterShapeNew>): number => craterProfileD(q, s, o).v;

describe('crater profile', () => {
  const simple = craterShape(craterShapeNew(), 1000, 15000, 1);
  const complex = craterShape(craterShapeNew(), 60000, 15000, 1);

  it('simple bowl: floor at rim − 0.2·D, rim at 0.036·D, zero at the reach', () => {
    expect(h(0, simple)).toBeCloseTo((CRATER_RIM_RATIO - CRATER_DEPTH_RATIO) * 1000, 9);
    expect(h(1, simple)).toBeCloseTo(CRATER_RIM_RATIO * 1000, 9);
    const qe = CRATER_EJECTA_REACH * CRATER_EJECTA_REACH;
    expect(h(qe, simple)).toBe(0);
    expect(craterProfileD(qe * 2, simple, o).d).toBe(0);
    expect(h(qe - 1e-9, simple)).toBeGreaterThan(0);
    // Ejecta thins as (r/R)^-3 near the rim: at r = 1.2 R within 20% of rim·1.2^-3 (taper factor).
    expect(h(1.44, simple) / (36 * 1.2 ** -3)).toBeGreaterThan(0.8);
  });

  it('complex: shallower, flat floor with a central peak', () => {
    expect(complex.depth / 60000).toBeLessThan(0.2 / 2);
    expect(h(0.1, complex)).toBe(h(0.15, complex)); // flat floor between peak and wall
    expect(h(0, complex)).toBeGreaterThan(h(0.1, complex));
    expect(complex.qf).toBeGreaterThan(0);
  });

  it('C¹: derivative matches central differences, also across rim, floor edge and reach', () => {
    for (const s of [simple, complex, craterShape(craterShapeNew(), 800, 15000, 0.3)]) {
      const scale = s.depth + s.rim;
      for (let q = 0.003; q < 7; q += 0.0137) {
        const e = 1e-7;
        const num = (h(q + e, s) - h(q - e, s)) / (2 * e);
        craterProfileD(q, s, o);
        // Relative to the profile's scale; kinks would show as O(scale) errors.
        expect(Math.abs(o.d - num) / scale).toBeLessThan(1e-5);
      }
      // Slopes on both sides of the rim and of the reach agree (no kink).
      const l = craterProfileD(1 - 1e-12, s, o).d;
      const r = craterProfileD(1, s, o).d;
      expect(Math.abs(l - r) / scale).toBeLessThan(1e-9);
    }
  });
});
