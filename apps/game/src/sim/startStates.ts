/**
 * The starting states (ADR-0014): a circular equatorial low orbit; a descent already under way
 * 10 km above the canonical ground at a site, moving down and across the ground; and the ship
 * landed upright at a site, nose north (what the observatory's "Game →" link opens).
 */
import { groundElevation, normalize3, vec3, type Body, type Vec3 } from '@landfall/universe';
import { LEG_HEIGHT_M, SIM_TICK_S } from './flightLimits';
import { createShipState, type ShipState } from './ShipState';
import { FlightSim } from './FlightSim';
import { cross, len3, qFromUpForward, scaleAdd, set3 } from './vecMath';

export type StartKind = 'orbit' | 'descent' | 'landed';
export const START_KINDS: readonly StartKind[] = ['orbit', 'descent', 'landed'];

export interface Site {
  latDeg: number;
  lonDeg: number;
}

/** Default landing site of the descent start. */
export const DEFAULT_SITE: Readonly<Site> = { latDeg: 8, lonDeg: 23 };

export function siteDirection(site: Readonly<Site>, out: Vec3 = vec3()): Vec3 {
  const la = (site.latDeg * Math.PI) / 180;
  const lo = (site.lonDeg * Math.PI) / 180;
  return set3(out, Math.cos(la) * Math.cos(lo), Math.cos(la) * Math.sin(lo), Math.sin(la));
}

/** Circular-orbit altitude above the datum for a body, m: clear of all relief by a wide margin. */
export function lowOrbitAltitudeM(body: Body): number {
  return Math.max(15000, 2 * body.grammar.maxReliefM, 0.03 * body.radius);
}

/** A circular prograde equatorial orbit over longitude 0, the engine pointing retrograde. */
export function lowOrbitState(body: Body, t = 0): ShipState {
  const s = createShipState();
  s.tick = Math.round(t / SIM_TICK_S);
  s.t = t;
  const r = body.radius + lowOrbitAltitudeM(body);
  const speed = Math.sqrt(body.mu / r);
  const sense = body.rotationPeriod < 0 ? -1 : 1;
  set3(s.p, r, 0, 0);
  set3(s.v, 0, sense * speed, 0);
  // +Y (engine thrust) retrograde, +Z forward toward the planet.
  qFromUpForward(s.q, set3(vec3(), 0, -sense, 0), set3(vec3(), -1, 0, 0));
  return s;
}

export interface DescentOptions {
  site?: Site;
  /** Body-fixed unit direction of the site (overrides `site`). */
  dir?: Vec3;
  /** Height of the base plane above the canonical ground, m. */
  altitudeM?: number;
  /** Ground-relative descent rate, m/s (positive down). */
  sinkMs?: number;
  /** Ground-relative speed toward the east, m/s. */
  eastMs?: number;
}

/** A descent under way above `site` at t = 0 (inertial = body-fixed axes), tilted retrograde. */
export function descentState(body: Body, o: DescentOptions = {}): ShipState {
  const s = createShipState();
  const dir = o.dir ? normalize3(vec3(), o.dir) : siteDirection(o.site ?? DEFAULT_SITE);
  const r = body.radius + groundElevation(body, dir) + LEG_HEIGHT_M + (o.altitudeM ?? 10000);
  scaleAdd(s.p, vec3(), dir, r);
  const east = normalize3(vec3(), cross(vec3(), { x: 0, y: 0, z: 1 }, dir));
  const omega = (2 * Math.PI) / body.rotationPeriod;
  // Co-rotating velocity plus the relative motion.
  set3(s.v, -omega * s.p.y, omega * s.p.x, 0);
  scaleAdd(s.v, s.v, dir, -(o.sinkMs ?? 50));
  scaleAdd(s.v, s.v, east, o.eastMs ?? 40);
  const tilt = normalize3(vec3(), scaleAdd(vec3(), dir, east, -0.5));
  qFromUpForward(s.q, tilt, east);
  return s;
}

/** The ship standing upright on the canonical ground at `site`, nose north, engine off (t = 0). */
export function landedState(body: Body, site: Readonly<Site> = DEFAULT_SITE): ShipState {
  const s = createShipState();
  const dir = siteDirection(site);
  const r = body.radius + groundElevation(body, dir) + LEG_HEIGHT_M;
  scaleAdd(s.pBf, vec3(), dir, r);
  const east = cross(vec3(), { x: 0, y: 0, z: 1 }, dir);
  // North; at a pole any horizontal direction will do.
  const north = len3(east) < 1e-9 ? set3(vec3(), 1, 0, 0) : normalize3(vec3(), cross(vec3(), dir, east));
  qFromUpForward(s.qBf, dir, north);
  s.mode = 'landed';
  s.reason = 'started on the ground';
  new FlightSim(body, s).syncFromBodyFixed();
  return s;
}

/** Builds the start state of a kind, at `site` for the descent and the landed start. */
export function startState(body: Body, kind: StartKind, site?: Readonly<Site>): ShipState {
  if (kind === 'orbit') return lowOrbitState(body);
  if (kind === 'landed') return landedState(body, site);
  return descentState(body, site ? { site } : {});
}

/** Convenience for tests and the app: a sim at a start. */
export function startSim(body: Body, kind: StartKind, site?: Readonly<Site>): FlightSim {
  return new FlightSim(body, startState(body, kind, site));
}
