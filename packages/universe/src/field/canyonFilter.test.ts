/**
 * Canyon walls under the level filter (ADR-0018, issue 15's "teeth"): a drawn patch of lattice
 * spacing F samples a canyon wall; a wall narrower than two cells comes out as a staircase of
 * cell-wide teeth. Under filter F the place stage widens each wall to at least
 * PLACE_CANYON_FILTER_CELLS·F about its middle and keeps the floor's depth; F = 0 leaves the
 * full field's narrow wall. Measured on the place stage alone (placesD on a flat band), across
 * Coprates, Ius and Tithonium, north–south transects (directions by Math.sin/cos).
 */
import { describe, expect, it } from 'vitest';
import { getBody } from '../body/getBody';
import { PLACE_CANYON_FILTER_CELLS } from '../places/placeTunables';
import { bandSample } from './bands';
import { placeAdd, placesBegin, placesD } from './placeStage';
import { derivativeHarness } from '../testing/derivativeHarness';
import type { Vec3 } from '../math/vec3';

const DEG = Math.PI / 180;
const mars = getBody('mars');
const STEP_M = 250;
const HALF_M = 150000;

/** Place-stage height along the meridian through (lat, lon), −HALF_M … HALF_M north, under filter F. */
function transect(latDeg: number, lonDeg: number, filterM: number): number[] {
  const n = (2 * HALF_M) / STEP_M + 1;
  const dirs = new Float64Array(3 * n);
  for (let i = 0; i < n; i++) {
    const la = latDeg * DEG + (-HALF_M + i * STEP_M) / mars.radius;
    dirs[3 * i] = Math.cos(la) * Math.cos(lonDeg * DEG);
    dirs[3 * i + 1] = Math.cos(la) * Math.sin(lonDeg * DEG);
    dirs[3 * i + 2] = Math.sin(la);
  }
  placesBegin(mars, dirs, n, filterM);
  const band = bandSample();
  const add = placeAdd();
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    Object.assign(band, bandSample());
    placesD(dirs[3 * i], dirs[3 * i + 1], dirs[3 * i + 2], band, add);
    out.push(band.h + add.v);
  }
  return out;
}

/** Horizontal span (m) of the north wall between 10 % and 90 % of the floor's depth. */
function northWall(h: number[]): { span: number; depth: number } {
  const mid = (h.length - 1) / 2;
  const depth = -h[mid];
  let lo = mid;
  while (lo < h.length - 1 && -h[lo] > 0.9 * depth) lo++;
  let hi = lo;
  while (hi < h.length - 1 && -h[hi] > 0.1 * depth) hi++;
  return { span: (hi - lo) * STEP_M, depth };
}

describe('canyon walls under the level filter', () => {
  // [name, lat, lon]: the middle of the segment east of each IAU centre (vallesMarineris.ts). At a
  // vertex two segments' walls overlap and join as 1 − (1 − w)², which steepens the 10–90 % span
  // by ~0.83; the bound below is a single segment's. 20 km: about the lattice spacing of the
  // patches that draw Valles Marineris from 2,000 km (a wall of 17–19 km there was drawn as teeth).
  const chasmata: [string, number, number][] = [
    ['Coprates', -13.75, 300.3],
    ['Ius', -7.27, 276.6],
    ['Tithonium', -4.75, 277.25],
  ];
  const F = 20000;
  // smootherstep rises from 10 % to 90 % over 0.508 of its span (t = 0.246 … 0.754), so a wall of
  // at least 2F shows a 10–90 % span of at least 1.016F: bound F.
  it('widens every wall to ≥ 2 filter cells and keeps the floor; the full field keeps its narrow wall', () => {
    for (const [name, lat, lon] of chasmata) {
      const full = northWall(transect(lat, lon, 0));
      const drawn = northWall(transect(lat, lon, F));
      expect(full.depth, `${name} depth`).toBeGreaterThan(5000);
      // The canonical wall is narrower than the filtered bound (else the test could not fail).
      expect(full.span, `${name} full-field wall`).toBeLessThan(F);
      expect(drawn.span, `${name} wall under ${F} m`).toBeGreaterThanOrEqual(
        (PLACE_CANYON_FILTER_CELLS / 2) * F,
      );
      // The floor keeps its depth (the widening is capped so the floor edge stays ≥ 0).
      expect(Math.abs(drawn.depth - full.depth), `${name} floor`).toBeLessThan(0.01 * full.depth);
    }
  });

  it('keeps the exact gradient under the filter (the widened wall and its blend along the path)', () => {
    const band = bandSample();
    const add = placeAdd();
    const one = new Float64Array(3);
    const field = (d: Readonly<Vec3>, o: { h: number; gx: number; gy: number; gz: number }) => {
      one[0] = d.x;
      one[1] = d.y;
      one[2] = d.z;
      placesBegin(mars, one, 1, F);
      Object.assign(band, bandSample());
      placesD(d.x, d.y, d.z, band, add);
      o.h = band.h;
      o.gx = band.gx;
      o.gy = band.gy;
      o.gz = band.gz;
      return o;
    };
    // Points on the widened walls (25–45 km north and south of each axis point) and at vertices.
    const dirs: Vec3[] = [];
    for (const [, lat, lon] of [...chasmata, ['Coprates vertex', -13.4, 298.6] as const])
      for (const km of [-45, -35, -25, 25, 35, 45]) {
        const la = (lat + km / (mars.radius / 1000) / DEG) * DEG;
        dirs.push({
          x: Math.cos(la) * Math.cos(lon * DEG),
          y: Math.cos(la) * Math.sin(lon * DEG),
          z: Math.sin(la),
        });
      }
    // Step 1 m: far below the walls' 20–45 km curvature scale. Bound and teeth as in derivatives.test.ts.
    const res = derivativeHarness(field, dirs, 1 / mars.radius);
    expect(res.worst / res.steepest).toBeLessThan(0.01);
    expect(res.steepest / mars.radius).toBeGreaterThan(0.01);
  });
});
