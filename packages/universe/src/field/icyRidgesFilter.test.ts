/**
 * Europa's ridges under the level filter (ADR-0018, issue 15's checkered Europa): a drawn patch of
 * lattice spacing F that samples ridges narrower than two cells turns a ridge set into a moiré.
 * Under filter F every ridge it draws is at least F wide, so along a transect across the ridge
 * sets the crests it shows lie at least a crest pair's separation of an F-wide ridge apart. The
 * truth is geometric: the crests (local maxima) of the relief along transects across the sets,
 * sampled every 25 m; the full field (F = 0) shows the sets' sub-kilometre crest spacing.
 */
import { describe, expect, it } from 'vitest';
import { getBody } from '../body/getBody';
import { arcSet, ARC_STRIDE, gatherArcs } from './arcLattice';
import { icyRidgesD, ridgeOctaves } from './icyRidges';
import { landformSample } from './landforms';
import { farProbes } from '../testing/probes';

const europa = getBody('europa');
const STEP_M = 25;
const HALF_M = 15000;

/** Crest spacings (m) along the transect across set arc `a` through its centre, under filter F. */
function crestGaps(a: Float64Array, filterM: number): number[] {
  const k = a[9];
  const inv = a[10];
  const c = [a[0], a[1], a[2]];
  const across = [(a[3] - k * c[0]) * inv, (a[4] - k * c[1]) * inv, (a[5] - k * c[2]) * inv];
  const out = landformSample();
  const h: number[] = [];
  for (let m = -HALF_M; m <= HALF_M; m += STEP_M) {
    const t = m / europa.radius;
    const p = [c[0] + t * across[0], c[1] + t * across[1], c[2] + t * across[2]];
    const l = Math.sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]);
    h.push(icyRidgesD(europa, p[0] / l, p[1] / l, p[2] / l, out, filterM).v);
  }
  const crests: number[] = [];
  for (let i = 1; i + 1 < h.length; i++) if (h[i] > h[i - 1] && h[i] >= h[i + 1] && h[i] > 5) crests.push(i);
  const gaps: number[] = [];
  for (let i = 1; i < crests.length; i++) gaps.push((crests[i] - crests[i - 1]) * STEP_M);
  return gaps;
}

describe('Europa ridges under the level filter', () => {
  it('under a 1 km filter no two crests lie closer than 0.5 km; the full field has closer ones', () => {
    // Twenty sets of the coarsest set octave, found from fixed probes; transects through their centres.
    const oct = ridgeOctaves(europa).find((o) => o.set)!;
    const set = arcSet();
    const seen = new Set<number>();
    const arcs: Float64Array[] = [];
    for (const p of farProbes(0x5e7, 3000)) {
      gatherArcs(oct.lattice, p.x, p.y, p.z, set);
      for (let i = 0; i < set.count && arcs.length < 20; i++) {
        const a = set.arcs.slice(ARC_STRIDE * i, ARC_STRIDE * (i + 1));
        if (seen.has(a[11])) continue;
        seen.add(a[11]);
        arcs.push(a);
      }
      if (arcs.length >= 20) break;
    }
    expect(arcs.length).toBe(20);
    const F = 1000;
    const full = arcs.flatMap((a) => crestGaps(a, 0));
    const drawn = arcs.flatMap((a) => crestGaps(a, F));
    // A double ridge's crests sit at ±0.55 of its half-width, so an F-wide ridge's are ≥ 0.55·F
    // apart, and crests of different ridges farther: bound 0.5·F (two 25 m samples of slack).
    expect(Math.min(...full), "full field: the sets' sub-F crest spacing").toBeLessThan(0.5 * F);
    expect(drawn.length, 'some ridges remain under the filter').toBeGreaterThan(0);
    expect(Math.min(...drawn), `closest crests under a ${F} m filter`).toBeGreaterThanOrEqual(0.5 * F);
  });
});
