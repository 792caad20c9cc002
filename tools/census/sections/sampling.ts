/**
 * Deterministic sample sites for the census: hashed directions on a body, split by terrain unit
 * (the young unit's weight from `plainWeightAt`), and baselines along hashed tangents.
 */
import { hash3, plainWeightAt, unitFromHash, type Body, type Vec3 } from '@landfall/universe';
import { farProbes } from '../../../packages/universe/src/testing/probes';

export type UnitName = 'highland' | 'plain';

/** Up to `n` sites of `unit` on `body` (w < 0.05 highland, w > 0.95 plain). */
export function unitSites(body: Body, unit: UnitName, n: number): Vec3[] {
  const out: Vec3[] = [];
  for (const d of farProbes(body.seed ^ 0x51ce, 6000)) {
    const w = plainWeightAt(body, d);
    if (unit === 'highland' ? w < 0.05 : w > 0.95) out.push(d);
    if (out.length >= n) break;
  }
  return out;
}

/** Pairs (site, site moved `baselineM` along a hashed tangent), interleaved into one Float64Array. */
export function baselinePairs(body: Body, sites: readonly Vec3[], baselineM: number): Float64Array {
  const dirs = new Float64Array(6 * sites.length);
  const e = baselineM / body.radius;
  sites.forEach((p, i) => {
    const a = 2 * Math.PI * unitFromHash(hash3(body.seed, i, 77));
    const ax = Math.abs(p.x) < 0.6 ? { x: 1, y: 0, z: 0 } : { x: 0, y: 1, z: 0 };
    let ux = ax.y * p.z - ax.z * p.y;
    let uy = ax.z * p.x - ax.x * p.z;
    let uz = ax.x * p.y - ax.y * p.x;
    const ul = Math.hypot(ux, uy, uz);
    ux /= ul;
    uy /= ul;
    uz /= ul;
    const vx = p.y * uz - p.z * uy;
    const vy = p.z * ux - p.x * uz;
    const vz = p.x * uy - p.y * ux;
    const tx = Math.cos(a) * ux + Math.sin(a) * vx;
    const ty = Math.cos(a) * uy + Math.sin(a) * vy;
    const tz = Math.cos(a) * uz + Math.sin(a) * vz;
    // A great-circle step of arc e (chord error ~e³, far below a millimetre).
    const x = p.x * Math.cos(e) + tx * Math.sin(e);
    const y = p.y * Math.cos(e) + ty * Math.sin(e);
    const z = p.z * Math.cos(e) + tz * Math.sin(e);
    const l = Math.hypot(x, y, z);
    dirs.set([p.x, p.y, p.z, x / l, y / l, z / l], 6 * i);
  });
  return dirs;
}
