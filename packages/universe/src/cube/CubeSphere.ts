/**
 * The cube sphere (ADR-0003): six faces, each a square (s, t) ∈ [−1, 1]², mapped to a unit
 * direction by (1) the canonical cube point — the face axis plus s·u + t·v, exact for dyadic s, t —
 * then (2) the per-axis area-equalising warp w(c) = c·(A + B·c²) applied identically to x, y and z,
 * then (3) normalisation in a fixed x, y, z order. A point on a shared edge or corner is the same
 * cube point from either face, so both faces produce the same bits (PITFALLS: shared edges).
 *
 * Face f: axis, u, v (right-handed: u × v = axis)
 *   0 +X: u=+Y v=+Z   1 −X: u=−Y v=+Z   2 +Y: u=−X v=+Z
 *   3 −Y: u=+X v=+Z   4 +Z: u=+Y v=−X   5 −Z: u=+Y v=+X
 */
import type { Vec3 } from '../math/vec3';

/** Warp slope at the face centre (w'(0)); ≈ π/4 so the warp follows tan(π·c/4). */
export const CUBE_WARP_A = 0.78125;
/** Cubic term; A + B = 1 so w(±1) = ±1 exactly and edges stay on the cube's edges. */
export const CUBE_WARP_B = 0.21875;

type Axis = readonly [number, number, number];
/** Per face: axis, u, v as integer 3-vectors. */
export const FACE_FRAMES: readonly (readonly [Axis, Axis, Axis])[] = [
  [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
  [
    [-1, 0, 0],
    [0, -1, 0],
    [0, 0, 1],
  ],
  [
    [0, 1, 0],
    [-1, 0, 0],
    [0, 0, 1],
  ],
  [
    [0, -1, 0],
    [1, 0, 0],
    [0, 0, 1],
  ],
  [
    [0, 0, 1],
    [0, 1, 0],
    [-1, 0, 0],
  ],
  [
    [0, 0, -1],
    [0, 1, 0],
    [1, 0, 0],
  ],
];

function warp(c: number): number {
  return c * (CUBE_WARP_A + CUBE_WARP_B * c * c);
}

/** Inverse of the warp on [−1, 1] by Newton's method (exact arithmetic; not bit-critical). */
export function unwarp(w: number): number {
  let c = w;
  for (let i = 0; i < 8; i++) {
    const f = c * (CUBE_WARP_A + CUBE_WARP_B * c * c) - w;
    c -= f / (CUBE_WARP_A + 3 * CUBE_WARP_B * c * c);
  }
  return c;
}

/** Canonical cube point of (face, s, t) into `out` (not normalised, not warped). */
export function cubePoint(face: number, s: number, t: number, out: Vec3): Vec3 {
  const [a, u, v] = FACE_FRAMES[face];
  // Integer frame components: each coordinate is exactly one of ±1, ±s, ±t or 0 (+0 normalised).
  out.x = a[0] + u[0] * s + v[0] * t + 0;
  out.y = a[1] + u[1] * s + v[1] * t + 0;
  out.z = a[2] + u[2] * s + v[2] * t + 0;
  return out;
}

/** Unit direction of (face, s, t), s and t in [−1, 1]. */
export function faceToDirection(face: number, s: number, t: number, out: Vec3): Vec3 {
  cubePoint(face, s, t, out);
  const x = warp(out.x);
  const y = warp(out.y);
  const z = warp(out.z);
  const len = Math.sqrt(x * x + y * y + z * z);
  out.x = x / len;
  out.y = y / len;
  out.z = z / len;
  return out;
}

export interface FaceCoord {
  face: number;
  s: number;
  t: number;
}

/** Face and (s, t) of a direction (the face whose axis component is largest; ties → lower face). */
export function directionToFace(dir: Readonly<Vec3>, out: FaceCoord): FaceCoord {
  const ax = Math.abs(dir.x);
  const ay = Math.abs(dir.y);
  const az = Math.abs(dir.z);
  let face: number;
  if (ax >= ay && ax >= az) face = dir.x >= 0 ? 0 : 1;
  else if (ay >= az) face = dir.y >= 0 ? 2 : 3;
  else face = dir.z >= 0 ? 4 : 5;
  // Warped cube point: scale so the face axis component is ±1, then unwarp each coordinate.
  const m = face < 2 ? ax : face < 4 ? ay : az;
  const wx = unwarp(dir.x / m);
  const wy = unwarp(dir.y / m);
  const wz = unwarp(dir.z / m);
  const [, u, v] = FACE_FRAMES[face];
  out.face = face;
  out.s = wx * u[0] + wy * u[1] + wz * u[2];
  out.t = wx * v[0] + wy * v[1] + wz * v[2];
  return out;
}
