/**
 * Landing-site search on the canonical ground (ADR-0014): the nearest point to a direction, on rings
 * of growing radius, whose slope and the slopes around it (two circles of probes) are all under a
 * fraction of the touchdown limit. Pure and deterministic; costs at most a few thousand canonical
 * evaluations.
 */
import { elevationAtD, elevationSample, normalize3, vec3, type Body, type Vec3 } from '@landfall/universe';
import { LANDING_MAX_SLOPE_DEG } from './flightLimits';
import { cross, len3, set3 } from './vecMath';

export interface LandingSite {
  /** Body-fixed unit direction of the site. */
  dir: Vec3;
  /** Worst slope over the site's probes, degrees. */
  slopeDeg: number;
  /** Distance from the search centre along the ground, m. */
  distanceM: number;
  /** Canonical points evaluated. */
  probes: number;
}

/** Sites must be flatter than this fraction of the slope limit. */
const SAFE_FRACTION = 0.5;
/** Probe circles around a candidate, m. */
const CIRCLES_M = [6, 14];
const RING_STEP_M = 60;

const es = elevationSample();
const e1 = vec3();
const e2 = vec3();
const q = vec3();

function slopeAt(body: Body, d: Readonly<Vec3>): number {
  elevationAtD(body, d, es);
  return (
    (Math.atan(Math.sqrt(es.gx * es.gx + es.gy * es.gy + es.gz * es.gz) / (body.radius + es.h)) * 180) /
    Math.PI
  );
}

/** Direction at tangent offset (a, b) metres from unit `c` (gnomonic). */
function offset(out: Vec3, c: Readonly<Vec3>, a: number, b: number, R: number): Vec3 {
  set3(
    out,
    c.x + (e1.x * a + e2.x * b) / R,
    c.y + (e1.y * a + e2.y * b) / R,
    c.z + (e1.z * a + e2.z * b) / R,
  );
  return normalize3(out, out);
}

export function findLandingSite(body: Body, centre: Readonly<Vec3>, radiusM = 4000): LandingSite {
  const R = body.radius;
  const c = normalize3(vec3(), centre);
  cross(e1, { x: 0, y: 0, z: 1 }, c);
  if (len3(e1) < 1e-9) set3(e1, 1, 0, 0);
  normalize3(e1, e1);
  cross(e2, c, e1);
  const limit = SAFE_FRACTION * LANDING_MAX_SLOPE_DEG;
  let probes = 0;
  let best: LandingSite | null = null;
  const cand = vec3();
  for (let ring = 0; ring * RING_STEP_M <= radiusM; ring++) {
    const r = ring * RING_STEP_M;
    const n = ring === 0 ? 1 : Math.ceil((2 * Math.PI * r) / RING_STEP_M);
    for (let k = 0; k < n; k++) {
      const ang = (2 * Math.PI * k) / n;
      offset(cand, c, r * Math.cos(ang), r * Math.sin(ang), R);
      probes++;
      let worst = slopeAt(body, cand);
      if (worst > limit) continue;
      for (const rr of CIRCLES_M) {
        for (let m = 0; m < 8 && worst <= limit; m++) {
          const a = (2 * Math.PI * m) / 8;
          // Probe around the candidate: offsets in the same tangent frame (small distances).
          set3(q, cand.x + (e1.x * rr * Math.cos(a) + e2.x * rr * Math.sin(a)) / R, 0, 0);
          q.y = cand.y + (e1.y * rr * Math.cos(a) + e2.y * rr * Math.sin(a)) / R;
          q.z = cand.z + (e1.z * rr * Math.cos(a) + e2.z * rr * Math.sin(a)) / R;
          normalize3(q, q);
          probes++;
          worst = Math.max(worst, slopeAt(body, q));
        }
      }
      if (worst <= limit) {
        best = { dir: { ...cand }, slopeDeg: worst, distanceM: r, probes };
        break;
      }
    }
    if (best) break;
  }
  if (!best) return { dir: { ...c }, slopeDeg: slopeAt(body, c), distanceM: 0, probes };
  best.probes = probes;
  return best;
}
