import { describe, expect, it } from 'vitest';
import { getBody } from '../body/getBody';
import type { Vec3 } from '../math/vec3';
import { drawnBatch, drawnElevationAtD } from '../tail/drawn';
import { elevationSample } from '../field/elevation';
import { patchDirections, patchEdge, randomDirection } from '../tail/testPatches';
import { placesOn } from '../places/namedPlaces';
import { coverAt, coverBatch, slopeClass } from './cover';
import {
  rockAbundance,
  terrainUnit,
  TERRAIN_HIGHLAND,
  TERRAIN_ICE,
  TERRAIN_PLAIN,
  TERRAIN_VOLCANIC,
} from './groundClass';

/** Whole-patch sweeps: a generous limit because the CI machine's cores are shared (not a speed test). */
const SLOW = { timeout: 120_000 };

describe('cover', () => {
  it('slope classes are 3° wide and saturate at 15', () => {
    expect(slopeClass(0)).toBe(0);
    expect(slopeClass(Math.tan((2.99 * Math.PI) / 180))).toBe(0);
    expect(slopeClass(Math.tan((3.01 * Math.PI) / 180))).toBe(1);
    expect(slopeClass(Math.tan((44.9 * Math.PI) / 180))).toBe(14);
    expect(slopeClass(Math.tan((45.1 * Math.PI) / 180))).toBe(15);
    expect(slopeClass(1e9)).toBe(15);
  });

  it('batch ≡ point for whole patches (after drawnBatch and without it)', SLOW, () => {
    const body = getBody('luna');
    const count = patchEdge * patchEdge;
    const h = new Float64Array(count);
    const g = new Float64Array(3 * count);
    const out = new Uint8Array(2 * count);
    const one = new Uint8Array(2);
    const d: Vec3 = { x: 0, y: 0, z: 0 };
    const seen = new Set<number>();
    for (const [level, x, y] of [
      [22, 1 << 21, 1 << 20],
      [15, 1 << 14, 1 << 13],
    ]) {
      const dirs = patchDirections(2, level, x, y);
      drawnBatch(body, dirs, count, h, g);
      coverBatch(body, dirs, count, h, g, out);
      // A second call on a copy of the directions takes the no-memo path: same bytes.
      const again = new Uint8Array(2 * count);
      coverBatch(body, dirs.slice(), count, h, g, again);
      expect(again).toEqual(out);
      for (let i = 0; i < count; i += 5) {
        d.x = dirs[3 * i];
        d.y = dirs[3 * i + 1];
        d.z = dirs[3 * i + 2];
        coverAt(body, d, one);
        expect(one[0]).toBe(out[2 * i]);
        expect(one[1]).toBe(out[2 * i + 1]);
        seen.add(out[2 * i] >> 4);
      }
    }
    // Metre-scale craters give a spread of slope classes on the finest patch.
    expect(seen.size).toBeGreaterThan(5);
  });

  it('reads fresh ejecta and terrain units from the ground', SLOW, () => {
    const luna = getBody('luna');
    const d: Vec3 = { x: 0, y: 0, z: 0 };
    const one = new Uint8Array(2);
    let bright = 0;
    let rocky = 0;
    for (let i = 0; i < 4000; i++) {
      coverAt(luna, randomDirection(41, i, d), one);
      if ((one[0] & 15) > 8) bright++;
      if ((one[1] & 15) > 3) rocky++;
    }
    // Fresh craters are a minority of the surface but present.
    expect(bright).toBeGreaterThan(4);
    expect(bright).toBeLessThan(800);
    expect(rocky).toBeGreaterThan(4);
    expect(terrainUnit(getBody('europa'), 0, 0, 0, 1)).toBe(TERRAIN_ICE);
    expect(terrainUnit(getBody('io'), 0, 0, 0, 1)).toBe(TERRAIN_VOLCANIC);
    // Mercury's flooded lowlands are its young unit: the height rule.
    const mercury = getBody('mercury');
    expect(terrainUnit(mercury, -0.2 * mercury.grammar.maxReliefM, 0, 0, 1)).toBe(TERRAIN_PLAIN);
    expect(terrainUnit(mercury, 0, 0, 0, 1)).toBe(TERRAIN_HIGHLAND);
    // Mars plains are rockier than lunar plains: Viking Lander 1's k ≈ 0.07 (Golombek & Rapp 1997)
    // less half the air's screening (air 0.4051320626704513 at 610 Pa, grammar.test.ts) against
    // 0.005 on lunar plains (Cintala & McBride 1995): 11× the lunar figure.
    expect(rockAbundance(getBody('mars'), TERRAIN_PLAIN, 0, 0)).toBe(0.07 * (1 - 0.4051320626704513 / 2));
    expect(rockAbundance(luna, TERRAIN_PLAIN, 0, 0)).toBe(0.005);
    // Background blocks are impact ejecta: a young icy surface holds its crater share of an old
    // one's (ADR-0007). Europa (60 Myr) against Callisto (saturated), both ice, no air: the share
    // at 8 m is 0.29 (ADR-0006, the Neukum production at 60 Myr over equilibrium; 0.2–0.4 allows for
    // the chronology's constants, an old-body ratio of 1 fails). Fresh ejecta keeps its k = 0.1.
    const europa = getBody('europa');
    const callisto = getBody('callisto');
    const ratio = rockAbundance(europa, TERRAIN_ICE, 0, 0) / rockAbundance(callisto, TERRAIN_ICE, 0, 0);
    expect(ratio).toBeGreaterThan(0.2);
    expect(ratio).toBeLessThan(0.4);
    expect(rockAbundance(europa, TERRAIN_ICE, 1, 0)).toBe(0.1);
  });

  it('tones a mare shore in small steps: no contour a mesh would saw-tooth', SLOW, () => {
    // Across the east shore of Mare Crisium (IAU: 16.18° N 59.1° E, 556 km: the shore 9.5° of
    // longitude east of the centre at this latitude), walking west along 16.18° N from 74° E
    // (highland) to 64° E (mare) at 300 m steps. The young unit's weight changes smoothly over tens
    // of km there; the tone nibble must move by at most two levels a step (the plain unit's own
    // share, round(15/8) = 2, is the one sharp contour), while crossing most of its range. Cover
    // version 1 quantised the weight to thirds: jumps of 4 or 5.
    const luna = getBody('luna');
    const one = new Uint8Array(2);
    const tones: number[] = [];
    const lat = (16.18 * Math.PI) / 180;
    const steps = Math.round((10 * (Math.PI / 180) * Math.cos(lat) * luna.radius) / 300);
    for (let i = 0; i <= steps; i++) {
      const lon = ((74 - (10 * i) / steps) * Math.PI) / 180;
      const d = { x: Math.cos(lat) * Math.cos(lon), y: Math.cos(lat) * Math.sin(lon), z: Math.sin(lat) };
      tones.push(coverAt(luna, d, one)[1] >> 4);
    }
    let jump = 0;
    for (let i = 1; i < tones.length; i++) jump = Math.max(jump, Math.abs(tones[i] - tones[i - 1]));
    expect(Math.max(...tones) - Math.min(...tones), 'the walk crosses the shore').toBeGreaterThanOrEqual(13);
    expect(jump).toBeLessThanOrEqual(2);
    // Yet the contact is a contact: from tone ≤ 2 (highland) to ≥ 13 (mare) within 20 km — the
    // smoothstep of UNIT_CONTACT_HALF_WIDTH_M spans 12 km; the flooding shore's own ramp took 39 km (cover version 2).
    const dark = tones.findIndex((t) => t >= 13);
    const light = tones.slice(0, dark).findLastIndex((t) => t <= 2);
    expect(light, 'highland before the mare').toBeGreaterThanOrEqual(0);
    expect(((dark - light) * 300) / 1000).toBeLessThan(20);
  });

  it('tones the named maria dark where the registry puts them, and nothing else on Luna', SLOW, () => {
    // Inside each named mare the ground takes the mare tone (≥ 13 of 15); clear of every named mare
    // and basin it keeps the old ground's tone, 0 (the highland's own share; cover version 5 and
    // earlier gave band lowlands the plain's own share, 2). Cover version 4 toned the band lowlands
    // instead: Tranquillitatis' north (16° N 30° E) read tone 0 and ~40 % of the farside read as mare.
    const luna = getBody('luna');
    const one = new Uint8Array(2);
    const { inside, far } = lunaUnitProbes();
    for (const p of inside) expect(coverAt(luna, p.d, one)[1] >> 4, p.label).toBeGreaterThanOrEqual(13);
    for (const p of far) expect(coverAt(luna, p.d, one)[1] >> 4, p.label).toBe(0);
  });

  it("names Luna's units where the registry puts its maria, not by height", SLOW, () => {
    // The unit rocks and the HUDs read (ADR-0007): plain inside each named mare, highland clear of
    // them, also on the band lowlands there (ground below the old height rule's −0.1 × relief bound,
    // which read "mare" until cover version 6): some far points must be such lowlands, or the test
    // could not tell the rules apart.
    const luna = getBody('luna');
    const { inside, far } = lunaUnitProbes();
    const s = elevationSample();
    let lowland = 0;
    for (const p of inside) {
      const h = drawnElevationAtD(luna, p.d, s).h;
      expect(terrainUnit(luna, h, p.d.x, p.d.y, p.d.z), p.label).toBe(TERRAIN_PLAIN);
    }
    for (const p of far) {
      const h = drawnElevationAtD(luna, p.d, s).h;
      if (h < -0.1 * luna.grammar.maxReliefM) lowland++;
      expect(terrainUnit(luna, h, p.d.x, p.d.y, p.d.z), p.label).toBe(TERRAIN_HIGHLAND);
    }
    expect(lowland, 'far points on band lowlands').toBeGreaterThan(10);
  });

  it('rejects bad buffers', () => {
    const body = getBody('luna');
    expect(() => coverAt(body, { x: 0, y: 0, z: 1 }, new Uint8Array(1))).toThrow(/2 are needed/);
    expect(() =>
      coverBatch(body, new Float64Array(6), 2, new Float64Array(2), new Float64Array(6), new Uint8Array(3)),
    ).toThrow(/out ≥ 4/);
  });
});

/**
 * Probes of Luna's units, truth from the registry's rows (IAU positions and diameters), not from
 * the field: `inside`, each named mare of ≥ 500 km at its centre and 0.7 of its radius in four
 * directions; `far`, Fibonacci-lattice points more than 1.3 radii from every named mare and basin.
 */
function lunaUnitProbes(): { inside: { label: string; d: Vec3 }[]; far: { label: string; d: Vec3 }[] } {
  const luna = getBody('luna');
  const rad = Math.PI / 180;
  const dir = (latD: number, lonD: number): Vec3 => ({
    x: Math.cos(latD * rad) * Math.cos(lonD * rad),
    y: Math.cos(latD * rad) * Math.sin(lonD * rad),
    z: Math.sin(latD * rad),
  });
  const rows = placesOn('luna').filter((p) => p.kind === 'mare' || p.kind === 'basin');
  const maria = rows.filter((p) => p.kind === 'mare' && p.sizeM >= 500e3);
  expect(maria.length).toBeGreaterThanOrEqual(6);
  const inside: { label: string; d: Vec3 }[] = [];
  for (const m of maria) {
    const c = dir(m.latDeg, m.lonDeg);
    const theta = m.sizeM / 2 / luna.radius;
    // Tangent basis at the centre: east and north.
    const e = { x: -Math.sin(m.lonDeg * rad), y: Math.cos(m.lonDeg * rad), z: 0 };
    const n = { x: c.y * e.z - c.z * e.y, y: c.z * e.x - c.x * e.z, z: c.x * e.y - c.y * e.x };
    for (const az of [null, 0, 90, 180, 270]) {
      const a = az === null ? 0 : 0.7 * theta;
      const b = ((az ?? 0) * Math.PI) / 180;
      const t = {
        x: Math.cos(b) * n.x + Math.sin(b) * e.x,
        y: Math.cos(b) * n.y + Math.sin(b) * e.y,
        z: Math.cos(b) * n.z + Math.sin(b) * e.z,
      };
      const d = {
        x: Math.cos(a) * c.x + Math.sin(a) * t.x,
        y: Math.cos(a) * c.y + Math.sin(a) * t.y,
        z: Math.cos(a) * c.z + Math.sin(a) * t.z,
      };
      inside.push({ label: `${m.id} ${az}`, d });
    }
  }
  const far: { label: string; d: Vec3 }[] = [];
  const N = 400;
  for (let i = 0; i < N; i++) {
    const z = 1 - (2 * (i + 0.5)) / N;
    const r = Math.sqrt(1 - z * z);
    const d = { x: r * Math.cos(i * 2.399963229728653), y: r * Math.sin(i * 2.399963229728653), z };
    const clear = rows.every((p) => {
      const c = dir(p.latDeg, p.lonDeg);
      const ang = Math.acos(Math.min(1, d.x * c.x + d.y * c.y + d.z * c.z));
      return ang > (1.3 * p.sizeM) / 2 / luna.radius;
    });
    if (clear) far.push({ label: `lattice point ${i}`, d });
  }
  expect(far.length, 'highland points tested').toBeGreaterThan(150);
  return { inside, far };
}
