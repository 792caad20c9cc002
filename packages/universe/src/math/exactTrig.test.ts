// The exact-arithmetic sine and cosine against the engine's Math.sin / Math.cos (a truth computed
// independently of the polynomials). Bound 4e-15: the truth's own argument d·π/180 is rounded once
// (up to |x|·2⁻⁵³ ≈ 1.4e-15 at 12.6 rad), plus a few ulps of the polynomial's rounding.
import { describe, expect, it } from 'vitest';
import { sinCosDeg, sinCosRad } from './exactTrig';

describe('exact trig', () => {
  it('matches Math.sin/cos in degrees over −720 … 720', () => {
    const o = { s: 0, c: 0 };
    let worst = 0;
    for (let d = -720; d <= 720; d += 0.37) {
      sinCosDeg(d, o);
      const r = (d * Math.PI) / 180;
      worst = Math.max(worst, Math.abs(o.s - Math.sin(r)), Math.abs(o.c - Math.cos(r)));
    }
    expect(worst).toBeLessThan(4e-15);
  });

  it('is exact at the quarter turns and matches in radians', () => {
    const o = { s: 0, c: 0 };
    sinCosDeg(90, o);
    expect(o.s).toBe(1);
    expect(Math.abs(o.c)).toBe(0);
    expect(sinCosDeg(-180, o).c).toBe(-1);
    let worst = 0;
    for (let x = -7; x <= 7; x += 0.013) {
      sinCosRad(x, o);
      worst = Math.max(worst, Math.abs(o.s - Math.sin(x)), Math.abs(o.c - Math.cos(x)));
    }
    expect(worst).toBeLessThan(4e-15);
  });
});
