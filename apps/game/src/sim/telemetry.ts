/**
 * Flight telemetry derived from a `FlightSim` (HUD, autopilot, tests): altitudes above the datum
 * and above the canonical ground, ground-relative speeds, slope, tilt, attitude angles and the
 * landed ship's ground error. Reads the canonical ground only.
 */
import {
  dot3,
  elevationAtD,
  elevationSample,
  groundElevation,
  normalize3,
  terrainUnit,
  vec3,
  type Vec3,
} from '@landfall/universe';
import type { FlightSim } from './FlightSim';
import { LEG_HEIGHT_M, SHIP_DRY_MASS_KG } from './flightLimits';
import { cross, len3, rotate, scaleAdd } from './vecMath';

export interface Telemetry {
  /** |p| − R, m. */
  datumAltitudeM: number;
  /** Canonical ground elevation below the ship (along the radial), m above the datum. */
  groundElevationM: number;
  /** Terrain unit of that ground (`terrainUnit`: 0 highland, 1 plain, 2 ice, 3 volcanic). */
  groundUnit: number;
  /** Base plane (feet) above the canonical ground directly below, m. */
  altitudeM: number;
  /** Ground-relative vertical speed, m/s (positive up). */
  verticalSpeed: number;
  /** Ground-relative speed across the ground, m/s. */
  horizontalSpeed: number;
  /** Slope of the canonical ground below, degrees. */
  slopeDeg: number;
  /** Ship +Y from the local vertical, degrees. */
  tiltDeg: number;
  /**
   * Heading clockwise from north, degrees: where the ship leans (+Y projected on the ground) once
   * it tilts `HEADING_FROM_TILT_DEG` or more, else where its nose points (+Z projected). An
   * upright ship's +Y has no horizontal part, so its lean direction is rounding noise.
   */
  headingDeg: number;
  latDeg: number;
  lonDeg: number;
  massKg: number;
  /** Local gravity μ/r², m/s². */
  gravity: number;
}

export function createTelemetry(): Telemetry {
  return {
    datumAltitudeM: 0,
    groundElevationM: 0,
    groundUnit: 0,
    altitudeM: 0,
    verticalSpeed: 0,
    horizontalSpeed: 0,
    slopeDeg: 0,
    tiltDeg: 0,
    headingDeg: 0,
    latDeg: 0,
    lonDeg: 0,
    massKg: 0,
    gravity: 0,
  };
}

const RAD = 180 / Math.PI;

/** Tilt from which the heading is the lean direction rather than the nose direction, degrees. */
export const HEADING_FROM_TILT_DEG = 2;
const SIN_HEADING_TILT = Math.sin(HEADING_FROM_TILT_DEG / RAD);
const pBf = vec3();
const dir = vec3();
const upI = vec3();
const vr = vec3();
const axis = vec3();
const east = vec3();
const north = vec3();
const es = elevationSample();
const Y: Readonly<Vec3> = { x: 0, y: 1, z: 0 };
const Z: Readonly<Vec3> = { x: 0, y: 0, z: 1 };
const dirI = vec3();
const POLE: Readonly<Vec3> = { x: 0, y: 0, z: 1 };

/** Fills `out` from the sim's current state. */
export function telemetry(sim: FlightSim, out: Telemetry): Telemetry {
  const s = sim.state;
  const body = sim.body;
  sim.toBodyFixed(pBf, s.p);
  const r = len3(pBf);
  normalize3(dir, pBf);
  elevationAtD(body, dir, es);
  out.datumAltitudeM = r - body.radius;
  out.groundElevationM = es.h;
  out.groundUnit = terrainUnit(body, es.h, dir.x, dir.y, dir.z);
  out.altitudeM = r - (body.radius + es.h) - LEG_HEIGHT_M;
  out.slopeDeg =
    Math.atan(Math.sqrt(es.gx * es.gx + es.gy * es.gy + es.gz * es.gz) / (body.radius + es.h)) * RAD;
  normalize3(upI, s.p);
  sim.relativeVelocity(vr);
  out.verticalSpeed = dot3(vr, upI);
  scaleAdd(vr, vr, upI, -out.verticalSpeed);
  out.horizontalSpeed = len3(vr);
  rotate(axis, s.q, Y);
  out.tiltDeg = Math.acos(Math.max(-1, Math.min(1, dot3(axis, upI)))) * RAD;
  // Heading in the body-fixed tangent frame, from the lean (+Y) or, nearly upright, the nose (+Z).
  cross(east, POLE, dir);
  if (len3(east) < 1e-12) east.x = 1;
  normalize3(east, east);
  cross(north, dir, east);
  sim.toBodyFixed(vr, axis);
  let e = dot3(vr, east);
  let n = dot3(vr, north);
  if (e * e + n * n < SIN_HEADING_TILT * SIN_HEADING_TILT) {
    sim.toBodyFixed(dirI, rotate(dirI, s.q, Z));
    e = dot3(dirI, east);
    n = dot3(dirI, north);
  }
  out.headingDeg = (Math.atan2(e, n) * RAD + 360) % 360;
  out.latDeg = Math.asin(Math.max(-1, Math.min(1, dir.z))) * RAD;
  out.lonDeg = Math.atan2(dir.y, dir.x) * RAD;
  out.massKg = SHIP_DRY_MASS_KG + s.fuelKg;
  out.gravity = body.mu / (r * r);
  return out;
}

/**
 * The landed ship's ground error: base-centre altitude above the canonical ground at the base
 * centre's own direction, m (0 for a perfectly seated ship), from the body-fixed pose.
 */
export function groundErrorM(sim: FlightSim): number {
  const s = sim.state;
  const base = rotate(vec3(), s.qBf, { x: 0, y: -LEG_HEIGHT_M, z: 0 });
  scaleAdd(base, s.pBf, base, 1);
  const rb = len3(base);
  const d = normalize3(vec3(), base);
  return rb - (sim.body.radius + groundElevation(sim.body, d));
}

/**
 * Radar altitude: distance from the base centre along the ship's −Y axis to the canonical ground,
 * by marching and bisection; `Infinity` when the ground is not hit within `maxRangeM`.
 */
export function radarAltitude(sim: FlightSim, maxRangeM = 50000): number {
  const s = sim.state;
  const body = sim.body;
  const o = rotate(vec3(), s.q, { x: 0, y: -LEG_HEIGHT_M, z: 0 });
  scaleAdd(o, s.p, o, 1);
  sim.toBodyFixed(o, o);
  const d = rotate(vec3(), s.q, { x: 0, y: -1, z: 0 });
  sim.toBodyFixed(d, d);
  const q = vec3();
  const n = vec3();
  const above = (t: number): number => {
    scaleAdd(q, o, d, t);
    const rq = len3(q);
    return rq - (body.radius + groundElevation(body, normalize3(n, q)));
  };
  let lo = 0;
  const h0 = above(0);
  if (h0 <= 0) return 0;
  let step = Math.max(1, h0 / 8);
  while (lo < maxRangeM) {
    const hi = lo + step;
    const hHi = above(hi);
    if (hHi <= 0) {
      let a = lo;
      let b = hi;
      for (let i = 0; i < 40; i++) {
        const m = (a + b) / 2;
        if (above(m) > 0) a = m;
        else b = m;
      }
      return (a + b) / 2;
    }
    lo = hi;
    step = Math.max(1, Math.min(hHi / 2, step * 2));
  }
  return Infinity;
}
