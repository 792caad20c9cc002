/**
 * A rock's resting orientation (ADR-0007), exact arithmetic only: the rock's local +y along the
 * local up (its direction from the body centre), a uniform yaw about it, then a small tilt, all
 * from draws of the rock's own slot hash. q = q_frame · q_tilt · q_yaw, where q_frame takes local
 * (x, y, z) to (east, up, east × up) and q_yaw, q_tilt act in the rock's local axes.
 *
 * Yaw: a point uniform in the unit disc (rejection over successive draws) normalised is a uniform
 * half-angle (cos, sin), so the yaw is uniform. Tilt: q_tilt = normalise(1, tx, 0, tz) with tx, tz
 * uniform in [−ROCK_TILT, ROCK_TILT]: a rotation about a horizontal axis by at most
 * 2·atan(ROCK_TILT·√2) (16.1° for 0.1).
 */
import type { Quaternion } from './regionScatter';
import { rehash, unitFromHash } from '../math/hash';

/** Bound of the tilt quaternion's horizontal components (ADR-0007): tilt ≤ 2·atan(√2·0.1) ≈ 16.1°. */
export const ROCK_TILT = 0.1;

/** Quaternion of the rotation with orthonormal columns X, Y, Z (Shepperd's method) into `out`. */
function fromBasis(
  xx: number,
  xy: number,
  xz: number,
  yx: number,
  yy: number,
  yz: number,
  zx: number,
  zy: number,
  zz: number,
  out: Quaternion,
): Quaternion {
  // Matrix m[row][col]: columns X, Y, Z.
  const trace = xx + yy + zz;
  if (trace > 0) {
    const s = 2 * Math.sqrt(trace + 1);
    out.w = s / 4;
    out.x = (yz - zy) / s;
    out.y = (zx - xz) / s;
    out.z = (xy - yx) / s;
  } else if (xx > yy && xx > zz) {
    const s = 2 * Math.sqrt(1 + xx - yy - zz);
    out.w = (yz - zy) / s;
    out.x = s / 4;
    out.y = (yx + xy) / s;
    out.z = (zx + xz) / s;
  } else if (yy > zz) {
    const s = 2 * Math.sqrt(1 + yy - xx - zz);
    out.w = (zx - xz) / s;
    out.x = (yx + xy) / s;
    out.y = s / 4;
    out.z = (zy + yz) / s;
  } else {
    const s = 2 * Math.sqrt(1 + zz - xx - yy);
    out.w = (xy - yx) / s;
    out.x = (zx + xz) / s;
    out.y = (zy + yz) / s;
    out.z = s / 4;
  }
  return out;
}

/** a ⊗ b into `out` (out may not alias a or b). */
function mul(a: Readonly<Quaternion>, b: Readonly<Quaternion>, out: Quaternion): Quaternion {
  out.w = a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z;
  out.x = a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y;
  out.y = a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x;
  out.z = a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w;
  return out;
}

const frame: Quaternion = { x: 0, y: 0, z: 0, w: 1 };
const tilt: Quaternion = { x: 0, y: 0, z: 0, w: 1 };
const yaw: Quaternion = { x: 0, y: 0, z: 0, w: 1 };
const tmp: Quaternion = { x: 0, y: 0, z: 0, w: 1 };

/** The resting orientation of a rock at unit direction (ux, uy, uz) with slot hash `h` into `out`. */
export function restingRotation(ux: number, uy: number, uz: number, h: number, out: Quaternion): Quaternion {
  // East = normalise(ref × up), ref = +z (or +x within ~25° of a pole); then X = east, Y = up, Z = X × Y.
  const polar = uz > 0.9 || uz < -0.9;
  let ex = polar ? 0 : -uy;
  let ey = polar ? -uz : ux;
  let ez = polar ? uy : 0;
  const el = Math.sqrt(ex * ex + ey * ey + ez * ez);
  ex /= el;
  ey /= el;
  ez /= el;
  const zx = ey * uz - ez * uy;
  const zy = ez * ux - ex * uz;
  const zz = ex * uy - ey * ux;
  fromBasis(ex, ey, ez, ux, uy, uz, zx, zy, zz, frame);
  let c = 0;
  let s = 0;
  let r2 = 0;
  for (let a = 0; !(r2 > 1e-6 && r2 <= 1); a++) {
    c = 2 * unitFromHash(rehash(h, 16 + 2 * a)) - 1;
    s = 2 * unitFromHash(rehash(h, 17 + 2 * a)) - 1;
    r2 = c * c + s * s;
  }
  const r = Math.sqrt(r2);
  yaw.x = 0;
  yaw.y = s / r;
  yaw.z = 0;
  yaw.w = c / r;
  const tx = ROCK_TILT * (2 * unitFromHash(rehash(h, 9)) - 1);
  const tz = ROCK_TILT * (2 * unitFromHash(rehash(h, 10)) - 1);
  const tl = Math.sqrt(1 + tx * tx + tz * tz);
  tilt.x = tx / tl;
  tilt.y = 0;
  tilt.z = tz / tl;
  tilt.w = 1 / tl;
  mul(frame, tilt, tmp);
  mul(tmp, yaw, out);
  // One normalisation keeps |q| = 1 to a few ulp whatever the products rounded.
  const ql = Math.sqrt(out.x * out.x + out.y * out.y + out.z * out.z + out.w * out.w);
  out.x /= ql;
  out.y /= ql;
  out.z /= ql;
  out.w /= ql;
  return out;
}
