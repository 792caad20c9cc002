/**
 * A stand-in rock source until the universe's `regionScatter` is available: rocks on a hashed
 * 3 m lattice in the eye's tangent plane, each placed on the drawn field. Deterministic per body
 * and lattice cell; sizes follow a steep power law (many pebbles, few boulders).
 */
import { drawnSurfaceRadius, hash4, unitFromHash, type Body } from '@landfall/universe';
import {
  horizonFrame,
  horizonFrameScratch,
  type ScatterRockLike,
  type ScatterSource,
} from '@landfall/render';

const CELL_M = 3;
const hf = horizonFrameScratch();

export const standInScatter: ScatterSource = {
  rocksNear(body: Body, eye: ArrayLike<number>, radius: number): ScatterRockLike[] {
    const { up, east, north } = horizonFrame(eye, hf);
    const out: ScatterRockLike[] = [];
    const n = Math.ceil(radius / CELL_M);
    // Lattice anchored to body-fixed whole cells so rocks stay put as the eye moves.
    const e0 = Math.round((eye[0] * east[0] + eye[1] * east[1] + eye[2] * east[2]) / CELL_M);
    const n0 = Math.round((eye[0] * north[0] + eye[1] * north[1] + eye[2] * north[2]) / CELL_M);
    for (let j = -n; j <= n; j++) {
      for (let i = -n; i <= n; i++) {
        if ((i * i + j * j) * CELL_M * CELL_M > radius * radius) continue;
        const h = hash4(body.seed, 0x70c, e0 + i, n0 + j);
        if (unitFromHash(h) > 0.55) continue;
        const u = unitFromHash(hash4(h, 1, 0, 0));
        const w = unitFromHash(hash4(h, 2, 0, 0));
        const de =
          (i + u - 0.5) * CELL_M + e0 * CELL_M - (eye[0] * east[0] + eye[1] * east[1] + eye[2] * east[2]);
        const dn =
          (j + w - 0.5) * CELL_M + n0 * CELL_M - (eye[0] * north[0] + eye[1] * north[1] + eye[2] * north[2]);
        const p = [0, 1, 2].map((k) => eye[k] + de * east[k] + dn * north[k]);
        const l = Math.hypot(p[0], p[1], p[2]);
        const dir = { x: p[0] / l, y: p[1] / l, z: p[2] / l };
        const r = drawnSurfaceRadius(body, dir);
        const size = 0.08 + 0.9 * unitFromHash(hash4(h, 3, 0, 0)) ** 6;
        // Orientation: the rock's +Y along the local up, yawed by a hashed angle.
        const yaw = unitFromHash(hash4(h, 4, 0, 0)) * Math.PI * 2;
        const q = upYawQuaternion(up, east, north, yaw);
        out.push({
          position: [dir.x * r, dir.y * r, dir.z * r],
          rotation: q,
          scale: [size * 1.2, size, size],
          shape: h & 3,
        });
      }
    }
    return out;
  },
};

/** Quaternion taking local (x, y, z) to (east·cos + north·sin, up, …) yawed about up. */
function upYawQuaternion(up: Float64Array, east: Float64Array, north: Float64Array, yaw: number): number[] {
  const c = Math.cos(yaw);
  const s = Math.sin(yaw);
  const x = [0, 1, 2].map((k) => c * east[k] + s * north[k]);
  const y = [up[0], up[1], up[2]];
  const z = [x[1] * y[2] - x[2] * y[1], x[2] * y[0] - x[0] * y[2], x[0] * y[1] - x[1] * y[0]];
  // Rotation matrix columns x, y, z → quaternion (Shepperd).
  const m00 = x[0],
    m11 = y[1],
    m22 = z[2];
  const tr = m00 + m11 + m22;
  let qw: number, qx: number, qy: number, qz: number;
  if (tr > 0) {
    const S = Math.sqrt(tr + 1) * 2;
    qw = 0.25 * S;
    qx = (y[2] - z[1]) / S;
    qy = (z[0] - x[2]) / S;
    qz = (x[1] - y[0]) / S;
  } else if (m00 > m11 && m00 > m22) {
    const S = Math.sqrt(1 + m00 - m11 - m22) * 2;
    qw = (y[2] - z[1]) / S;
    qx = 0.25 * S;
    qy = (y[0] + x[1]) / S;
    qz = (z[0] + x[2]) / S;
  } else if (m11 > m22) {
    const S = Math.sqrt(1 + m11 - m00 - m22) * 2;
    qw = (z[0] - x[2]) / S;
    qx = (y[0] + x[1]) / S;
    qy = 0.25 * S;
    qz = (z[1] + y[2]) / S;
  } else {
    const S = Math.sqrt(1 + m22 - m00 - m11) * 2;
    qw = (x[1] - y[0]) / S;
    qx = (z[0] + x[2]) / S;
    qy = (z[1] + y[2]) / S;
    qz = 0.25 * S;
  }
  return [qx, qy, qz, qw];
}
