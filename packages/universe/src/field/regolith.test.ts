/**
 * Boulder fields need an excavation through the regolith (ADR-0007, regolith.ts): per body and
 * unit, craters smaller than regolith / BOULDER_EXCAVATION_DEPTH carry none, and cover's rock
 * abundance reads the same canonical signal scatter does. Truths: the published regolith
 * thicknesses (McKay et al. 1991; Golombek et al. 2020) and the ladder's own candidate lists.
 */
import { describe, expect, it } from 'vitest';
import { getBody } from '../body/getBody';
import { coverAt, ROCK_COVER_FULL_K } from '../cover/cover';
import { rockAbundance, slopeTangent, terrainUnit } from '../cover/groundClass';
import { drawnGroundAtD } from '../tail/drawn';
import { CandidatePool, gatherRung } from './candidates';
import { elevationSample } from './elevation';
import { ladderPlan } from './ladderPlan';
import { BOULDER_EXCAVATION_DEPTH, regolithM } from './regolith';

/** Walks ladder candidate lists and cover batches: ~12 s on a loaded 2-core machine. */
const SLOW = { timeout: 300_000 };

describe('excavation threshold per body and unit', () => {
  it('regolith thickness inside the published ranges', () => {
    const luna = getBody('luna');
    const mars = getBody('mars');
    // McKay et al. 1991: maria 4–5 m, highlands ~10–15 m; Mars' plains a few metres (InSight ~3 m,
    // Golombek et al. 2020): 2–5 m.
    const mare = regolithM(luna, luna.grammar.units.plain!.ageGyr);
    const highland = regolithM(luna, luna.grammar.units.highland.ageGyr);
    const marsPlain = regolithM(mars, mars.grammar.units.plain!.ageGyr);
    expect(mare).toBeGreaterThanOrEqual(4);
    expect(mare).toBeLessThanOrEqual(5);
    expect(highland).toBeGreaterThanOrEqual(10);
    expect(highland).toBeLessThanOrEqual(15);
    expect(marsPlain).toBeGreaterThanOrEqual(2);
    expect(marsPlain).toBeLessThanOrEqual(5);
    // Younger ground, thinner regolith; a fresh surface none.
    expect(regolithM(getBody('earth'), 0.1)).toBeLessThan(mare);
    expect(regolithM(luna, 0)).toBe(0);
  });

  it('Luna: mare-age craters dig boulders from ~50 m, older ones only above ~130 m', SLOW, () => {
    const luna = getBody('luna');
    const plan = ladderPlan(luna);
    // Excavation ≈ 0.08–0.1·D (Melosh 1989) through 4–5 m and 10–15 m.
    expect(plan.boulderMinYoung * BOULDER_EXCAVATION_DEPTH).toBeCloseTo(regolithM(luna, 3.5), 12);
    expect(plan.boulderMinYoung).toBeGreaterThan(4 / 0.1);
    expect(plan.boulderMinYoung).toBeLessThan(5 / 0.08);
    expect(plan.boulderMinOld).toBeGreaterThan(10 / 0.1);
    expect(plan.boulderMinOld).toBeLessThan(15 / 0.08);
    // The ladder's own candidates around a 17 km cap: no boulder field below its unit's threshold,
    // and some young craters between the two thresholds do carry one (the rule is per unit).
    const pool = new CandidatePool();
    const cap = new Float64Array([0.6, 0, 0.8, 0.01]);
    let between = 0;
    let seen = 0;
    for (let k = 1; k < plan.rungs; k++) {
      if (plan.diameter[k] > 400 || plan.diameter[k] < 16) continue;
      pool.count = 0;
      gatherRung(pool, luna, plan, k, cap, 0);
      for (let j = 0; j < pool.count; j++) {
        if (!(pool.boulder[j] > 0)) continue;
        seen++;
        const d = pool.diameter[j];
        expect(d).toBeGreaterThanOrEqual(plan.boulderMinYoung);
        if (d < plan.boulderMinOld) {
          // Only craters younger than the mare (young weight 1) may dig through mare regolith.
          expect(pool.young[j]).toBe(1);
          between++;
        }
      }
    }
    expect(seen).toBeGreaterThan(10);
    expect(between).toBeGreaterThan(0);
  });

  it('cover rock abundance reads the canonical boulder signal, not the tail ejecta', SLOW, () => {
    // At metre-crater ejecta outside any excavating crater the merged signal is > 0 but the rock
    // nibble must be the background k (scatter's rule); found by a walk over a Luna patch.
    const luna = getBody('luna');
    const s = elevationSample();
    const boulders = new Float64Array(1);
    const cover = new Uint8Array(2);
    let checked = 0;
    for (let i = 0; i < 40000 && checked < 5; i++) {
      const a = 0.3 + (i % 80) * 2e-6;
      const b = 0.2 + Math.floor(i / 80) * 2e-6;

      const n = Math.hypot(a, b, 1);
      const dir = { x: a / n, y: b / n, z: 1 / n };
      const merged = drawnGroundAtD(luna, dir, s, boulders);
      if (!(merged > 0.2) || boulders[0] !== 0) continue;
      const tan = slopeTangent(luna, s.h, s.gx, s.gy, s.gz);
      const unit = terrainUnit(luna, s.h, dir.x, dir.y, dir.z);
      const nib = (k: number): number =>
        Math.min(15, Math.max(0, Math.floor((15 * k) / ROCK_COVER_FULL_K + 0.5)));
      const background = nib(rockAbundance(luna, unit, 0, tan));
      // Only where the two rules give different nibbles does the sample tell them apart.
      if (nib(rockAbundance(luna, unit, merged, tan)) === background) continue;
      coverAt(luna, dir, cover);
      expect(cover[1] & 15).toBe(background);
      checked++;
    }
    expect(checked).toBe(5);
  });
});
