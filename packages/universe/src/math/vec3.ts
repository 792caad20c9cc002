/** Minimal float64 3-vectors for the point APIs (out-parameter style, no allocation in loops). */

export interface Vec3 {
  x: number;
  y: number;
  z: number;
}

export function vec3(x = 0, y = 0, z = 0): Vec3 {
  return { x, y, z };
}

export function dot3(a: Readonly<Vec3>, b: Readonly<Vec3>): number {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}

/** Normalises `a` into `out` (x, y, z in that fixed order) and returns `out`. */
export function normalize3(out: Vec3, a: Readonly<Vec3>): Vec3 {
  const len = Math.sqrt(a.x * a.x + a.y * a.y + a.z * a.z);
  out.x = a.x / len;
  out.y = a.y / len;
  out.z = a.z / len;
  return out;
}

/** Squared chord between two directions: the exact small-angle distance (ADR-0001). */
export function chord2(a: Readonly<Vec3>, b: Readonly<Vec3>): number {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  const dz = a.z - b.z;
  return dx * dx + dy * dy + dz * dz;
}
