/**
 * Crater counts of the canonical ladder for the census (ADR-0004): the craters (not knobs or pits)
 * of diameter ≥ minD whose centres lie within a cap, as seen on the old unit (every crater) or on
 * the young unit (craters younger than it). A measurement tool over the same gathers the field
 * evaluates; it changes nothing.
 */
import type { Body } from '../body/Body';
import type { Vec3 } from '../math/vec3';
import { CandidatePool, gatherRung, KIND_CRATER } from './candidates';
import { ladderPlan } from './ladderPlan';

const pool = new CandidatePool();

/** Craters per m² with diameter ≥ minD (m) centred within `capM` metres (chord) of `centre`. */
export function craterDensity(
  body: Body,
  centre: Readonly<Vec3>,
  capM: number,
  minD: number,
  unit: 'old' | 'young',
): number {
  if (!(capM > 0) || !(minD > 0))
    throw new RangeError(`craterDensity: cap ${capM} m and minD ${minD} m must be > 0`);
  const plan = ladderPlan(body);
  const chord = capM / body.radius;
  const cap = new Float64Array([centre.x, centre.y, centre.z, chord]);
  let n = 0;
  for (let k = 1; k < plan.rungs; k++) {
    if (plan.diameter[k] * 2 <= minD) continue;
    pool.count = 0;
    gatherRung(pool, body, plan, k, cap, 0);
    for (let j = 0; j < pool.count; j++) {
      if (pool.kind[j] !== KIND_CRATER || pool.diameter[j] < minD) continue;
      if (unit === 'young' && pool.young[j] !== 1) continue;
      const dx = pool.nx[j] - centre.x;
      const dy = pool.ny[j] - centre.y;
      const dz = pool.nz[j] - centre.z;
      if (dx * dx + dy * dy + dz * dz < chord * chord) n++;
    }
  }
  // A spherical cap of chord c on radius R has area π·(c·R)².
  return n / (Math.PI * capM * capM);
}
