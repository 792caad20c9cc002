import { describe, expect, it } from 'vitest';
import { getBody } from '../body/getBody';
import { parseAddress } from '../address/Address';
import { drawnSurfaceRadius } from '../tail/drawn';
import { faceToDirection } from '../cube/CubeSphere';
import { regionGrid, regionOf, REGION_SLOTS } from './regionGrid';
import { regionScatter, SCATTER_SHAPE_VARIANTS, type Rock } from './regionScatter';
import { rockAreaFraction } from './golombekRapp';
import { expNonPositive } from '../tail/softFold';

declare const console: { log(...args: unknown[]): void };
const SLOW = { timeout: 120_000 };

/** A region around face 4's centre-ish, on the body's own grid. */
function regionNear(id: string, s: number, t: number): { face: number; i: number; j: number } {
  const body = getBody(id);
  return regionOf(body, faceToDirection(4, s, t, { x: 0, y: 0, z: 0 }));
}

describe('regionScatter', () => {
  it('slot 837 is slot 837 whichever call resolves it', SLOW, () => {
    for (const id of ['mars', 'luna']) {
      const body = getBody(id);
      // A rocky Mars region, and a Luna region searched for one whose slot 837 holds a rock.
      let region = regionNear(id, 0.1, 0.2);
      let whole = regionScatter(body, region);
      for (let k = 1; !whole.some((r) => r.slot === 837) && k < 400; k++) {
        region = { ...region, i: region.i + k };
        whole = regionScatter(body, region, [837, 838]);
      }
      const full = regionScatter(body, region);
      const a = full.find((r) => r.slot === 837);
      const b = regionScatter(body, region, [837, 838])[0];
      const c = regionScatter(body, region, [800, 900]).find((r) => r.slot === 837);
      expect(a).toBeDefined();
      expect(b).toEqual(a);
      expect(c).toEqual(a);
      expect(Object.is(b.position.x, a!.position.x)).toBe(true);
      expect(a!.address).toBe(`${id}/f${region.face}/r${region.i}.${region.j}/o837`);
      // Ranges partition: the union of two halves is the whole, in slot order.
      const halves = [
        ...regionScatter(body, region, [0, 500]),
        ...regionScatter(body, region, [500, REGION_SLOTS]),
      ];
      expect(halves).toEqual(full);
    }
  });

  it('rocks sit on the drawn surface with unit rotations, valid shapes and tones', SLOW, () => {
    const body = getBody('mars');
    const rocks = regionScatter(body, regionNear('mars', -0.3, 0.45));
    expect(rocks.length).toBeGreaterThan(50);
    for (const r of rocks) {
      const radius = drawnSurfaceRadius(body, r.dir);
      expect(Object.is(r.position.x, r.dir.x * radius)).toBe(true);
      expect(Object.is(r.position.z, r.dir.z * radius)).toBe(true);
      const q = r.rotation;
      // Normalised by one sqrt: unit length to rounding.
      expect(Math.abs(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w - 1)).toBeLessThan(1e-15);
      expect(r.shape).toBeGreaterThanOrEqual(0);
      expect(r.shape).toBeLessThan(SCATTER_SHAPE_VARIANTS);
      expect(Number.isInteger(r.shape)).toBe(true);
      expect(r.tone).toBeGreaterThanOrEqual(0);
      expect(r.tone).toBeLessThanOrEqual(1);
      expect(r.scale.y).toBeLessThanOrEqual(r.scale.x);
      expect(r.scale.z).toBeLessThan(r.scale.x);
      expect(parseAddress(r.address)).toEqual({ kind: 'object', body: 'mars', ...regionOfRock(r) });
    }
  });

  it('Mars plains are rockier than lunar plains; the size model is Golombek & Rapp', SLOW, () => {
    let mars = 0;
    let luna = 0;
    for (let k = 0; k < 4; k++) {
      mars += regionScatter(getBody('mars'), regionNear('mars', 0.1 * k, -0.2)).length;
      luna += regionScatter(getBody('luna'), regionNear('luna', 0.1 * k, -0.2)).length;
    }
    console.log(`rocks in 4 regions: mars ${mars}, luna ${luna}`);
    expect(mars).toBeGreaterThan(3 * Math.max(1, luna));
    // F_k(D) = k·e^(−q(k)·D): for VL1's k = 0.069 rocks ≥ 1 m cover about 0.18 % of the area.
    expect(rockAreaFraction(0.069, 1)).toBeCloseTo(0.069 * Math.exp(-(1.79 + 0.152 / 0.069)), 14);
    expect(expNonPositive(-3.25)).toBeCloseTo(Math.exp(-3.25), 14);
  });

  it('validates its input', () => {
    const body = getBody('luna');
    const n = regionGrid(body);
    expect(n).toBe(Math.ceil((body.radius * Math.PI) / 2 / 256));
    expect(() => regionScatter(body, { face: 6, i: 0, j: 0 })).toThrow(/face 6/);
    expect(() => regionScatter(body, { face: 0, i: n, j: 0 })).toThrow(/region i/);
    expect(() => regionScatter(body, { face: 0, i: 0, j: -1 })).toThrow(/region j/);
    expect(() => regionScatter(body, { face: 0, i: 0.5, j: 0 })).toThrow(/region i/);
    expect(() => regionScatter(body, { face: 0, i: 0, j: 0 }, [5, 2])).toThrow(/slots/);
    expect(() => regionScatter(body, { face: 0, i: 0, j: 0 }, [0, REGION_SLOTS + 1])).toThrow(/slots/);
    expect(() => regionScatter(body, { face: 0, i: 0, j: 0 }, [NaN, 3])).toThrow(/slots/);
    expect(() => regionOf(body, { x: NaN, y: 0, z: 1 })).toThrow(/not finite/);
  });
});

function regionOfRock(r: Rock): { face: number; i: number; j: number; slot: number } {
  const m = /f(\d)\/r(\d+)\.(\d+)\/o(\d+)$/.exec(r.address)!;
  return { face: Number(m[1]), i: Number(m[2]), j: Number(m[3]), slot: Number(m[4]) };
}
