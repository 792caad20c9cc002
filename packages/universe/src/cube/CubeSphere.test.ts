import { describe, expect, it } from 'vitest';
import { directionToFace, faceToDirection, FACE_FRAMES, type FaceCoord } from './CubeSphere';
import type { Vec3 } from '../math/vec3';

const v = (): Vec3 => ({ x: 0, y: 0, z: 0 });

describe('cube sphere', () => {
  it('round-trips face coordinates', () => {
    const d = v();
    const fc: FaceCoord = { face: 0, s: 0, t: 0 };
    for (let f = 0; f < 6; f++) {
      for (const [s, t] of [
        [0, 0],
        [0.5, -0.25],
        [-0.9, 0.99],
        [0.3, 0.7],
      ]) {
        faceToDirection(f, s, t, d);
        // Tolerance, u = 2^−53: the length (three squares, two adds, a sqrt) is within 2.5u, the
        // three quotients within u each, so |d|² is within 2·2.5u + 2u; this check's own squares
        // and adds add ≤ 5u: 12u ≈ 1.4e-15 (measured worst 5.6e-16 over a 201² grid per face).
        expect(Math.abs(d.x * d.x + d.y * d.y + d.z * d.z - 1)).toBeLessThan(1.4e-15);
        directionToFace(d, fc);
        expect(fc.face).toBe(f);
        // Tolerance: d/m carries ≤ 3u relative rounding (two quotients by the same length, one
        // more quotient), unwarp's slope is ≤ 1/CUBE_WARP_A = 1.28 and Newton ends within an ulp
        // of its root: ≤ 5u ≈ 5.6e-16 on |s| ≤ 1; 1e-15 (measured worst 2.2e-16, one ulp).
        expect(Math.abs(fc.s - s)).toBeLessThan(1e-15);
        expect(Math.abs(fc.t - t)).toBeLessThan(1e-15);
      }
    }
  });

  it('frames are right-handed', () => {
    for (const [a, u, w] of FACE_FRAMES) {
      const c = [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]];
      expect(c.map((x) => x + 0)).toEqual([...a]);
    }
  });

  it('shared edges and corners give identical bits from both faces', () => {
    // Every dyadic edge point of every face must be found, bit-identical, on exactly one neighbour.
    const a = v();
    const b = v();
    const key = (d: Vec3) => `${d.x},${d.y},${d.z}`;
    const seen = new Map<string, number>();
    const n = 64;
    for (let f = 0; f < 6; f++) {
      for (let i = 0; i <= n; i++) {
        for (let j = 0; j <= n; j++) {
          if (i !== 0 && i !== n && j !== 0 && j !== n) continue;
          faceToDirection(f, -1 + (2 * i) / n, -1 + (2 * j) / n, a);
          seen.set(key(a), (seen.get(key(a)) ?? 0) + 1);
        }
      }
    }
    // 8 corners seen 3×, edge interiors 2×: 12 edges × (n − 1) points.
    const counts = [...seen.values()];
    expect(counts.filter((c) => c === 3)).toHaveLength(8);
    expect(counts.filter((c) => c === 2)).toHaveLength(12 * (n - 1));
    expect(counts.every((c) => c === 2 || c === 3)).toBe(true);
    faceToDirection(0, 1, 0.25, a);
    faceToDirection(2, -1, 0.25, b);
    expect(Object.is(a.x, b.x) && Object.is(a.y, b.y) && Object.is(a.z, b.z)).toBe(true);
  });
});
