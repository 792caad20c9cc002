/**
 * Europa's lenticulae spots (ADR-0018 "Lenticulae spots"): where the stain is strong the relief is a
 * pit, judged on the canonical elevation (not on the stain's own gather), and a spot seen by
 * coarse cells keeps its integrated darkness.
 */
import { describe, expect, it } from 'vitest';
import { getBody } from '../body/getBody';
import { elevationAt } from './elevation';
import { lenticulaStain } from './lenticulae';
import { LENTICULA_STAIN } from './landformTunables';

const europa = getBody('europa');

/** Deterministic uniform directions on the sphere (an LCG: the test's own draws). */
function directions(n: number, seed: number): number[][] {
  let s = seed;
  const rnd = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  return Array.from({ length: n }, () => {
    const z = 2 * rnd() - 1;
    const t = 2 * Math.PI * rnd();
    const r = Math.sqrt(1 - z * z);
    return [r * Math.cos(t), r * Math.sin(t), z];
  });
}

/** Unit tangents e1, e2 at unit d. */
function tangents(d: number[]): [number[], number[]] {
  const a = Math.abs(d[2]) < 0.9 ? [0, 0, 1] : [1, 0, 0];
  const e1 = [a[1] * d[2] - a[2] * d[1], a[2] * d[0] - a[0] * d[2], a[0] * d[1] - a[1] * d[0]];
  const l = Math.hypot(e1[0], e1[1], e1[2]);
  const u = e1.map((v) => v / l);
  const e2 = [d[1] * u[2] - d[2] * u[1], d[2] * u[0] - d[0] * u[2], d[0] * u[1] - d[1] * u[0]];
  return [u, e2];
}

/** The unit direction `m` metres from d along the tangent (a, b). */
function offset(d: number[], t: [number[], number[]], a: number, b: number): number[] {
  const k = 1 / europa.radius;
  const p = d.map((v, i) => v + k * (a * t[0][i] + b * t[1][i]));
  const l = Math.hypot(p[0], p[1], p[2]);
  return p.map((v) => v / l);
}

const elev = (d: number[]) => elevationAt(europa, { x: d[0], y: d[1], z: d[2] });

describe('lenticulae spots', () => {
  it('a strong stain lies in a pit: lower than the ground 3 km around it', () => {
    // > 0.6 of 0.7 puts a point within ~0.27 of its spot's radius from the pit's centre; a pit
    // (5–20 km across, 0.08·d deep) is lower there than anywhere 3 km out, a dome higher.
    const spots = directions(60_000, 7).filter((d) => lenticulaStain(europa, d[0], d[1], d[2]) > 0.6);
    let low = 0;
    for (const d of spots) {
      const t = tangents(d);
      let ring = 0;
      for (let i = 0; i < 8; i++) {
        const a = (i * Math.PI) / 4;
        ring += elev(offset(d, t, 3000 * Math.cos(a), 3000 * Math.sin(a))) / 8;
      }
      if (elev(d) < ring) low++;
    }
    console.log(`[lenticulae] ${spots.length} strong-stain points, ${low} lower than their 3 km ring`);
    expect(spots.length).toBeGreaterThan(50);
    // Staining domes too (planted) gives ~half; a few pits sit on ridges or rims that tilt the ring.
    expect(low / spots.length).toBeGreaterThan(0.85);
  });

  it('a spot seen by coarse cells widens and fades by its area: the same integrated darkness', () => {
    // A strong spot: the first sampled point with a stain > 0.65.
    const centre = directions(60_000, 11).find((d) => lenticulaStain(europa, d[0], d[1], d[2]) > 0.65)!;
    expect(centre).toBeDefined();
    const t = tangents(centre);
    // Sum the stain on a 1 km grid over a 40 km square around it, unfiltered and at a 6 km filter
    // (F = 12 km: wider than any spot's radius, 3–12 km).
    const sum = (filterM: number) => {
      let s = 0;
      let peak = 0;
      for (let a = -20_000; a <= 20_000; a += 1000) {
        for (let b = -20_000; b <= 20_000; b += 1000) {
          const d = offset(centre, t, a, b);
          const w = lenticulaStain(europa, d[0], d[1], d[2], filterM);
          s += w;
          if (w > peak) peak = w;
        }
      }
      return { s, peak };
    };
    const fine = sum(0);
    const coarse = sum(6000);
    console.log(
      `[lenticulae] 40 km square: integrated stain ${fine.s.toFixed(1)} (peak ${fine.peak.toFixed(3)}) unfiltered, ${coarse.s.toFixed(1)} (peak ${coarse.peak.toFixed(3)}) at a 6 km filter`,
    );
    expect(fine.peak).toBeGreaterThan(0.65);
    // Faded where widened: the peak drops (spots overlap here, so the unfiltered peak tops
    // LENTICULA_STAIN).
    expect(fine.peak).toBeGreaterThan(LENTICULA_STAIN - 0.05);
    expect(coarse.peak).toBeLessThan(0.8 * fine.peak);
    // Spots joined as 1 − Π(1 − w) overlap less once faded, so the filtered sum may exceed the
    // unfiltered one a little; drawn at full weight and F wide (no fade) it would be 2–10×.
    expect(coarse.s / fine.s).toBeGreaterThan(0.8);
    expect(coarse.s / fine.s).toBeLessThan(1.3);
  });
});
