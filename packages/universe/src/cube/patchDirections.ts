/**
 * The directions of a quadtree node's sample lattice (ADR-0003 cube sphere, ADR-0008 nodes): an
 * n × n grid over node (face, level, x, y), whose (s, t) square has side 2/2^level and lowest
 * corner s0 = −1 + 2x/2^level, t0 = −1 + 2y/2^level. Sample (a, b) lies at
 *
 *   s = s0 + (a − border)·step,  t = t0 + (b − border)·step,  step = 2 / (2^level · (n − 1 − 2·border))
 *
 * so samples border … n−1−border span the node exactly and `border` rings lie outside it (past a
 * face edge they continue that face's (s, t) plane, which `faceToDirection` maps like any other).
 * With a power-of-two n − 1 − 2·border every s and t is dyadic and exact, so nodes sharing an edge
 * (also across faces, through the canonical cube point) get identical bits there. The streamer's
 * patches (border 0), the tests' bordered patches and the benchmarks all sample through this.
 */
import type { Vec3 } from '../math/vec3';
import { faceToDirection } from './CubeSphere';

const d: Vec3 = { x: 0, y: 0, z: 0 };

/**
 * Fills `out` (a new array when omitted) with the n × n unit directions (x, y, z interleaved, index 3·(b·n + a)) of node
 * (face, level, x, y) with `border` samples outside it on each side, and returns it.
 */
export function patchDirections(
  face: number,
  level: number,
  x: number,
  y: number,
  n: number,
  border: number,
  out?: Float64Array,
): Float64Array {
  if (!Number.isInteger(face) || face < 0 || face > 5)
    throw new RangeError(`patchDirections: face ${face} is not 0…5`);
  if (!Number.isInteger(level) || level < 0 || !Number.isInteger(x) || !Number.isInteger(y)) {
    throw new RangeError(`patchDirections: node (level ${level}, ${x}, ${y}) is not integer`);
  }
  // 2^level by doubling (exact; no ** in universe, HOUSE_STYLE §6).
  let scale = 1;
  for (let l = 0; l < level; l++) scale *= 2;
  if (x < 0 || y < 0 || x >= scale || y >= scale) {
    throw new RangeError(`patchDirections: node (${x}, ${y}) is outside level ${level}`);
  }
  if (!Number.isInteger(border) || border < 0 || !Number.isInteger(n) || n < 2 + 2 * border) {
    throw new RangeError(`patchDirections: ${n} samples cannot hold a border of ${border} around a node`);
  }
  const dirs = out ?? new Float64Array(3 * n * n);
  if (dirs.length < 3 * n * n) {
    throw new RangeError(
      `patchDirections: out holds ${dirs.length} numbers, ${n} × ${n} samples need ${3 * n * n}`,
    );
  }
  const step = 2 / (scale * (n - 1 - 2 * border));
  const s0 = -1 + (2 * x) / scale;
  const t0 = -1 + (2 * y) / scale;
  for (let b = 0; b < n; b++) {
    const t = t0 + (b - border) * step;
    for (let a = 0; a < n; a++) {
      faceToDirection(face, s0 + (a - border) * step, t, d);
      const k = 3 * (b * n + a);
      dirs[k] = d.x;
      dirs[k + 1] = d.y;
      dirs[k + 2] = d.z;
    }
  }
  return dirs;
}
