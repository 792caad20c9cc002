// Named places in the canonical field (ADR-0018), measured on the field itself with directions
// computed here from latitude and longitude (Math.sin / Math.cos, independent of the registry's
// exact-arithmetic trig and of placeFeatures): Apollo 11 is a mare plain, Tycho an ~85 km complex
// crater at its IAU position, Olympus Mons ~21.9 km above the Mars datum, Valles Marineris a
// canyon; and the gradient stays exact where the places are.
import { describe, expect, it } from 'vitest';
import { getBody } from '../body/getBody';
import type { Body } from '../body/Body';
import type { Vec3 } from '../math/vec3';
import { placesOn } from '../places/namedPlaces';
import { placeMareWeight } from '../places/placeWeights';
import { derivativeHarness } from '../testing/derivativeHarness';
import { elevationAt, elevationAtD } from './elevation';

const DEG = Math.PI / 180;
const luna = getBody('luna');
const mars = getBody('mars');

/** The point `distM` from (lat, lon) along azimuth `azDeg` (0 north, 90 east), on the datum sphere. */
function at(body: Body, latDeg: number, lonDeg: number, distM = 0, azDeg = 0): Vec3 {
  const la = latDeg * DEG;
  const lo = lonDeg * DEG;
  const d = distM / body.radius;
  const az = azDeg * DEG;
  const lat2 = Math.asin(Math.sin(la) * Math.cos(d) + Math.cos(la) * Math.sin(d) * Math.cos(az));
  const lon2 =
    lo + Math.atan2(Math.sin(az) * Math.sin(d) * Math.cos(la), Math.cos(d) - Math.sin(la) * Math.sin(lat2));
  return { x: Math.cos(lat2) * Math.cos(lon2), y: Math.cos(lat2) * Math.sin(lon2), z: Math.sin(lat2) };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** Median slope (rise over run) across baseline L around (lat, lon): 5 points × 8 azimuths. */
function slopeAt(body: Body, lat: number, lon: number, baseM: number): number {
  const s: number[] = [];
  for (let p = 0; p < 5; p++) {
    const c = at(body, lat, lon, p === 0 ? 0 : 3 * baseM, 72 * p);
    const la = Math.asin(c.z) / DEG;
    const lo = Math.atan2(c.y, c.x) / DEG;
    for (let a = 0; a < 180; a += 22.5) {
      const h1 = elevationAt(body, at(body, la, lo, baseM / 2, a));
      const h2 = elevationAt(body, at(body, la, lo, baseM / 2, a + 180));
      s.push(Math.abs(h1 - h2) / baseM);
    }
  }
  return median(s);
}

const BASELINES = [10, 100, 1000, 10000];

describe('named places in the field', () => {
  it('Apollo 11 (0.674° N 23.473° E) is a mare plain: named mare, low slope at every baseline', () => {
    const a11 = at(luna, 0.67416, 23.47314);
    expect(placeMareWeight(luna, a11)).toBeGreaterThan(0.99);
    // Apollo 16 (Descartes highlands) is the contrast: not mare, rougher.
    expect(placeMareWeight(luna, at(luna, -8.97301, 15.50019))).toBe(0);
    let sumMare = 0;
    let sumHigh = 0;
    for (const b of BASELINES) {
      const mare = slopeAt(luna, 0.67416, 23.47314, b);
      const high = slopeAt(luna, -8.97301, 15.50019, b);
      if (process.env.PLACES_REPORT) console.log(`slope at ${b} m: mare ${mare}, highland ${high}`);
      // A mare plain: median slope under 3° (0.05) at every baseline from 10 m to 10 km (LOLA
      // median slopes of maria are ~1–3° at 17 m–1 km baselines, of highlands several times
      // more: Rosenburg et al. 2011).
      expect(mare, `mare slope at ${b} m`).toBeLessThan(0.05);
      sumMare += mare;
      sumHigh += high;
    }
    // Rougher highlands over the baselines together (one highland site can be smooth at one).
    expect(sumMare).toBeLessThan(sumHigh);
  }, 60_000);

  it('the large maria are level plains: their floors vary by under 2 km across the inner half', () => {
    // LROC WAC stereo (GLD100, Scholten et al. 2012) shows ~1 km of relief across the whole floor of
    // Mare Crisium, mean slope 0.5°: lava levels a basin. The band allows ×2 (the registry's circles,
    // the young craters and the old rims that show through). Sampled at 60 points on a sunflower spiral
    // over half of each registry radius; p90 − p10 of the canonical height. Terrain v13 drew the old
    // unit's basins and large craters through the maria at 0.44–0.88 of their relief (ghost weight
    // g² alone): 1.7–5.1 km (Serenitatis 5.1, Procellarum 4.0); v14 0.4–1.8 km.
    const maria = placesOn('luna').filter((p) => p.kind === 'mare' && p.sizeM >= 500e3);
    expect(maria.length).toBeGreaterThanOrEqual(6);
    for (const m of maria) {
      const hs: number[] = [];
      for (let i = 0; i < 60; i++) {
        const r = 0.5 * (m.sizeM / 2) * Math.sqrt((i + 0.5) / 60);
        hs.push(elevationAt(luna, at(luna, m.latDeg, m.lonDeg, r, (i * 137.508) % 360)));
      }
      hs.sort((a, b) => a - b);
      expect(hs[54] - hs[6], m.id).toBeLessThan(2000);
    }
  });

  it('Tycho is an ~85 km complex crater centred at its IAU position (43.31° S 11.36° W)', () => {
    const lat = -43.31;
    const lon = -11.36;
    const crest: Vec3[] = [];
    const radii: number[] = [];
    for (let az = 0; az < 360; az += 15) {
      // The rim crest: the first local maximum outward from the floor that stands above the next
      // 5 km of the profile (the ground beyond may rise again on the regional slope).
      const h = (r: number) => elevationAt(luna, at(luna, lat, lon, r, az));
      let bestR = 0;
      for (let r = 20000; r <= 70000 && bestR === 0; r += 250) {
        const v = h(r);
        if (v <= h(r - 250)) continue;
        let top = true;
        for (let s = r + 250; s <= r + 5000 && top; s += 250) top = h(s) < v;
        if (top) bestR = r;
      }
      radii.push(bestR);
      crest.push(at(luna, lat, lon, bestR, az));
    }
    const d = 2 * median(radii);
    // 85 km ± 5 km: the crest of the profile is at the rim radius; the band slope and the kept
    // share of small craters move single crests by a few km, the median much less.
    expect(d).toBeGreaterThan(80000);
    expect(d).toBeLessThan(90000);
    // The crest ring's centroid is the crater's centre: within 2 km of the IAU position.
    const c = crest.reduce((s, p) => ({ x: s.x + p.x, y: s.y + p.y, z: s.z + p.z }), { x: 0, y: 0, z: 0 });
    const l = Math.hypot(c.x, c.y, c.z);
    const o = at(luna, lat, lon);
    const off = Math.hypot(c.x / l - o.x, c.y / l - o.y, c.z / l - o.z) * luna.radius;
    if (process.env.PLACES_REPORT) console.log('tycho radii', radii.join(' '), 'offset', off);
    expect(off).toBeLessThan(2000);
    // Complex: a central peak above a flat floor, the floor ~4.7 km below the rim (Margot et al.
    // 1999); ±20% for the band slope across 85 km.
    const ring = (r: number) =>
      median([0, 60, 120, 180, 240, 300].map((a) => elevationAt(luna, at(luna, lat, lon, r, a))));
    const floor = ring(0.3 * 42500);
    expect(elevationAt(luna, o)).toBeGreaterThan(floor + 500);
    expect(Math.abs(ring(0.25 * 42500) - ring(0.4 * 42500))).toBeLessThan(300);
    const rimH = median(crest.map((p) => elevationAt(luna, p)));
    expect(rimH - floor).toBeGreaterThan(0.8 * 4700);
    expect(rimH - floor).toBeLessThan(1.2 * 4700);
  }, 60_000);

  it('Olympus Mons stands ~21.9 km above the Mars datum at 18.65° N 226.2° E', () => {
    let top = -Infinity;
    for (let r = 0; r <= 60000; r += 2500)
      for (let az = 0; az < 360; az += 30)
        top = Math.max(top, elevationAt(mars, at(mars, 18.65, 226.2, r, az)));
    // MOLA: 21.9 km; ±0.8 km for the kept share of small craters on the caldera rim.
    if (process.env.PLACES_REPORT) console.log('olympus top', top);
    expect(top).toBeGreaterThan(21100);
    expect(top).toBeLessThan(22700);
    // The base, 400 km out, is near the datum: the relief is the volcano's own.
    expect(Math.abs(elevationAt(mars, at(mars, 18.65, 226.2, 400000, 270)))).toBeLessThan(5000);
  });

  it('Valles Marineris is a canyon ~7 km deep at 13.9° S 59.2° W', () => {
    const floor = elevationAt(mars, at(mars, -13.9, 300.8));
    // The plateau around it: the mean of the ground 250 and 300 km to the north and south (one
    // point can sit in a procedural crater or on a young plain; the mean is the canyon's setting).
    const rims = [0, 180].flatMap((az) =>
      [250000, 300000].map((d) => elevationAt(mars, at(mars, -13.9, 300.8, d, az))),
    );
    const plateau = rims.reduce((a, b) => a + b, 0) / rims.length;
    // 5 km: the registry's 7 km less the procedural relief that the plateau's mean still carries.
    expect(plateau - floor).toBeGreaterThan(5000);
  });

  it('Discovery Rupes is a ~2 km lobate scarp: a steep face, a gentle back', () => {
    const mercury = getBody('mercury');
    const h = (dLonDeg: number) => elevationAt(mercury, at(mercury, -56.3, -38.3 + dLonDeg));
    // Across the scarp (east–west): the crest stands 1–3 km above the ground on both sides
    // (Watters et al. 1998: ~2 km), and the face (east) is steeper than the back limb (west).
    let crest = -Infinity;
    let at0 = 0;
    for (let d = -1.5; d <= 1.5; d += 0.05) {
      if (h(d) > crest) {
        crest = h(d);
        at0 = d;
      }
    }
    const east = h(at0 + 0.4);
    const west = h(at0 - 0.4);
    expect(crest - east).toBeGreaterThan(1000);
    expect(crest - east).toBeLessThan(3000);
    expect(crest - h(at0 + 0.1)).toBeGreaterThan(crest - h(at0 - 0.1));
    expect(crest - west).toBeGreaterThan(0);
  });

  it('the gradient is exact on named places (shore, rim, flank, wall)', () => {
    const sites: [Body, number, number, number][] = [
      [luna, 8.35, 30.83, 436000], // Mare Tranquillitatis' shore
      [luna, -43.31, -11.36, 42500], // Tycho's rim
      [luna, -43.31, -11.36, 9000], // Tycho's central peak
      [mars, 18.65, 226.2, 150000], // Olympus Mons' flank
      [mars, 18.65, 226.2, 37440], // its caldera rim
      [mars, -13.9, 300.8, 75000], // Valles Marineris' wall
      [getBody('mercury'), -56.3, -38.3, 20000], // Discovery Rupes' face and back limb
    ];
    for (const [body, lat, lon, r] of sites) {
      const dirs: Vec3[] = [];
      for (let az = 0; az < 360; az += 20) dirs.push(at(body, lat, lon, r + ((az * 37) % 3000) - 1500, az));
      // Step 1 mm, bound and teeth as in derivatives.test.ts (the kept small craters curve the
      // ground at metre scale, so the step must be far below it).
      const res = derivativeHarness((d, o) => elevationAtD(body, d, o), dirs, 1e-3 / body.radius);
      expect(res.worst / res.steepest, `${body.id} ${lat} ${lon} ${r}`).toBeLessThan(0.01);
      expect(res.steepest / body.radius).toBeGreaterThan(0.01);
    }
  }, 60_000);
});
