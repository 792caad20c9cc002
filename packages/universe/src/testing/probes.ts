/**
 * Deterministic probe directions for tests: a global spread ("far") and a tight cluster ("near")
 * around a point, from the integer hash (no Math.random, so failures reproduce).
 */
import { hash3, unitFromHash } from '../math/hash';
import type { Vec3 } from '../math/vec3';
import { faceToDirection } from '../cube/CubeSphere';
import { patchDirections as nodePatchDirections } from '../cube/patchDirections';

/** `n` directions spread over the whole sphere (hashed cube faces and (s, t)). */
export function farProbes(seed: number, n: number): Vec3[] {
  const out: Vec3[] = [];
  for (let i = 0; i < n; i++) {
    const f = hash3(seed, i, 0) % 6;
    const s = 2 * unitFromHash(hash3(seed, i, 1)) - 1;
    const t = 2 * unitFromHash(hash3(seed, i, 2)) - 1;
    out.push(faceToDirection(f, s, t, { x: 0, y: 0, z: 0 }));
  }
  return out;
}

/** `n` directions within about `spanM` metres of a hashed spot on a body of radius `radius`. */
export function nearProbes(seed: number, n: number, radius: number, spanM: number): Vec3[] {
  const c = farProbes(seed ^ 0x5bd1e995, 1)[0];
  const out: Vec3[] = [];
  const e = spanM / radius;
  for (let i = 0; i < n; i++) {
    const x = c.x + e * (2 * unitFromHash(hash3(seed, i, 3)) - 1);
    const y = c.y + e * (2 * unitFromHash(hash3(seed, i, 4)) - 1);
    const z = c.z + e * (2 * unitFromHash(hash3(seed, i, 5)) - 1);
    const l = Math.sqrt(x * x + y * y + z * z);
    out.push({ x: x / l, y: y / l, z: z / l });
  }
  return out;
}

/**
 * 69 × 69 directions (a 65 × 65 patch with a 2-sample border) over the quadtree node (face,
 * level, i, j): universe's `patchDirections` with the tests' defaults.
 */
export function patchDirections(face: number, level: number, i: number, j: number, n = 69): Float64Array {
  return nodePatchDirections(face, level, i, j, n, 2);
}
