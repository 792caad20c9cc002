/**
 * The local horizon frame at a body-fixed point and a camera orientation from heading and pitch
 * (ADR-0011). East = ẑ × up (x̂ × up at the poles), north = up × east; heading is clockwise from
 * north, pitch up from the horizon, both radians. Writes a three quaternion for a camera that looks
 * down its −Z axis with +Y towards the local up.
 */
import { Matrix4, type Quaternion } from 'three/webgpu';

export interface HorizonFrame {
  up: Float64Array;
  east: Float64Array;
  north: Float64Array;
}

export function horizonFrame(p: ArrayLike<number>, out: HorizonFrame): HorizonFrame {
  const r = Math.sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]);
  if (!(r > 0)) throw new RangeError('horizonFrame: point must not be the body centre');
  const u = out.up;
  u[0] = p[0] / r;
  u[1] = p[1] / r;
  u[2] = p[2] / r;
  // east = ẑ × up, or x̂ × up within 1e-9 of a pole.
  let ex = -u[1];
  let ey = u[0];
  let ez = 0;
  if (ex * ex + ey * ey < 1e-18) {
    ex = 0;
    ey = -u[2];
    ez = u[1];
  }
  const el = Math.sqrt(ex * ex + ey * ey + ez * ez);
  const e = out.east;
  e[0] = ex / el;
  e[1] = ey / el;
  e[2] = ez / el;
  const n = out.north;
  n[0] = u[1] * e[2] - u[2] * e[1];
  n[1] = u[2] * e[0] - u[0] * e[2];
  n[2] = u[0] * e[1] - u[1] * e[0];
  return out;
}

export function horizonFrameScratch(): HorizonFrame {
  return { up: new Float64Array(3), east: new Float64Array(3), north: new Float64Array(3) };
}

const basis = new Matrix4();
const hf = horizonFrameScratch();

/** Camera orientation at `eye` for `heading` and `pitch` (radians) into `out`; returns `out`. */
export function lookQuaternion(
  eye: ArrayLike<number>,
  heading: number,
  pitch: number,
  out: Quaternion,
): Quaternion {
  if (!Number.isFinite(heading) || !Number.isFinite(pitch)) {
    throw new RangeError(`lookQuaternion: heading and pitch must be finite (${heading}, ${pitch})`);
  }
  const { up, east, north } = horizonFrame(eye, hf);
  const ch = Math.cos(heading);
  const sh = Math.sin(heading);
  const cp = Math.cos(pitch);
  const sp = Math.sin(pitch);
  // forward (view direction) and camera up, orthonormal.
  const f0 = cp * (ch * north[0] + sh * east[0]) + sp * up[0];
  const f1 = cp * (ch * north[1] + sh * east[1]) + sp * up[1];
  const f2 = cp * (ch * north[2] + sh * east[2]) + sp * up[2];
  const u0 = -sp * (ch * north[0] + sh * east[0]) + cp * up[0];
  const u1 = -sp * (ch * north[1] + sh * east[1]) + cp * up[1];
  const u2 = -sp * (ch * north[2] + sh * east[2]) + cp * up[2];
  // right = forward × up
  const r0 = f1 * u2 - f2 * u1;
  const r1 = f2 * u0 - f0 * u2;
  const r2 = f0 * u1 - f1 * u0;
  basis.set(r0, u0, -f0, 0, r1, u1, -f1, 0, r2, u2, -f2, 0, 0, 0, 0, 1);
  return out.setFromRotationMatrix(basis);
}
