import { describe, expect, it } from 'vitest';
import { microPlan } from '../tail/microPlan';
import { BODIES } from './getBody';
import { AIR_FLOOR_PRESSURE_PA, AIR_FULL_PRESSURE_PA, airFromPressure, deriveGrammar } from './grammar';
import { ZOO_FACTS } from './zoo';

/** The universe package has no DOM or Node typings; tests print figures through the host console. */
declare const console: { log(...args: unknown[]): void };

describe('air law (ADR-0003)', () => {
  it('is x^(3/32) of the pressure above the floor, 0 at and below the floor, 1 at Venus', () => {
    expect(airFromPressure(0)).toBe(0);
    expect(airFromPressure(AIR_FLOOR_PRESSURE_PA)).toBe(0);
    expect(airFromPressure(AIR_FULL_PRESSURE_PA)).toBe(1);
    expect(airFromPressure(2 * AIR_FULL_PRESSURE_PA)).toBe(1);
    let prev = 0;
    for (let p = 11; p < AIR_FULL_PRESSURE_PA; p *= 1.37) {
      const air = airFromPressure(p);
      const x = (p - AIR_FLOOR_PRESSURE_PA) / (AIR_FULL_PRESSURE_PA - AIR_FLOOR_PRESSURE_PA);
      // Tolerance, u = 2^-53: five correctly rounded square roots leave s within (1 + ½ + ¼ + ⅛ +
      // 1/16)u ≈ 1.94u, the cube triples that and its two products add 2u (7.8u), and V8's pow
      // is within 1 ulp: 9u ≈ 1e-15. 2e-15 leaves a factor 2 (measured worst 3 ulps, 6.7e-16).
      expect(Math.abs(air / Math.pow(x, 3 / 32) - 1)).toBeLessThan(2e-15);
      expect(air).toBeGreaterThan(prev);
      prev = air;
    }
  });

  it('refuses a pressure that is not a number ≥ 0', () => {
    for (const bad of [NaN, -1, -Infinity]) {
      expect(() => airFromPressure(bad)).toThrow(/surface pressure must be a number ≥ 0 Pa/);
    }
  });

  it('crater density is (1 − youth)(1 − air), youth = 1 − age / 4 Gyr (recorded and by Math.pow)', () => {
    const g = (id: string) => deriveGrammar(ZOO_FACTS.find((f) => f.id === id)!);
    // Literal values, hand-derived: Luna 0 Pa, 3.9 Gyr → air 0, youth 1 − 0.975, density 0.975;
    // Callisto 4 Gyr → youth 0, density 1; Venus is the air = 1 bound → density 0; Mars 3.5 Gyr
    // → youth 0.125 exactly; its air is the recorded x^(3/32) at 610 Pa.
    expect([g('luna').air, g('luna').youth, g('luna').craterDensity]).toEqual([0, 1 - 0.975, 0.975]);
    expect([g('callisto').youth, g('callisto').craterDensity]).toEqual([0, 1]);
    expect([g('venus').air, g('venus').craterDensity]).toEqual([1, 0]);
    expect([g('mars').air, g('mars').youth]).toEqual([0.4051320626704513, 0.125]);
    expect(g('mars').craterDensity).toBe(0.5205094451633551);
    for (const f of ZOO_FACTS) {
      const x = Math.max(0, f.surfacePressure - 10) / (9.2e6 - 10);
      const air = Math.min(1, Math.pow(Math.min(1, x), 3 / 32));
      const youth = Math.max(0, 1 - f.resurfacingAgeGyr / 4);
      // Tolerance: air is within 2e-15 relative of the power (the air-law case above) and ≤ 1, so
      // the product moves by ≤ 2e-15, plus one rounding of a number ≤ 1 (1.1e-16).
      expect(Math.abs(deriveGrammar(f).craterDensity - (1 - youth) * (1 - air)), f.id).toBeLessThan(2.2e-15);
    }
  });

  it('the tail crater density’s air factor (1 − air)^4: Luna 1, Mars ≈ 0.13, Earth ≈ 0.014, Venus 0', () => {
    const lines: string[] = [];
    const density: Record<string, number> = {};
    for (const body of BODIES) {
      density[body.id] = microPlan(body).air4;
      // Independent route: the air law by Math.pow from the body's pressure fact. Tolerance: air is
      // within 2e-15 relative (first case) and (1 − air)^4 has slope ≤ 4 in air, plus four
      // roundings of numbers ≤ 1: 8e-15 + 4.4e-16.
      const x =
        Math.max(0, body.surfacePressure - AIR_FLOOR_PRESSURE_PA) /
        (AIR_FULL_PRESSURE_PA - AIR_FLOOR_PRESSURE_PA);
      const byPow = Math.pow(1 - Math.min(1, Math.pow(Math.min(1, x), 3 / 32)), 4);
      expect(Math.abs(density[body.id] - byPow), body.id).toBeLessThan(8.5e-15);
      lines.push(
        `${body.id.padEnd(10)} p ${String(body.surfacePressure).padStart(8)} Pa  air ${body.grammar.air.toFixed(4)}  (1 − air)^4 ${density[body.id].toPrecision(4)}`,
      );
    }
    console.log(`air and tail crater density per body:\n${lines.join('\n')}`);
    // Airless bodies and the thin-air bodies below the 10 Pa floor keep the full lunar tail.
    for (const id of ['luna', 'mercury', 'callisto', 'pluto', 'triton']) expect(density[id]).toBe(1);
    // Venus: no tail crater survives the thickest air.
    expect(density.venus).toBe(0);
    // Bands, not points: the issue quotes Mars ≈ 0.14 and Earth ≈ 0.01 as round figures; the law
    // gives 0.125 and 0.014. Bands about ±40 % around the quoted values keep the law honest without
    // pinning its last digit.
    expect(density.mars).toBeGreaterThanOrEqual(0.1);
    expect(density.mars).toBeLessThanOrEqual(0.18);
    expect(density.earth).toBeGreaterThanOrEqual(0.005);
    expect(density.earth).toBeLessThanOrEqual(0.02);
    // Titan's 1.45 bar sits just above Earth's 1 bar.
    expect(density.titan).toBeLessThan(density.earth);
    expect(density.titan).toBeGreaterThan(0);
  });
});
