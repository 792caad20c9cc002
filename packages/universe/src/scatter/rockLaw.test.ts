// The scatter meets Golombek & Rapp's law (ADR-0007): per size class, the rocks a region resolves
// are compared with an expectation computed here independently — the region's area from spherical
// geometry (two spherical triangles, Van Oosterom & Strackee 1983), the ground sampled on a grid of
// points through the point APIs, k from the ground, and the number density n_k(D) = (4/π)·k·q·
// e^(−qD)/D² integrated with Math.exp by Simpson's rule — not from rockClasses' slot arithmetic.
import { describe, expect, it } from 'vitest';
import { getBody } from '../body/getBody';
import { bodyIds } from '../body/getBody';
import type { Body } from '../body/Body';
import { faceToDirection } from '../cube/CubeSphere';
import { canonicalAtD } from '../field/canonical';
import { elevationSample } from '../field/elevation';
import { drawnElevationAtD } from '../tail/drawn';
import { maxRockAbundance, rockAbundance, slopeTangent, terrainUnit } from '../cover/groundClass';
import { regionGrid, regionOf, type Region } from './regionGrid';
import { regionAreaM2 } from './regionArea';
import { regionScatter } from './regionScatter';
import {
  classAcceptance,
  ROCK_CLASSES,
  ROCK_K_CAP,
  rockClassCells,
  rockClassMinDiameter,
  rockClassSlotRange,
} from './rockClasses';

declare const console: { log(...args: unknown[]): void };
const SLOW = { timeout: 300_000 };
/** 40°: rocks do not rest on steeper ground (ADR-0007). */
const REST_TAN = Math.tan((40 * Math.PI) / 180);

type V = [number, number, number];
const dirOf = (face: number, s: number, t: number): V => {
  const d = faceToDirection(face, s, t, { x: 0, y: 0, z: 0 });
  return [d.x, d.y, d.z];
};
const dot = (a: V, b: V): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const triple = (a: V, b: V, c: V): number =>
  a[0] * (b[1] * c[2] - b[2] * c[1]) -
  a[1] * (b[0] * c[2] - b[2] * c[0]) +
  a[2] * (b[0] * c[1] - b[1] * c[0]);
/** Solid angle of the spherical triangle a b c (Van Oosterom & Strackee 1983). */
const solid = (a: V, b: V, c: V): number =>
  2 * Math.abs(Math.atan2(triple(a, b, c), 1 + dot(a, b) + dot(b, c) + dot(c, a)));

/** Area of a region on the body's sphere, m², from spherical geometry. */
function sphericalArea(body: Body, r: Region): number {
  const n = regionGrid(body);
  const s0 = -1 + (2 * r.i) / n;
  const s1 = -1 + (2 * (r.i + 1)) / n;
  const t0 = -1 + (2 * r.j) / n;
  const t1 = -1 + (2 * (r.j + 1)) / n;
  const a = dirOf(r.face, s0, t0);
  const b = dirOf(r.face, s1, t0);
  const c = dirOf(r.face, s1, t1);
  const d = dirOf(r.face, s0, t1);
  return (solid(a, b, c) + solid(a, c, d)) * body.radius * body.radius;
}

/** ∫ n_k(D) dD over [d0, d1] per m² (Simpson, 400 intervals: relative error ≪ 1e-6 here). */
function lawCount(k: number, d0: number, d1: number): number {
  if (!(k > 0)) return 0;
  const q = 1.79 + 0.152 / k;
  const f = (d: number): number => ((4 / Math.PI) * k * q * Math.exp(-q * d)) / (d * d);
  const m = 400;
  const h = (d1 - d0) / m;
  let sum = f(d0) + f(d1);
  for (let i = 1; i < m; i++) sum += (i % 2 ? 4 : 2) * f(d0 + i * h);
  return (sum * h) / 3;
}

/**
 * Expected rocks of class `c` in `region` and its standard error from the G × G ground samples
 * (the spatial mean of the law is estimated, so its sampling error joins the Poisson one).
 */
function expected(body: Body, r: Region, c: number, g = 24): { mean: number; se: number } {
  const n = regionGrid(body);
  const area = sphericalArea(body, r);
  const d0 = rockClassMinDiameter(c);
  const out = elevationSample();
  const ej = new Float64Array(1);
  const vals: number[] = [];
  for (let a = 0; a < g; a++) {
    for (let b = 0; b < g; b++) {
      const s = -1 + (2 * (r.i + (a + 0.5) / g)) / n;
      const t = -1 + (2 * (r.j + (b + 0.5) / g)) / n;
      const v = faceToDirection(r.face, s, t, { x: 0, y: 0, z: 0 });
      drawnElevationAtD(body, v, out);
      const tan = slopeTangent(body, out.h, out.gx, out.gy, out.gz);
      canonicalAtD(body, v, elevationSample(), ej); // the boulder-field signal alone
      const k = tan > REST_TAN ? 0 : rockAbundance(body, terrainUnit(body, out.h, v.x, v.y, v.z), ej[0], tan);
      vals.push(area * lawCount(k, d0, 2 * d0));
    }
  }
  const mean = vals.reduce((x, y) => x + y, 0) / vals.length;
  const v = vals.reduce((x, y) => x + (y - mean) * (y - mean), 0) / (vals.length - 1);
  return { mean, se: Math.sqrt(v / vals.length) };
}

function regionAt(id: string, face: number, s: number, t: number): Region {
  return regionOf(getBody(id), faceToDirection(face, s, t, { x: 0, y: 0, z: 0 }));
}

describe('rock supply follows Golombek & Rapp', () => {
  it('region areas are the true areas on the sphere (0.64 … 0.99 of nominal)', () => {
    for (const [id, face, s, t] of [
      ['luna', 4, 0, 0],
      ['luna', 4, 0.999, 0.999],
      ['mars', 2, -0.7, 0.3],
      ['mars', 0, 0.9999, -0.2],
    ] as const) {
      const body = getBody(id);
      const r = regionAt(id, face, s, t);
      // Tolerance 1e-6: the vector area and the spherical area differ by O((L/R)²) ≈ 1e-8, and
      // atan2 of a ~1e-8 solid angle from differences of unit vectors keeps ~1e-8 relative.
      expect(Math.abs(regionAreaM2(body, r) / sphericalArea(body, r) - 1)).toBeLessThan(1e-6);
    }
    // Phobos: the regions of a face tile a sixth of the sphere. Tolerance 1e-3: regions there are
    // 256 m on R = 11 km, so the planar vector area is short of the spherical by ~(L/R)²/12… per
    // region, ≈ 2e-4 systematic.
    const phobos = getBody('phobos');
    const n = regionGrid(phobos);
    let sum = 0;
    let lo = Infinity;
    let hi = 0;
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const a = regionAreaM2(phobos, { face: 3, i, j });
        sum += a;
        lo = Math.min(lo, a);
        hi = Math.max(hi, a);
      }
    }
    const sixth = (4 * Math.PI * phobos.radius * phobos.radius) / 6;
    expect(Math.abs(sum / sixth - 1)).toBeLessThan(1e-3);
    console.log(`phobos face: area sum / (4πR²/6) = ${sum / sixth}; region area ${lo} … ${hi} m²`);
  });

  it('no slot grid saturates on any body, at any rock cover', () => {
    expect(bodyIds().length).toBeGreaterThan(10);
    for (const id of bodyIds()) {
      const body = getBody(id);
      expect(maxRockAbundance(body)).toBeLessThanOrEqual(ROCK_K_CAP);
      // The largest cell of each class on this body: regions are at most 0.99 of nominal (above).
      const n = regionGrid(body);
      const r = regionOf(body, faceToDirection(0, 0, 0, { x: 0, y: 0, z: 0 }));
      expect(r.i).toBe(Math.floor(n / 2));
      for (let c = 0; c < ROCK_CLASSES; c++) {
        const e = rockClassCells(c);
        const cell = regionAreaM2(body, r) / (e * e);
        // The acceptance peaks at the class's smallest diameter and grows with k.
        const worst = classAcceptance(c, maxRockAbundance(body), rockClassMinDiameter(c), cell);
        expect(worst).toBeLessThanOrEqual(1);
        expect(classAcceptance(c, ROCK_K_CAP, rockClassMinDiameter(c), cell)).toBeLessThanOrEqual(1);
      }
    }
  });

  // Regions: Mars near a face centre (area 0.99 of nominal) and near a face corner (0.65), and a
  // lunar plain. Class 3 (0.25–0.5 m) on Mars holds the most rocks per region (~10⁴).
  const cases: [string, number, number, number, number][] = [
    ['mars', 4, 0.05, -0.1, 4],
    ['mars', 4, 0.05, -0.1, 3],
    ['mars', 1, 0.97, -0.96, 3],
    ['luna', 2, 0.3, 0.2, 2],
    ['luna', 2, 0.95, 0.97, 2],
  ];
  it.each(cases)('%s face %i (%f, %f) class %i: count within 4σ of the law', SLOW, (id, face, s, t, c) => {
    const body = getBody(id);
    const r = regionAt(id, face, s, t);
    const got = regionScatter(body, r, rockClassSlotRange(c));
    const d0 = rockClassMinDiameter(c);
    for (const rock of got) {
      expect(rock.sizeClass).toBe(c);
      expect(rock.scale.x).toBeGreaterThanOrEqual(d0);
      expect(rock.scale.x).toBeLessThan(2 * d0);
    }
    const { mean, se } = expected(body, r, c);
    // 4σ: Poisson √E for the count and the ground sample's standard error for the expectation;
    // deterministic, so a pass is a pass, and a 4σ miss is a real disagreement.
    const sigma = Math.sqrt(mean + se * se);
    console.log(
      `${id} f${face} (${s}, ${t}) class ${c}: ${got.length} rocks, law ${mean.toFixed(1)} ± ${sigma.toFixed(1)}, area ${(regionAreaM2(body, r) / 65536).toFixed(3)} of nominal`,
    );
    expect(mean).toBeGreaterThan(100);
    expect(Math.abs(got.length - mean)).toBeLessThan(4 * sigma);
  });
});
