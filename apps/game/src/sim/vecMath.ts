/**
 * Float64 vector and quaternion helpers for the flight sim that universe's `math/vec3` lacks
 * (`vec3`, `dot3`, `normalize3` and the `Quaternion` record come from there): plain `{x, y, z}` / `{x, y, z, w}` records,
 * out-parameters first, no allocation. Quaternions are unit, Hamilton convention, and map
 * ship coordinates to the frame they are expressed in (v' = q v q*).
 */
import { dot3, normalize3, vec3, type Quaternion, type Vec3 } from '@landfall/universe';

/** A quaternion record: universe's `Quaternion` (here always unit, Hamilton convention). */
export type Quat = Quaternion;

export const quat = (x = 0, y = 0, z = 0, w = 1): Quat => ({ x, y, z, w });

export function set3(out: Vec3, x: number, y: number, z: number): Vec3 {
  out.x = x;
  out.y = y;
  out.z = z;
  return out;
}

export function len3(a: Readonly<Vec3>): number {
  return Math.sqrt(a.x * a.x + a.y * a.y + a.z * a.z);
}

export function cross(out: Vec3, a: Readonly<Vec3>, b: Readonly<Vec3>): Vec3 {
  return set3(out, a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

export function scaleAdd(out: Vec3, a: Readonly<Vec3>, b: Readonly<Vec3>, s: number): Vec3 {
  return set3(out, a.x + b.x * s, a.y + b.y * s, a.z + b.z * s);
}

/** Rotates `a` about +Z by angle `c = cos θ`, `s = sin θ` (the body's spin). */
export function rotZ(out: Vec3, a: Readonly<Vec3>, c: number, s: number): Vec3 {
  return set3(out, c * a.x - s * a.y, s * a.x + c * a.y, a.z);
}

/** out = q a q*. */
export function rotate(out: Vec3, q: Readonly<Quat>, a: Readonly<Vec3>): Vec3 {
  const { x, y, z, w } = q;
  const tx = 2 * (y * a.z - z * a.y);
  const ty = 2 * (z * a.x - x * a.z);
  const tz = 2 * (x * a.y - y * a.x);
  return set3(
    out,
    a.x + w * tx + (y * tz - z * ty),
    a.y + w * ty + (z * tx - x * tz),
    a.z + w * tz + (x * ty - y * tx),
  );
}

/** out = q* a q (the inverse rotation). */
export function unrotate(out: Vec3, q: Readonly<Quat>, a: Readonly<Vec3>): Vec3 {
  conj.x = -q.x;
  conj.y = -q.y;
  conj.z = -q.z;
  conj.w = q.w;
  return rotate(out, conj, a);
}
const conj = quat();

/** out = a ⊗ b (apply b first, then a). `out` may alias either. */
export function qmul(out: Quat, a: Readonly<Quat>, b: Readonly<Quat>): Quat {
  const x = a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y;
  const y = a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x;
  const z = a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w;
  const w = a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z;
  out.x = x;
  out.y = y;
  out.z = z;
  out.w = w;
  return out;
}

export function qnormalize(q: Quat): Quat {
  const l = Math.sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
  q.x /= l;
  q.y /= l;
  q.z /= l;
  q.w /= l;
  return q;
}

/** Quaternion of a rotation by `angle` about +Z. */
export function qz(out: Quat, angle: number): Quat {
  out.x = 0;
  out.y = 0;
  out.z = Math.sin(angle / 2);
  out.w = Math.cos(angle / 2);
  return out;
}

/**
 * The rotation whose ship axes are: +Y along `up`, +Z as close to `fwd` as the tangent plane
 * allows (any non-parallel `fwd` works). Both inputs in the same frame; result maps ship → it.
 */
export function qFromUpForward(out: Quat, up: Readonly<Vec3>, fwd: Readonly<Vec3>): Quat {
  const uy = normalize3(ax, up);
  let d = dot3(fwd, uy);
  scaleAdd(az, fwd, uy, -d);
  if (len3(az) < 1e-9) {
    // fwd parallel to up: pick any perpendicular
    set3(az, Math.abs(uy.x) < 0.9 ? 1 : 0, Math.abs(uy.x) < 0.9 ? 0 : 1, 0);
    d = dot3(az, uy);
    scaleAdd(az, az, uy, -d);
  }
  normalize3(az, az);
  cross(bx, uy, az);
  // Rotation matrix columns bx, uy, az → quaternion (Shepperd).
  const m00 = bx.x,
    m01 = uy.x,
    m02 = az.x;
  const m10 = bx.y,
    m11 = uy.y,
    m12 = az.y;
  const m20 = bx.z,
    m21 = uy.z,
    m22 = az.z;
  const tr = m00 + m11 + m22;
  if (tr > 0) {
    const s = Math.sqrt(tr + 1) * 2;
    out.w = s / 4;
    out.x = (m21 - m12) / s;
    out.y = (m02 - m20) / s;
    out.z = (m10 - m01) / s;
  } else if (m00 > m11 && m00 > m22) {
    const s = Math.sqrt(1 + m00 - m11 - m22) * 2;
    out.w = (m21 - m12) / s;
    out.x = s / 4;
    out.y = (m01 + m10) / s;
    out.z = (m02 + m20) / s;
  } else if (m11 > m22) {
    const s = Math.sqrt(1 + m11 - m00 - m22) * 2;
    out.w = (m02 - m20) / s;
    out.x = (m01 + m10) / s;
    out.y = s / 4;
    out.z = (m12 + m21) / s;
  } else {
    const s = Math.sqrt(1 + m22 - m00 - m11) * 2;
    out.w = (m10 - m01) / s;
    out.x = (m02 + m20) / s;
    out.y = (m12 + m21) / s;
    out.z = s / 4;
  }
  return qnormalize(out);
}
const ax = vec3();
const az = vec3();
const bx = vec3();
