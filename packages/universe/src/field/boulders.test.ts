import { describe, expect, it } from 'vitest';
import { getBody } from '../body/getBody';
import { canonicalBatchD } from './canonical';
import { CandidatePool, gatherRung } from './candidates';
import { ladderPlan } from './ladderPlan';
import { BOULDER_FRESHNESS, boulderStrength } from './boulders';

/** A test threshold diameter, m (any positive value; the rule lives in regolith.ts). */
const MIN_D = 64;
import { drawnGroundAtD, freshEjectaBatch } from '../tail/drawn';
import { elevationSample } from './elevation';

function directions(n: number, seed: number): Float64Array {
  const d = new Float64Array(3 * n);
  let s = seed >>> 0;
  const rnd = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296) * 2 - 1;
  for (let i = 0; i < n; i++) {
    let x: number;
    let y: number;
    let z: number;
    let r2: number;
    do {
      x = rnd();
      y = rnd();
      z = rnd();
      r2 = x * x + y * y + z * z;
    } while (r2 > 1 || r2 < 1e-6);
    const r = Math.sqrt(r2);
    d[3 * i] = x / r;
    d[3 * i + 1] = y / r;
    d[3 * i + 2] = z / r;
  }
  return d;
}

describe('boulder fields around fresh canonical craters', () => {
  it('strength needs size and freshness', () => {
    expect(boulderStrength(MIN_D / 2, MIN_D, 1)).toBe(0);
    expect(boulderStrength(MIN_D, MIN_D, BOULDER_FRESHNESS)).toBe(0);
    expect(boulderStrength(MIN_D, MIN_D, 1)).toBe(1);
    // Halfway between the freshness threshold and 1. Tolerance: 0.975 and 1.975 are stored to
    // 1.1e-16, and (f − 0.975)/(1 − 0.975) divides those errors by 0.0125 and 0.025 (both
    // subtractions exact by Sterbenz): ≤ 0.5·(8.9e-15 + 2.2e-15) + u ≈ 5.6e-15 (measured 2.2e-15).
    expect(Math.abs(boulderStrength(1e5, MIN_D, (1 + BOULDER_FRESHNESS) / 2) - 0.5)).toBeLessThan(5.6e-15);
    expect(boulderStrength(NaN, MIN_D, 1)).toBe(0);
  });

  it('Luna: a minority of the ground lies in boulder fields; batch and point agree to the bit', () => {
    const luna = getBody('luna');
    const n = 3000;
    const dirs = directions(n, 7);
    const h = new Float64Array(n);
    const canonical = new Float64Array(n);
    canonicalBatchD(luna, dirs, n, h, null, canonical);
    let inField = 0;
    for (let i = 0; i < n; i++) {
      expect(canonical[i]).toBeGreaterThanOrEqual(0);
      expect(canonical[i]).toBeLessThanOrEqual(1);
      if (canonical[i] > 0) inField++;
    }
    // Fresh (~3.6 %) craters ≥ 64 m in saturation, within 1.5 rim radii: a few per cent of the
    // surface; the bounds only say "some, not most" (3000 samples: ±1 % at these fractions).
    console.log(
      `[boulders] Luna: ${((100 * inField) / n).toFixed(2)} % of ${n} directions in a boulder field`,
    );
    expect(inField / n).toBeGreaterThan(0.005);
    expect(inField / n).toBeLessThan(0.15);
    const batch = new Float64Array(n);
    freshEjectaBatch(luna, dirs, n, batch);
    const s = elevationSample();
    for (let i = 0; i < n; i += 7) {
      const point = drawnGroundAtD(luna, { x: dirs[3 * i], y: dirs[3 * i + 1], z: dirs[3 * i + 2] }, s);
      expect(Object.is(point, batch[i])).toBe(true);
      expect(batch[i]).toBeGreaterThanOrEqual(canonical[i]);
    }
  });

  it('at a fresh crater centre the canonical signal is at least the crater boulder strength', () => {
    // Inside the rim the apron weight is 1, so the signal (a max over craters) is ≥ the strength
    // of every fresh crater whose bowl holds the sample; the craters come from the ladder's own
    // candidate lists (the same features the field sums), around a 17 km cap.
    const luna = getBody('luna');
    const plan = ladderPlan(luna);
    const pool = new CandidatePool();
    const cap = new Float64Array([0.6, 0, 0.8, 0.01]);
    const found: number[][] = [];
    for (
      let k = 1;
      k < plan.rungs && plan.diameter[k] >= plan.boulderMinYoung / 2 && found.length < 20;
      k++
    ) {
      pool.count = 0;
      gatherRung(pool, luna, plan, k, cap, 0);
      for (let j = 0; j < pool.count && found.length < 20; j++) {
        if (pool.boulder[j] > 0) found.push([pool.nx[j], pool.ny[j], pool.nz[j], pool.boulder[j]]);
      }
    }
    expect(found.length).toBe(20);
    const dirs = Float64Array.from(found.flatMap((f) => f.slice(0, 3)));
    const signal = new Float64Array(found.length);
    canonicalBatchD(luna, dirs, found.length, new Float64Array(found.length), null, signal);
    found.forEach((f, i) => expect(signal[i], `crater ${i}`).toBeGreaterThanOrEqual(f[3]));
  });
});
