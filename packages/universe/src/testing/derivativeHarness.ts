/**
 * Derivative harness for tests (HOUSE_STYLE §7): compares a field's analytic tangential gradient
 * with central differences along two tangent directions at each probe direction. Reports the
 * worst absolute disagreement and the steepest analytic gradient (both m per radian); callers
 * assert worst/steepest < 1% and steepest above a floor (the teeth: a flat field cannot pass).
 */
import type { ElevationSample } from '../field/elevation';
import type { Vec3 } from '../math/vec3';

export type FieldD = (dir: Readonly<Vec3>, out: ElevationSample) => ElevationSample;

export interface HarnessResult {
  worst: number;
  steepest: number;
  /** Index of the probe where `worst` was found. */
  at: number;
}

const a: ElevationSample = { h: 0, gx: 0, gy: 0, gz: 0 };
const p: ElevationSample = { h: 0, gx: 0, gy: 0, gz: 0 };
const m: ElevationSample = { h: 0, gx: 0, gy: 0, gz: 0 };

function offset(d: Readonly<Vec3>, t: Readonly<Vec3>, e: number, out: Vec3): Vec3 {
  const x = d.x + e * t.x;
  const y = d.y + e * t.y;
  const z = d.z + e * t.z;
  const l = Math.sqrt(x * x + y * y + z * z);
  out.x = x / l;
  out.y = y / l;
  out.z = z / l;
  return out;
}

/** Runs the harness over `dirs` with step `stepRad` (radians; atan(step) ≈ step). */
export function derivativeHarness(field: FieldD, dirs: readonly Vec3[], stepRad: number): HarnessResult {
  let worst = 0;
  let steepest = 0;
  let at = -1;
  const q: Vec3 = { x: 0, y: 0, z: 0 };
  for (let i = 0; i < dirs.length; i++) {
    const d = dirs[i];
    field(d, a);
    steepest = Math.max(steepest, Math.sqrt(a.gx * a.gx + a.gy * a.gy + a.gz * a.gz));
    // Tangent basis: t1 ⟂ d from the least aligned axis, t2 = d × t1.
    const ax = Math.abs(d.x) < 0.5 ? 1 : 0;
    const ay = ax ? 0 : 1;
    let t1x = ay * d.z;
    let t1y = -ax * d.z;
    let t1z = ax * d.y - ay * d.x;
    const l = Math.sqrt(t1x * t1x + t1y * t1y + t1z * t1z);
    t1x /= l;
    t1y /= l;
    t1z /= l;
    const t2 = { x: d.y * t1z - d.z * t1y, y: d.z * t1x - d.x * t1z, z: d.x * t1y - d.y * t1x };
    for (const t of [{ x: t1x, y: t1y, z: t1z }, t2]) {
      field(offset(d, t, stepRad, q), p);
      field(offset(d, t, -stepRad, q), m);
      const num = (p.h - m.h) / (2 * stepRad);
      const ana = a.gx * t.x + a.gy * t.y + a.gz * t.z;
      const err = Math.abs(num - ana);
      if (err > worst) {
        worst = err;
        at = i;
      }
    }
  }
  return { worst, steepest, at };
}
