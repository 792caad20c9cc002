/**
 * Builds a ViewState without three.js (tests, benchmarks, headless tools): a perspective camera at
 * `eye` looking at `target` with `up`, in three.js's conventions (right-handed, camera looks down
 * −Z, column-major, OpenGL clip depth −1…1). The matrix is eye-relative: it maps (p − eye, 1).
 */
import type { ViewState } from './ViewState';

export interface LookAtOptions {
  eye: ArrayLike<number>;
  target: ArrayLike<number>;
  up: ArrayLike<number>;
  /** Vertical field of view, rad. */
  fovY: number;
  width: number;
  height: number;
  near?: number;
  far?: number;
  velocity?: ArrayLike<number>;
}

function norm(x: number, y: number, z: number): [number, number, number] {
  const l = Math.sqrt(x * x + y * y + z * z);
  if (!(l > 0))
    throw new RangeError('lookAtView: degenerate direction (eye = target, or up parallel to view)');
  return [x / l, y / l, z / l];
}

export function lookAtView(o: LookAtOptions): ViewState {
  const near = o.near ?? 0.05;
  const far = o.far ?? 1e9;
  // Camera basis: zc points from target to eye; xc = up × zc; yc = zc × xc.
  const zc = norm(o.eye[0] - o.target[0], o.eye[1] - o.target[1], o.eye[2] - o.target[2]);
  const xc = norm(
    o.up[1] * zc[2] - o.up[2] * zc[1],
    o.up[2] * zc[0] - o.up[0] * zc[2],
    o.up[0] * zc[1] - o.up[1] * zc[0],
  );
  const yc = [zc[1] * xc[2] - zc[2] * xc[1], zc[2] * xc[0] - zc[0] * xc[2], zc[0] * xc[1] - zc[1] * xc[0]];
  const f = 1 / Math.tan(o.fovY / 2);
  const aspect = o.width / o.height;
  const A = -(far + near) / (far - near);
  const B = (-2 * far * near) / (far - near);
  // P · V with V = rotation only (eye-relative); column-major m[col * 4 + row].
  const m = new Float64Array(16);
  for (let col = 0; col < 3; col++) {
    const vx = xc[col];
    const vy = yc[col];
    const vz = zc[col];
    m[col * 4 + 0] = (f / aspect) * vx;
    m[col * 4 + 1] = f * vy;
    m[col * 4 + 2] = A * vz;
    m[col * 4 + 3] = -vz;
  }
  m[12] = 0;
  m[13] = 0;
  m[14] = B;
  m[15] = 0;
  return {
    eye: Float64Array.from([o.eye[0], o.eye[1], o.eye[2]]),
    viewProjection: m,
    fovY: o.fovY,
    viewportHeight: o.height,
    velocity: o.velocity ? Float64Array.from([o.velocity[0], o.velocity[1], o.velocity[2]]) : undefined,
  };
}
