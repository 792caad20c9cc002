/**
 * Height differences of the drawn field over a baseline, for the slope tests (LOLA's 17 m shots,
 * HiRISE's 1 m posts): at each site, the step of `baseM` metres along a tangent — the tangent
 * perpendicular to a fixed axis, turned about the site by the angle whose cosine and sine
 * `turn(i)` gives (default: unturned). Exact operations only (this package's lint rule).
 */
import type { Body } from '../body/Body';
import type { Vec3 } from '../math/vec3';
import { drawnBatch } from '../tail/drawn';

export function baselineDifferences(
  body: Body,
  at: readonly Vec3[],
  baseM: number,
  turn: (i: number) => readonly [number, number] = () => [1, 0],
): number[] {
  const dirs = new Float64Array(6 * at.length);
  const e = baseM / body.radius;
  at.forEach((p, i) => {
    const ax = Math.abs(p.x) < 0.6 ? { x: 1, y: 0, z: 0 } : { x: 0, y: 1, z: 0 };
    const u = { x: ax.y * p.z - ax.z * p.y, y: ax.z * p.x - ax.x * p.z, z: ax.x * p.y - ax.y * p.x };
    const ul = Math.sqrt(u.x * u.x + u.y * u.y + u.z * u.z);
    // v = p × u / |u|: the second unit tangent; u / |u| and v span the tangent plane.
    const v = {
      x: (p.y * u.z - p.z * u.y) / ul,
      y: (p.z * u.x - p.x * u.z) / ul,
      z: (p.x * u.y - p.y * u.x) / ul,
    };
    const [cos, s] = turn(i);
    const c = cos / ul;
    const t = { x: c * u.x + s * v.x, y: c * u.y + s * v.y, z: c * u.z + s * v.z };
    const q = { x: p.x + e * t.x, y: p.y + e * t.y, z: p.z + e * t.z };
    const ql = Math.sqrt(q.x * q.x + q.y * q.y + q.z * q.z);
    dirs.set([p.x, p.y, p.z, q.x / ql, q.y / ql, q.z / ql], 6 * i);
  });
  const h = new Float64Array(2 * at.length);
  drawnBatch(body, dirs, 2 * at.length, h, null);
  return at.map((_, i) => h[2 * i + 1] - h[2 * i]);
}
