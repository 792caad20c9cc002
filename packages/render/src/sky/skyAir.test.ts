import { describe, expect, it } from 'vitest';
import { getBody } from '@landfall/universe';
import { airAtEye, datumOpticalDepth, scaleHeight, type AirAtEye } from './skyAir';

const out = (): AirAtEye => ({ brightness: -1, transmission: -1, tau: -1 });

describe('airAtEye', () => {
  it('gives airless bodies no sky and full starlight', () => {
    for (const id of ['luna', 'mercury', 'europa']) {
      const a = airAtEye(getBody(id), 2, out());
      expect(a.brightness).toBe(0);
      expect(a.transmission).toBe(1);
    }
  });

  it('puts the full sky on the datum and thins it with height (Mars)', () => {
    const mars = getBody('mars');
    // Truth by hand: air 0.405 (ADR-0003 law) → τ₀ = 0.8 · 0.405 / 0.595 ≈ 0.545 (dust ≈ 0.5).
    const tau0 = (0.8 * mars.grammar.air) / (1 - mars.grammar.air);
    expect(datumOpticalDepth(mars.grammar.air)).toBeCloseTo(tau0, 12);
    expect(tau0).toBeGreaterThan(0.4);
    expect(tau0).toBeLessThan(0.7);
    expect(airAtEye(mars, 0, out()).brightness).toBeCloseTo(1, 12);
    // One scale height up the optical depth is τ₀/e; brightness (1 − e^−τ)/(1 − e^−τ₀).
    const a = airAtEye(mars, scaleHeight(mars), out());
    const t = tau0 / Math.E;
    expect(a.tau).toBeCloseTo(t, 12);
    expect(a.brightness).toBeCloseTo((1 - Math.exp(-t)) / (1 - Math.exp(-tau0)), 12);
    // In orbit (400 km, 36 scale heights) the sky is gone.
    expect(airAtEye(mars, 4e5, out()).brightness).toBeLessThan(1e-10);
  });

  it("hides every star under Venus's 9.2 MPa and dims them under Titan's haze", () => {
    expect(airAtEye(getBody('venus'), 0, out()).transmission).toBeLessThan(1e-15);
    const titan = airAtEye(getBody('titan'), 0, out());
    expect(titan.transmission).toBeLessThan(0.3);
    expect(titan.brightness).toBeCloseTo(1, 12);
  });

  it('refuses air outside [0, 1]', () => {
    expect(() => datumOpticalDepth(Number.NaN)).toThrow(/air must be in \[0, 1\]/);
    expect(() => datumOpticalDepth(1.5)).toThrow(RangeError);
  });
});
