/**
 * Test support (not exported from the package): quadtree-node patches as 67 × 67 direction grids
 * (65 vertices plus a one-sample border) and a seeded exact-arithmetic direction stream.
 */
import { patchDirections as nodePatchDirections } from '../cube/patchDirections';
import type { Vec3 } from '../math/vec3';
import { hash2, unitFromHash } from '../math/hash';

/** Samples per patch edge (65 vertices and a border of one). */
export const patchEdge = 67;

/** Directions of node (face, level, x, y) with a one-sample border: universe's `patchDirections`. */
export function patchDirections(face: number, level: number, x: number, y: number): Float64Array {
  return nodePatchDirections(face, level, x, y, patchEdge, 1);
}

/** The `i`-th pseudo-random unit direction of stream `seed` (uniform on the sphere by rejection). */
export function randomDirection(seed: number, i: number, out: Vec3): Vec3 {
  for (let k = 0; ; k++) {
    const x = 2 * unitFromHash(hash2(seed, 4 * (i * 64 + k))) - 1;
    const y = 2 * unitFromHash(hash2(seed, 4 * (i * 64 + k) + 1)) - 1;
    const z = 2 * unitFromHash(hash2(seed, 4 * (i * 64 + k) + 2)) - 1;
    const l2 = x * x + y * y + z * z;
    if (l2 > 1e-6 && l2 <= 1) {
      const l = Math.sqrt(l2);
      out.x = x / l;
      out.y = y / l;
      out.z = z / l;
      return out;
    }
  }
}

/** Unit direction `radians` away from unit `d` along the tangent `t` (|t| = 1, t ⊥ d). */
export function stepDirection(d: Readonly<Vec3>, t: Readonly<Vec3>, radians: number, out: Vec3): Vec3 {
  const x = d.x + t.x * radians;
  const y = d.y + t.y * radians;
  const z = d.z + t.z * radians;
  const l = Math.sqrt(x * x + y * y + z * z);
  out.x = x / l;
  out.y = y / l;
  out.z = z / l;
  return out;
}

/** A unit tangent at `d` (any fixed choice). */
export function tangentOf(d: Readonly<Vec3>, out: Vec3): Vec3 {
  const ax = Math.abs(d.x) < 0.9 ? 1 : 0;
  const ay = 1 - ax;
  // t = a × d, normalised.
  const x = ay * d.z;
  const y = -ax * d.z;
  const z = ax * d.y - ay * d.x;
  const l = Math.sqrt(x * x + y * y + z * z);
  out.x = x / l;
  out.y = y / l;
  out.z = z / l;
  return out;
}
