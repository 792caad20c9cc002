/**
 * The ship's complete simulation state (ADR-0014). Flying: position, velocity and attitude in the
 * body-centred inertial frame (axes coincide with the body-fixed frame at t = 0; the body spins about
 * +Z). Landed or crashed: the pose is stored body-fixed (`pBf`, `qBf`) and is the only truth; the
 * inertial fields are derived from it each tick, so a landed ship cannot drift, jitter or sink.
 */
import { vec3, type Vec3 } from '@landfall/universe';
import { quat, type Quat } from './vecMath';
import { SHIP_FUEL_KG } from './flightLimits';

export type FlightMode = 'flying' | 'landed' | 'crashed';

export interface ShipState {
  /** Simulation time, s (a whole number of ticks). */
  t: number;
  /** Ticks run since the state was created. */
  tick: number;
  mode: FlightMode;
  /** Inertial position of the centre of mass, m. */
  p: Vec3;
  /** Inertial velocity, m/s. */
  v: Vec3;
  /** Attitude: ship → inertial. Ship axes: +Y thrust/up, +Z forward, +X right. */
  q: Quat;
  /** Angular velocity in ship axes, rad/s. */
  w: Vec3;
  fuelKg: number;
  /** Throttle applied on the last tick, 0…1. */
  throttle: number;
  /** Body-fixed position of the centre of mass (authoritative while landed or crashed), m. */
  pBf: Vec3;
  /** Attitude ship → body-fixed (authoritative while landed or crashed). */
  qBf: Quat;
  /** Last touchdown's verdict text ('' before any). */
  reason: string;
}

export function createShipState(): ShipState {
  return {
    t: 0,
    tick: 0,
    mode: 'flying',
    p: vec3(),
    v: vec3(),
    q: quat(),
    w: vec3(),
    fuelKg: SHIP_FUEL_KG,
    throttle: 0,
    pBf: vec3(),
    qBf: quat(),
    reason: '',
  };
}

/** A deep copy (the state holds only plain records). */
export function cloneShipState(s: Readonly<ShipState>): ShipState {
  return {
    ...s,
    p: { ...s.p },
    v: { ...s.v },
    q: { ...s.q },
    w: { ...s.w },
    pBf: { ...s.pBf },
    qBf: { ...s.qBf },
  };
}

/** Controls read by one tick. */
export interface ShipControls {
  /** Commanded throttle, clamped to 0…1. */
  throttle: number;
  /** RCS commands about ship +X (pitch), +Y (yaw) and +Z (roll), each −1…1. */
  pitch: number;
  yaw: number;
  roll: number;
  /** Stability assist: damp rotation on axes without a command. */
  sas: boolean;
  /** When set, the RCS turns ship +Y toward this inertial unit direction (autopilot, holds). */
  attitudeTarget: Vec3 | null;
}

export function createControls(): ShipControls {
  return { throttle: 0, pitch: 0, yaw: 0, roll: 0, sas: true, attitudeTarget: null };
}
