import { describe, expect, it } from 'vitest';
import { BODIES, getBody } from '../body/getBody';
import { elevationAtD, elevationSample } from '../field/elevation';
import type { Vec3 } from '../math/vec3';
import { drawnBatch, drawnDivergence, drawnElevationAtD, drawnSurfaceRadius, microReliefD } from './drawn';
import { patchDirections, patchEdge, randomDirection } from './testPatches';
import { hash3 } from '../math/hash';

/** Heavy sweeps: a generous limit because the CI machine's cores are shared (not a speed test). */
const SLOW = { timeout: 120_000 };

const v = (): Vec3 => ({ x: 0, y: 0, z: 0 });

describe('drawn field', () => {
  it('batch ≡ point, bit for bit, on random patches at many levels', SLOW, () => {
    const p = elevationSample();
    const d = v();
    const count = patchEdge * patchEdge;
    const h = new Float64Array(count);
    const g = new Float64Array(3 * count);
    let checked = 0;
    for (const id of ['luna', 'mars', 'europa', 'phobos']) {
      const body = getBody(id);
      for (const level of [0, 3, 8, 12, 15, 17, 19, 21, 22]) {
        const r = hash3(body.seed, level, 99);
        const face = r % 6;
        const n = 2 ** level;
        const x = Math.floor((((r >>> 3) & 0xffff) / 65536) * n);
        const y = Math.floor((((r >>> 16) & 0xffff) / 65536) * n);
        const dirs = patchDirections(face, level, x, y);
        drawnBatch(body, dirs, count, h, g);
        // Every 13th sample keeps the test fast; the stride is coprime with the 67-sample rows.
        for (let i = 0; i < count; i += 13) {
          d.x = dirs[3 * i];
          d.y = dirs[3 * i + 1];
          d.z = dirs[3 * i + 2];
          drawnElevationAtD(body, d, p);
          expect(Object.is(p.h, h[i])).toBe(true);
          expect(Object.is(p.gx, g[3 * i])).toBe(true);
          expect(Object.is(p.gy, g[3 * i + 1])).toBe(true);
          expect(Object.is(p.gz, g[3 * i + 2])).toBe(true);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(12000);
  });

  it('only adds: drawn = canonical + micro relief, bit for bit; canonical is untouched', SLOW, () => {
    const body = getBody('luna');
    const a = elevationSample();
    const b = elevationSample();
    const c = elevationSample();
    const d = v();
    let nonzero = 0;
    for (let i = 0; i < 500; i++) {
      randomDirection(7, i, d);
      drawnElevationAtD(body, d, a);
      elevationAtD(body, d, b);
      microReliefD(body, d, c);
      expect(Object.is(a.h, b.h + c.h)).toBe(true);
      expect(Object.is(a.gx, b.gx + c.gx)).toBe(true);
      if (c.h !== 0) nonzero++;
    }
    expect(nonzero).toBe(500);
    expect(drawnSurfaceRadius(body, d)).toBe(body.radius + a.h);
  });

  it('is a pure function of direction: shuffled order ≡ sequential order', SLOW, () => {
    const body = getBody('mercury');
    const n = 1000;
    const dirs = new Float64Array(3 * n);
    const d = v();
    for (let i = 0; i < n; i++) {
      randomDirection(11, i, d);
      dirs.set([d.x, d.y, d.z], 3 * i);
    }
    const h1 = new Float64Array(n);
    drawnBatch(body, dirs, n, h1, null);
    const s = elevationSample();
    for (let k = 0; k < n; k++) {
      const i = (k * 617) % n;
      d.x = dirs[3 * i];
      d.y = dirs[3 * i + 1];
      d.z = dirs[3 * i + 2];
      expect(Object.is(drawnElevationAtD(body, d, s).h, h1[i])).toBe(true);
    }
  });

  it('rejects bad input with clear errors', () => {
    const body = getBody('luna');
    expect(() => drawnElevationAtD(body, { x: NaN, y: 0, z: 1 }, elevationSample())).toThrow(/not finite/);
    const dirs = new Float64Array(6);
    expect(() => drawnBatch(body, dirs, 3, new Float64Array(3), null)).toThrow(/does not fit/);
    dirs[4] = Infinity;
    expect(() => drawnBatch(body, dirs, 2, new Float64Array(2), null)).toThrow(/dirs\[4\]/);
    expect(() => drawnBatch(body, new Float64Array(6), 2, new Float64Array(2), new Float64Array(5))).toThrow(
      /outGrad/,
    );
  });

  it('publishes a divergence for every body: ceiling plus grit bound, grit damped by air', () => {
    // Hand-derived: the 1.5 m crater ceiling plus the grit bound 1.5 × (0.25 + 0.125) m × (1 − air)⁴.
    // Airless bodies: 1.5 + 0.5625 = 2.0625, all dyadic, so exact. Venus (air = 1): no tail at all.
    for (const body of BODIES) {
      if (body.grammar.air === 0) expect(drawnDivergence(body), body.id).toBe(2.0625);
    }
    expect(drawnDivergence(getBody('venus'))).toBe(0);
    // Mars (air 0.4051320626704513, grammar.test.ts): the ceiling stays, the grit is damped.
    // Tolerance: five roundings of numbers < 2, 1.2e-15.
    const a = 1 - 0.4051320626704513;
    const mars = 1.5 + 0.5625 * (a * a * a * a);
    expect(Math.abs(drawnDivergence(getBody('mars')) - mars)).toBeLessThan(1.2e-15);
  });

  it('Venus: air = 1, so drawn ≡ canonical bit for bit (no craters, no grit)', () => {
    const venus = getBody('venus');
    const p = elevationSample();
    const c = elevationSample();
    const m = elevationSample();
    const d = v();
    for (let i = 0; i < 200; i++) {
      randomDirection(41, i, d);
      drawnElevationAtD(venus, d, p);
      elevationAtD(venus, d, c);
      microReliefD(venus, d, m);
      // ±0 both count as no tail; drawn must then carry the canonical bits exactly.
      expect(m.h === 0 && m.gx === 0 && m.gy === 0 && m.gz === 0).toBe(true);
      expect(Object.is(p.h, c.h) && Object.is(p.gx, c.gx)).toBe(true);
      expect(Object.is(p.gy, c.gy) && Object.is(p.gz, c.gz)).toBe(true);
    }
  });
});
