import { describe, expect, it } from 'vitest';
import { getBody } from '../body/getBody';
import { parseAddress } from '../address/Address';
import { drawnSurfaceRadius } from '../tail/drawn';
import { faceToDirection } from '../cube/CubeSphere';
import { regionGrid, regionOf } from './regionGrid';
import { REGION_SLOTS, rockClassOffset, rockClassSlotRange } from './rockClasses';
import {
  regionScatter,
  ROCK_BURIAL_MAX,
  ROCK_BURIAL_MIN,
  SCATTER_SHAPE_VARIANTS,
  type Rock,
} from './regionScatter';
import { ROCK_TILT } from './restingRotation';
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
  it('a slot is the same rock whichever call resolves it', SLOW, () => {
    // Classes 7 … 3 (D ≥ 0.25 m) are slots [0, 97908); the slot looked at is in class 3.
    const big: [number, number] = [0, rockClassSlotRange(3)[1]];
    const slot = rockClassOffset(3) + 837;
    for (const id of ['mars', 'luna']) {
      const body = getBody(id);
      const base = regionNear(id, 0.1, 0.2);
      let region = base;
      for (let k = 1; regionScatter(body, region, [slot, slot + 1]).length === 0 && k < 400; k++) {
        region = { ...base, i: base.i + k };
      }
      const full = regionScatter(body, region, big);
      const a = full.find((r) => r.slot === slot);
      const b = regionScatter(body, region, [slot, slot + 1])[0];
      const c = regionScatter(body, region, [slot - 50, slot + 50]).find((r) => r.slot === slot);
      expect(a).toBeDefined();
      expect(b).toEqual(a);
      expect(c).toEqual(a);
      expect(Object.is(b.position.x, a!.position.x)).toBe(true);
      expect(a!.address).toBe(`${id}/f${region.face}/r${region.i}.${region.j}/o${slot}`);
      // Ranges partition: the union of two halves is the whole, in slot order, across class edges.
      const halves = [
        ...regionScatter(body, region, [0, rockClassOffset(4) + 500]),
        ...regionScatter(body, region, [rockClassOffset(4) + 500, big[1]]),
      ];
      expect(halves).toEqual(full);
    }
  });

  it('rocks sit on the drawn surface with unit rotations, valid shapes and tones', SLOW, () => {
    const body = getBody('mars');
    // Classes 7 … 4 (D ≥ 0.5 m).
    const rocks = regionScatter(body, regionNear('mars', -0.3, 0.45), [0, rockClassSlotRange(4)[1]]);
    expect(rocks.length).toBeGreaterThan(50);
    const tilts: number[] = [];
    for (const r of rocks) {
      const radius = drawnSurfaceRadius(body, r.dir);
      expect(Object.is(r.position.x, r.dir.x * radius)).toBe(true);
      expect(Object.is(r.position.z, r.dir.z * radius)).toBe(true);
      const q = r.rotation;
      // Normalised by one sqrt. Tolerance, u = 2^−53: the norm's sum of four squares and its sqrt
      // are within ~3u, so four rounded quotients give |q|² within 2·3u + 2u; this check's own
      // squares and adds add ≤ 6u: 14u ≈ 1.6e-15.
      expect(Math.abs(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w - 1)).toBeLessThan(1.6e-15);
      expect(r.shape).toBeGreaterThanOrEqual(0);
      expect(r.shape).toBeLessThan(SCATTER_SHAPE_VARIANTS);
      expect(Number.isInteger(r.shape)).toBe(true);
      expect(r.tone).toBeGreaterThanOrEqual(0);
      expect(r.tone).toBeLessThanOrEqual(1);
      // Height (y) is the short axis c/a ∈ [0.35, 0.7), z the middle one b/a ∈ [0.6, 1).
      expect(r.scale.y).toBeLessThan(0.7 * r.scale.x);
      expect(r.scale.z).toBeLessThanOrEqual(r.scale.x);
      expect(r.scale.z).toBeGreaterThanOrEqual(0.6 * r.scale.x);
      expect(r.burial).toBeGreaterThanOrEqual(ROCK_BURIAL_MIN);
      expect(r.burial).toBeLessThan(ROCK_BURIAL_MAX);
      // The rock's local +y (q·ŷ·q*) is its up, tilted by at most 2·atan(√2·ROCK_TILT) (16.1°).
      const upX = 2 * (q.x * q.y - q.w * q.z);
      const upY = 1 - 2 * (q.x * q.x + q.z * q.z);
      const upZ = 2 * (q.y * q.z + q.w * q.x);
      const cosTilt = upX * r.dir.x + upY * r.dir.y + upZ * r.dir.z;
      const maxTilt = 2 * Math.atan(Math.SQRT2 * ROCK_TILT);
      // 1e-12: the frame, two products and a normalisation round to a few ulp.
      expect(cosTilt).toBeGreaterThanOrEqual(Math.cos(maxTilt) - 1e-12);
      tilts.push(Math.acos(Math.min(1, cosTilt)));
      expect(parseAddress(r.address)).toEqual({ kind: 'object', body: 'mars', ...regionOfRock(r) });
    }
    // Teeth: tilts spread over most of the allowed range (a rotation ignoring the tilt draws fails).
    expect(Math.max(...tilts)).toBeGreaterThan(0.1);
  });

  it('Mars plains are rockier than lunar plains; the size model is Golombek & Rapp', SLOW, () => {
    let mars = 0;
    let luna = 0;
    for (let k = 0; k < 4; k++) {
      // Rocks ≥ 0.5 m (classes 7 … 4).
      const big: [number, number] = [0, rockClassSlotRange(4)[1]];
      mars += regionScatter(getBody('mars'), regionNear('mars', 0.1 * k, -0.2), big).length;
      luna += regionScatter(getBody('luna'), regionNear('luna', 0.1 * k, -0.2), big).length;
    }
    console.log(`rocks in 4 regions: mars ${mars}, luna ${luna}`);
    // Factor 3: Golombek & Rapp's q(k) = 1.79 + 0.152/k leaves Luna's plains and highlands
    // (k 0.005, 0.01) few rocks ≥ 0.5 m against Mars plains' k ≈ 0.056 (0.07 less air), so Luna's
    // come mostly from boulder fields (k 0.2): measured 14 (6745 / 478) in these four fixed regions.
    // 3 is a floor that Luna's rocks rising 4× would cross; deterministic, not a sampling margin.
    expect(mars).toBeGreaterThan(3 * Math.max(1, luna));
    // F_k(D) = k·e^(−q(k)·D): for VL1's k = 0.069 rocks ≥ 1 m cover about 0.18 % of the area.
    // Tolerance: expNonPositive's bound at |x| ≤ 16 (next case), 4.6e-13 relative.
    const byExp = 0.069 * Math.exp(-(1.79 + 0.152 / 0.069));
    expect(Math.abs(rockAreaFraction(0.069, 1) / byExp - 1)).toBeLessThan(4.6e-13);
  });

  it('expNonPositive is e^x within its stated bound over [−700, 0]', () => {
    // Bound: the Taylor factor is within ~2u of e^(x/2^m) (u = 2^−53, truncation y^13/13! ≪ u for
    // |y| ≤ 1/64) and each of the m squarings doubles the relative error and adds u: 2^m·4u, with
    // m = 10 for |x| ≤ 16 and one more per doubling beyond. V8's Math.exp is within 1 ulp.
    let worst = 0;
    for (let x = 0; x >= -700; x -= 0.0137) {
      const m = 10 + Math.max(0, Math.ceil(Math.log2(-x / 16)));
      const rel = Math.abs(expNonPositive(x) / Math.exp(x) - 1);
      worst = Math.max(worst, rel / (2 ** m * 4 * 2 ** -53));
    }
    expect(worst).toBeLessThan(1);
    expect(expNonPositive(-701)).toBe(0);
  });

  it('validates its input', () => {
    const body = getBody('luna');
    const n = regionGrid(body);
    // A quarter great circle of Luna (1737.4 km · π/2 = 2729.1 km) in regions of at most 256 m.
    expect(n).toBe(10661);
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
