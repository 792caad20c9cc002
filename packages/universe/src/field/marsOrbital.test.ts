// Mars at orbital scale (issue 15, ADR-0018), measured on the field and the cover with directions
// computed here from latitude and longitude (Math.sin / Math.cos / Math.atan2, independent of the
// registry's exact-arithmetic trig). Truths are published figures: Olympus Mons' caldera complex
// ~3 km deep and ~60 × 80 km (Mouginis-Mark & Robinson 1992); Tharsis Montes' summits (Plescia
// 2004); Valles Marineris' chasmata 7–10 km deep, Melas ~200 km and Ius, Coprates ~100 km wide
// (Lucchitta et al. 1992); TES albedo 0.10–0.15 dark, 0.26–0.30 bright (Christensen et al. 2001).
import { describe, expect, it } from 'vitest';
import { getBody } from '../body/getBody';
import type { Vec3 } from '../math/vec3';
import { albedoAt } from '../cover/albedoTone';
import { coverAt } from '../cover/cover';
import { derivativeHarness } from '../testing/derivativeHarness';
import { elevationAt, elevationAtD } from './elevation';

const DEG = Math.PI / 180;
const mars = getBody('mars');

/** The point `distM` from (lat, lon) along azimuth `azDeg` (0 north, 90 east), on the datum sphere. */
function at(latDeg: number, lonDeg: number, distM = 0, azDeg = 0): Vec3 {
  const la = latDeg * DEG;
  const d = distM / mars.radius;
  const az = azDeg * DEG;
  const lat2 = Math.asin(Math.sin(la) * Math.cos(d) + Math.cos(la) * Math.sin(d) * Math.cos(az));
  const lon2 =
    lonDeg * DEG +
    Math.atan2(Math.sin(az) * Math.sin(d) * Math.cos(la), Math.cos(d) - Math.sin(la) * Math.sin(lat2));
  return { x: Math.cos(lat2) * Math.cos(lon2), y: Math.cos(lat2) * Math.sin(lon2), z: Math.sin(lat2) };
}
const h = (lat: number, lon: number, d = 0, az = 0): number => elevationAt(mars, at(lat, lon, d, az));
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const albedo = (lat: number, lon: number): number => {
  const p = at(lat, lon);
  return albedoAt(mars, p.x, p.y, p.z)!;
};

describe('Mars from orbit: calderas, Tharsis Montes, Valles Marineris, albedo provinces', () => {
  it('Olympus Mons: a ~3 km deep caldera complex at its IAU centre, ~60–80 km across, and a basal escarpment', () => {
    const [lat, lon] = [18.65, 226.2];
    // The summit ring 70 km out (beyond the complex, on the shield's flat top).
    const rim = median([0, 45, 90, 135, 180, 225, 270, 315].map((a) => h(lat, lon, 70000, a)));
    const centre = h(lat, lon);
    // Floor at the IAU centre ≥ 1.8 km below the rim; the deepest pit 2.5–4 km (~3 km, the
    // procedural relief kept on the summit moves single points by a few hundred m).
    expect(rim - centre).toBeGreaterThan(1800);
    let deepest = Infinity;
    for (let r = 0; r <= 50000; r += 5000)
      for (let a = 0; a < 360; a += 30) deepest = Math.min(deepest, h(lat, lon, r, a));
    expect(rim - deepest).toBeGreaterThan(2500);
    expect(rim - deepest).toBeLessThan(4000);
    // Extent: the ground more than 1 km below the rim spans 50–100 km east–west (60 × 80 km) on
    // the widest of the parallels 0–40 km south of the IAU centre (the complex lies south of it).
    let span = 0;
    for (let o = 0; o <= 40000; o += 10000) {
      const b = at(lat, lon, o, 180);
      const [la, lo] = [Math.asin(b.z) / DEG, Math.atan2(b.y, b.x) / DEG];
      let west = 0;
      let east = 0;
      for (let d = 0; d <= 80000; d += 2000) if (h(la, lo, d, 270) < rim - 1000) west = d;
      for (let d = 0; d <= 80000; d += 2000) if (h(la, lo, d, 90) < rim - 1000) east = d;
      span = Math.max(span, west + east);
    }
    expect(span).toBeGreaterThan(50000);
    expect(span).toBeLessThan(100000);
    // The basal escarpment: ≥ 3 km of drop within 20 km somewhere on the 270–330 km ring (MOLA:
    // cliffs 2–10 km high around the shield).
    let cliff = 0;
    for (let a = 0; a < 360; a += 45)
      for (let r = 270000; r <= 330000; r += 5000)
        cliff = Math.max(cliff, h(lat, lon, r, a) - h(lat, lon, r + 20000, a));
    expect(cliff).toBeGreaterThan(3000);
  }, 60_000);

  it('Tharsis Montes: summits within 1 km of Plescia 2004, each with a summit caldera', () => {
    const montes: [string, number, number, number][] = [
      ['Arsia', -8.26, 239.91, 17800],
      ['Pavonis', 1.48, 247.04, 14100],
      ['Ascraeus', 11.92, 255.92, 18200],
    ];
    for (const [name, lat, lon, summit] of montes) {
      let top = -Infinity;
      for (let r = 0; r <= 120000; r += 5000)
        for (let a = 0; a < 360; a += 30) top = Math.max(top, h(lat, lon, r, a));
      // ±1 km: the registry's heights are Plescia's; the kept small craters on the rim move the top.
      expect(Math.abs(top - summit), name).toBeLessThan(1000);
      // A caldera: the lowest point within 40 km of the centre ≥ 0.5 km below the summit.
      let low = Infinity;
      for (let r = 0; r <= 40000; r += 5000)
        for (let a = 0; a < 360; a += 30) low = Math.min(low, h(lat, lon, r, a));
      expect(top - low, name).toBeGreaterThan(500);
    }
  }, 60_000);

  it('Valles Marineris: Ius, Melas and Coprates are 5–10 km deep, flat-floored and as wide as published', () => {
    // [name, IAU centre lat, lon, published width km]
    const chasmata: [string, number, number, number][] = [
      ['Ius', -6.95, 274.2, 100],
      ['Melas', -10.5, 287.1, 200],
      ['Coprates', -13.4, 298.6, 100],
    ];
    for (const [name, lat, lon, widthKm] of chasmata) {
      const half = (widthKm * 1000) / 2;
      const floor = h(lat, lon);
      // The plateau: the median of the ground 60–120 km beyond each wall, north and south.
      const plateau = median(
        [0, 180].flatMap((az) => [60000, 90000, 120000].map((d) => h(lat, lon, half + d, az))),
      );
      expect(plateau - floor, `${name} depth`).toBeGreaterThan(5000);
      expect(plateau - floor, `${name} depth`).toBeLessThan(10000);
      // Flat floor: ±0.2 of the width from the centre stays within 1.5 km of the centre's level.
      for (const az of [0, 180])
        expect(Math.abs(h(lat, lon, 0.2 * widthKm * 1000, az) - floor), name).toBeLessThan(1500);
      // Walls: 30 km beyond the published half-width the ground is ≥ 4 km above the floor.
      for (const az of [0, 180])
        expect(h(lat, lon, half + 30000, az) - floor, `${name} wall ${az}`).toBeGreaterThan(4000);
    }
  }, 60_000);

  it('Valles Marineris is continuous from Noctis Labyrinthus through Ius, Melas and Coprates', () => {
    // IAU centres of the chain; between them, every 0.5° of longitude, the lowest ground within
    // ±60 km north–south (the axes bend) lies ≥ 2.5 km below the median of the ground 250–350 km
    // north and south (a gap between segments is plateau there).
    const chain: [number, number][] = [
      [-6.86, 258.2],
      [-6.95, 274.2],
      [-10.5, 287.1],
      [-13.4, 298.6],
    ];
    for (let k = 0; k + 1 < chain.length; k++) {
      const [[la0, lo0], [la1, lo1]] = [chain[k], chain[k + 1]];
      for (let lo = lo0; lo <= lo1; lo += 0.5) {
        const la = la0 + ((la1 - la0) * (lo - lo0)) / (lo1 - lo0);
        let low = Infinity;
        for (let d = -60000; d <= 60000; d += 10000)
          low = Math.min(low, h(la, lo, Math.abs(d), d < 0 ? 180 : 0));
        const around = median(
          [0, 180].flatMap((az) => [250000, 300000, 350000].map((d) => h(la, lo, d, az))),
        );
        expect(around - low, `${la.toFixed(2)} ${lo.toFixed(1)}`).toBeGreaterThan(2500);
      }
    }
  }, 60_000);

  it('albedo provinces: dark Syrtis, Acidalia, Meridiani; bright Tharsis, Arabia, Amazonis, Hellas floor', () => {
    const dark = [albedo(8.4, 69.5), albedo(49.8, 339.3), albedo(-1, 0), albedo(-25, 145)];
    const bright = [albedo(1.48, 247.04), albedo(20, 5), albedo(24.8, 196), albedo(-42.4, 70.5)];
    // TES: dark 0.10–0.15, bright 0.26–0.30; ±0.01 for the soft edges' reach.
    for (const a of dark) expect(a).toBeLessThan(0.16);
    for (const a of bright) expect(a).toBeGreaterThan(0.25);
    // The cover carries it: the tone nibble (byte 1, high) is dark at Syrtis, bright on Tharsis.
    const tone = (lat: number, lon: number) => coverAt(mars, at(lat, lon), new Uint8Array(2))[1] >> 4;
    expect(tone(8.4, 69.5)).toBeGreaterThan(12);
    expect(tone(1.48, 247.04)).toBeLessThan(3);
  });

  it('province edges are soft (C¹: no step over 1 km) and irregular (not ellipses)', () => {
    // Across Syrtis Major's western edge, 1 km steps: no step above 0.0015 (a bare threshold jumps
    // by the full contrast 0.12; the smoothstep over ±20 % of 550 km, its edge wandering, stays under it).
    let prev = albedo(8.4, 69.5);
    let maxStep = 0;
    for (let d = 1000; d <= 1000000; d += 1000) {
      const p = at(8.4, 69.5, d, 270);
      const a = albedoAt(mars, p.x, p.y, p.z)!;
      maxStep = Math.max(maxStep, Math.abs(a - prev));
      prev = a;
    }
    expect(maxStep).toBeLessThan(0.0015);
    // Irregular: the half-contrast radius along 16 azimuths, over the ellipse's own radius there,
    // spreads by more than 10 % (an ellipse gives 0 %).
    const mid = (0.1 + 0.22) / 2;
    const ratios: number[] = [];
    for (let az = 0; az < 360; az += 22.5) {
      let r = 0;
      while (r < 2000000) {
        const p = at(8.4, 69.5, r, az);
        if (albedoAt(mars, p.x, p.y, p.z)! > mid) break;
        r += 5000;
      }
      const s = Math.sin(az * DEG) / 550;
      const c = Math.cos(az * DEG) / 900;
      ratios.push(r / 1000 / (1 / Math.sqrt(s * s + c * c)));
    }
    expect(Math.max(...ratios) / Math.min(...ratios)).toBeGreaterThan(1.1);
  });

  it('the gradient is exact on the new features (caldera walls, escarpment, chasma walls and joins)', () => {
    const sites: [number, number, number][] = [
      [18.35, 226.05, 28000], // Olympus' main pit wall
      [18.3, 226.6, 19000], // its eastern pit's wall
      [18.65, 226.2, 305000], // the basal escarpment
      [1.48, 247.04, 22000], // Pavonis' caldera wall
      [-10.5, 287.1, 85000], // Melas' wall
      [-7.0, 283.5, 40000], // Ius–Melas–Candor join
      [-14.0, 307, 60000], // Coprates–Eos–Capri join
    ];
    for (const [lat, lon, r] of sites) {
      const dirs: Vec3[] = [];
      for (let az = 0; az < 360; az += 20) dirs.push(at(lat, lon, r + ((az * 37) % 3000) - 1500, az));
      // Step 1 mm, bound and teeth as in places.test.ts.
      const res = derivativeHarness((d, o) => elevationAtD(mars, d, o), dirs, 1e-3 / mars.radius);
      expect(res.worst / res.steepest, `${lat} ${lon} ${r}`).toBeLessThan(0.01);
      expect(res.steepest / mars.radius).toBeGreaterThan(0.01);
    }
  }, 60_000);
});
