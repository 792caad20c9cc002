// regionScatterSource (ADR-0013): per size class it resolves only the cells near the eye, and
// returns exactly the rocks of the universe's scatter within each class's tier range — compared
// with a brute-force truth: whole-class `regionScatter` calls filtered by distance here.
import { describe, expect, it } from 'vitest';
import {
  faceToDirection,
  getBody,
  regionOf,
  regionScatter,
  ROCK_CLASSES,
  rockClassMinDiameter,
  rockClassSlotRange,
  drawnSurfaceRadius,
  type Body,
  type Region,
} from '@landfall/universe';
import { regionScatterSource } from './regionScatterSource';
import { rockTier, tierFadeEnd } from './rockTiers';

declare const console: { log(...args: unknown[]): void };

/** Every rock of class `c` in `regions` within `range` of `eye`, as sorted position keys. */
function brute(body: Body, regions: Region[], c: number, eye: number[], range: number): string[] {
  const keys: string[] = [];
  for (const r of regions) {
    for (const rock of regionScatter(body, r, rockClassSlotRange(c))) {
      const p = rock.position;
      if (Math.hypot(p.x - eye[0], p.y - eye[1], p.z - eye[2]) <= range) keys.push(`${p.x},${p.y},${p.z}`);
    }
  }
  return keys.sort();
}

describe('regionScatterSource', () => {
  it(
    'returns exactly the scatter within each class tier range, coarse classes first',
    { timeout: 300_000 },
    () => {
      const body = getBody('luna');
      // A point well inside a region (so pebble and cobble ranges stay in it).
      const near = regionOf(body, faceToDirection(2, 0.3, 0.2, { x: 0, y: 0, z: 0 }));
      const n = 10661; // Luna's regions per face edge (ADR-0007)
      const d = faceToDirection(2, -1 + (2 * (near.i + 0.5)) / n, -1 + (2 * (near.j + 0.5)) / n, {
        x: 0,
        y: 0,
        z: 0,
      });
      const rad = drawnSurfaceRadius(body, d) + 2;
      const eye = [d.x * rad, d.y * rad, d.z * rad];
      const home = regionOf(body, d);
      const nine: Region[] = [];
      for (let dj = -1; dj <= 1; dj++)
        for (let di = -1; di <= 1; di++) nine.push({ ...home, i: home.i + di, j: home.j + dj });
      const t0 = performance.now();
      const got = regionScatterSource.rocksNear(body, eye, 0);
      const ms = performance.now() - t0;
      const byClass: string[][] = Array.from({ length: ROCK_CLASSES }, () => []);
      let last = ROCK_CLASSES;
      for (const r of got) {
        const c = Math.floor(Math.log2(r.scale[0] * 32));
        expect(c).toBeLessThanOrEqual(last); // coarse first
        last = c;
        byClass[c].push(`${r.position[0]},${r.position[1]},${r.position[2]}`);
      }
      const counts: number[] = [];
      for (let c = 0; c < ROCK_CLASSES; c++) {
        const range = tierFadeEnd(rockTier(rockClassMinDiameter(c)));
        // Pebble and cobble ranges (≤ 32 m) lie inside the home region; blocks need all nine.
        const truth = brute(body, range > 64 ? nine : [home], c, eye, range);
        expect(byClass[c].sort()).toEqual(truth);
        counts.push(truth.length);
      }
      console.log(
        `[source] luna 2 m: ${got.length} rocks in ${ms.toFixed(0)} ms; per class ${counts.join(', ')}`,
      );
      // Teeth: pebbles are there.
      expect(counts[0]).toBeGreaterThan(20);
    },
  );
});
