/**
 * Test kit: ray–triangle distance by Möller & Trumbore 1997 ("Fast, Minimum Storage Ray/Triangle
 * Intersection", J. Graphics Tools 2(1)), for truths that must not share the formulation of the
 * code under test (the seater uses three's watertight `Ray.intersectTriangle`, Woop et al. 2013).
 * Barycentric bounds widened by 1e-9 so a ray along a shared edge hits one of its two triangles.
 */

/** Distance along unit `dir` from the origin to the triangle of 9 floats `t` from `at`, or NaN. */
export function rayTriangle(dir: ArrayLike<number>, t: ArrayLike<number>, at = 0): number {
  const ax = t[at];
  const ay = t[at + 1];
  const az = t[at + 2];
  const e1x = t[at + 3] - ax;
  const e1y = t[at + 4] - ay;
  const e1z = t[at + 5] - az;
  const e2x = t[at + 6] - ax;
  const e2y = t[at + 7] - ay;
  const e2z = t[at + 8] - az;
  const px = dir[1] * e2z - dir[2] * e2y;
  const py = dir[2] * e2x - dir[0] * e2z;
  const pz = dir[0] * e2y - dir[1] * e2x;
  const det = e1x * px + e1y * py + e1z * pz;
  if (Math.abs(det) < 1e-30) return Number.NaN;
  const inv = 1 / det;
  const sx = -ax;
  const sy = -ay;
  const sz = -az;
  const u = (sx * px + sy * py + sz * pz) * inv;
  const eps = 1e-9;
  if (u < -eps || u > 1 + eps) return Number.NaN;
  const qx = sy * e1z - sz * e1y;
  const qy = sz * e1x - sx * e1z;
  const qz = sx * e1y - sy * e1x;
  const v = (dir[0] * qx + dir[1] * qy + dir[2] * qz) * inv;
  if (v < -eps || u + v > 1 + eps) return Number.NaN;
  return (e2x * qx + e2y * qy + e2z * qz) * inv;
}
