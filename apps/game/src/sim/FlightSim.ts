/**
 * The deterministic fixed-tick flight simulation (ADR-0014). One `tick()` advances SIM_TICK_S:
 * RCS attitude, then a kick-drift-kick leapfrog (velocity Verlet) step of μ/r² gravity plus thrust
 * in the body-centred inertial frame, Tsiolkovsky mass flow, then the contact test of the four feet
 * against the canonical ground (`groundElevation`) in the body-fixed frame. Landed ships are held
 * body-fixed and move with the spinning ground. Pure TypeScript: runs in Node and the browser and
 * gives the same bits for the same inputs on one engine.
 */
import {
  dot3,
  elevationAtD,
  elevationSample,
  groundElevation,
  normalize3,
  vec3,
  type Body,
  type Vec3,
} from '@landfall/universe';
import {
  CONTACT_DEEP_M,
  FOOT_SPREAD_M,
  LEG_HEIGHT_M,
  RCS_ANGULAR_ACCEL,
  SHIP_DRY_MASS_KG,
  SHIP_EXHAUST_VELOCITY_MS,
  SHIP_MAX_THRUST_N,
  SIM_TICK_S,
} from './flightLimits';
import { type ShipControls, type ShipState } from './ShipState';
import { touchdownVerdict } from './touchdownVerdict';
import {
  cross,
  len3,
  qFromUpForward,
  qmul,
  qnormalize,
  quat,
  qz,
  rotZ,
  rotate,
  scaleAdd,
  set3,
  unrotate,
} from './vecMath';

/** Feet in ship axes (base plane at −LEG_HEIGHT_M). */
export const FEET: readonly Readonly<Vec3>[] = [
  { x: FOOT_SPREAD_M, y: -LEG_HEIGHT_M, z: 0 },
  { x: -FOOT_SPREAD_M, y: -LEG_HEIGHT_M, z: 0 },
  { x: 0, y: -LEG_HEIGHT_M, z: FOOT_SPREAD_M },
  { x: 0, y: -LEG_HEIGHT_M, z: -FOOT_SPREAD_M },
];
const Y_AXIS: Readonly<Vec3> = { x: 0, y: 1, z: 0 };
const Z_AXIS: Readonly<Vec3> = { x: 0, y: 0, z: 1 };
const RAD = 180 / Math.PI;

// Module scratch: no allocation per tick.
const a0 = vec3();
const a1 = vec3();
const tmp = vec3();
const tmp2 = vec3();
const foot = vec3();
const up = vec3();
const qs = quat();
const dq = quat();
const es = elevationSample();

export class FlightSim {
  readonly body: Body;
  readonly state: ShipState;
  /** Body spin, rad/s (negative: retrograde). */
  readonly omega: number;
  /** Called once per touchdown with the new mode. */
  onTouchdown: ((s: ShipState) => void) | null = null;

  constructor(body: Body, state: ShipState) {
    this.body = body;
    this.state = state;
    this.omega = (2 * Math.PI) / body.rotationPeriod;
    if (state.mode !== 'flying') this.syncFromBodyFixed();
  }

  /** Body rotation angle at time t, rad. */
  bodyAngle(t = this.state.t): number {
    return this.omega * t;
  }

  /** Inertial → body-fixed at the current time. */
  toBodyFixed(out: Vec3, inertial: Readonly<Vec3>): Vec3 {
    const th = this.bodyAngle();
    return rotZ(out, inertial, Math.cos(th), -Math.sin(th));
  }

  /** Body-fixed → inertial at the current time. */
  toInertial(out: Vec3, bf: Readonly<Vec3>): Vec3 {
    const th = this.bodyAngle();
    return rotZ(out, bf, Math.cos(th), Math.sin(th));
  }

  /** Ground-relative velocity (v − ω×p), expressed in the inertial frame. */
  relativeVelocity(out: Vec3): Vec3 {
    const s = this.state;
    return set3(out, s.v.x + this.omega * s.p.y, s.v.y - this.omega * s.p.x, s.v.z);
  }

  /** Specific orbital energy v²/2 − μ/r, J/kg (inertial). */
  energy(): number {
    const { p, v } = this.state;
    return 0.5 * dot3(v, v) - this.body.mu / len3(p);
  }

  massKg(): number {
    return SHIP_DRY_MASS_KG + this.state.fuelKg;
  }

  /** Rebuilds the inertial state from the body-fixed pose (landed / crashed ships). */
  syncFromBodyFixed(): void {
    const s = this.state;
    const th = this.bodyAngle();
    rotZ(s.p, s.pBf, Math.cos(th), Math.sin(th));
    set3(s.v, -this.omega * s.p.y, this.omega * s.p.x, 0);
    qmul(s.q, qz(qs, th), s.qBf);
    set3(s.w, 0, 0, 0);
  }

  /** Stores the current inertial pose body-fixed. */
  private storeBodyFixed(): void {
    const s = this.state;
    this.toBodyFixed(s.pBf, s.p);
    qmul(s.qBf, qz(qs, -this.bodyAngle()), s.q);
  }

  /** Runs `n` ticks with the same controls; stops early at a touchdown. Returns ticks run. */
  run(n: number, controls: Readonly<ShipControls>): number {
    for (let i = 0; i < n; i++) {
      const before = this.state.mode;
      this.tick(controls);
      if (before === 'flying' && this.state.mode !== 'flying') return i + 1;
    }
    return n;
  }

  tick(c: Readonly<ShipControls>): void {
    const s = this.state;
    const dt = SIM_TICK_S;
    const throttle = Number.isFinite(c.throttle) ? Math.min(1, Math.max(0, c.throttle)) : 0;
    s.throttle = throttle;
    if (s.mode === 'crashed') {
      this.advanceClock();
      this.syncFromBodyFixed();
      return;
    }
    if (s.mode === 'landed') {
      this.syncFromBodyFixed();
      const r = len3(s.p);
      const g = this.body.mu / (r * r);
      if (s.fuelKg <= 0 || (throttle * SHIP_MAX_THRUST_N) / this.massKg() <= g) {
        this.advanceClock();
        this.syncFromBodyFixed();
        return;
      }
      s.mode = 'flying'; // lift-off: continue from the co-rotating state this same tick
    }
    this.attitude(c, dt);
    // Thrust over this tick, limited by the propellant left.
    let thrust = throttle * SHIP_MAX_THRUST_N;
    let burn = (thrust / SHIP_EXHAUST_VELOCITY_MS) * dt;
    if (burn > s.fuelKg) {
      thrust *= s.fuelKg / burn;
      burn = s.fuelKg;
    }
    rotate(up, s.q, Y_AXIS);
    const m0 = this.massKg();
    const m1 = m0 - burn;
    // Kick (half) – drift – kick (half): leapfrog, symplectic for the gravity part.
    this.gravity(a0, s.p);
    scaleAdd(a0, a0, up, thrust / m0);
    scaleAdd(s.v, s.v, a0, dt / 2);
    scaleAdd(s.p, s.p, s.v, dt);
    s.fuelKg -= burn;
    this.gravity(a1, s.p);
    scaleAdd(a1, a1, up, thrust / m1);
    scaleAdd(s.v, s.v, a1, dt / 2);
    this.advanceClock();
    this.contact();
  }

  private advanceClock(): void {
    this.state.tick += 1;
    this.state.t = this.state.tick * SIM_TICK_S;
  }

  private gravity(out: Vec3, p: Readonly<Vec3>): Vec3 {
    const r2 = dot3(p, p);
    const k = -this.body.mu / (r2 * Math.sqrt(r2));
    return set3(out, p.x * k, p.y * k, p.z * k);
  }

  /** RCS: commanded angular acceleration (or a target-direction controller), then q ← q ⊗ exp(ω dt). */
  private attitude(c: Readonly<ShipControls>, dt: number): void {
    const s = this.state;
    const w = s.w;
    let ax: number;
    let ay: number;
    let az: number;
    if (c.attitudeTarget) {
      // Rate controller: turn rate √(α·angle) toward the target, capped; no spin about +Y.
      rotate(up, s.q, Y_AXIS);
      cross(tmp, up, c.attitudeTarget);
      const sinA = len3(tmp);
      const angle = Math.atan2(sinA, dot3(up, c.attitudeTarget));
      if (sinA > 1e-12) scaleAdd(tmp, set3(tmp2, 0, 0, 0), tmp, 1 / sinA);
      else if (angle > 1) rotate(tmp, s.q, Z_AXIS);
      else set3(tmp, 0, 0, 0);
      const rate = Math.min(Math.sqrt(RCS_ANGULAR_ACCEL * angle), 4 * angle);
      unrotate(tmp2, s.q, tmp);
      ax = (tmp2.x * rate - w.x) / 0.1;
      ay = -w.y / 0.1;
      az = (tmp2.z * rate - w.z) / 0.1;
    } else {
      const damp = (cmd: number, wi: number): number =>
        cmd !== 0 || !c.sas ? cmd * RCS_ANGULAR_ACCEL : -wi / 0.2;
      ax = damp(finite(c.pitch), w.x);
      ay = damp(finite(c.yaw), w.y);
      az = damp(finite(c.roll), w.z);
    }
    w.x += clampAbs(ax, RCS_ANGULAR_ACCEL) * dt;
    w.y += clampAbs(ay, RCS_ANGULAR_ACCEL) * dt;
    w.z += clampAbs(az, RCS_ANGULAR_ACCEL) * dt;
    const wl = len3(w);
    if (wl > 0) {
      const h = (wl * dt) / 2;
      const k = Math.sin(h) / wl;
      dq.x = w.x * k;
      dq.y = w.y * k;
      dq.z = w.z * k;
      dq.w = Math.cos(h);
      qnormalize(qmul(s.q, s.q, dq));
    }
  }

  /**
   * Contact test at the feet against the canonical ground, body-fixed. Skipped while the whole
   * ship is above the body's relief bound (cheap in orbit and under time warp).
   */
  private contact(): void {
    const s = this.state;
    const body = this.body;
    const r = len3(s.p);
    const reach = LEG_HEIGHT_M + FOOT_SPREAD_M + 1;
    if (r - body.radius - body.grammar.maxReliefM > reach + len3(s.v) * SIM_TICK_S) return;
    let deepest = -Infinity;
    for (const f of FEET) {
      rotate(foot, s.q, f);
      scaleAdd(foot, s.p, foot, 1);
      this.toBodyFixed(tmp, foot);
      const fr = len3(tmp);
      normalize3(tmp, tmp);
      const pen = body.radius + groundElevation(body, tmp) - fr;
      if (pen > deepest) deepest = pen;
    }
    if (deepest <= 0) return;
    normalize3(up, s.p);
    this.relativeVelocity(tmp2);
    const vUp = dot3(tmp2, up);
    if (vUp >= 0 && deepest < CONTACT_DEEP_M) return;
    this.touchdown(vUp);
  }

  private touchdown(vUp: number): void {
    const s = this.state;
    const body = this.body;
    this.relativeVelocity(tmp2);
    scaleAdd(tmp2, tmp2, up, -vUp);
    const horizontal = len3(tmp2);
    rotate(tmp, s.q, Y_AXIS);
    const tiltDeg = Math.acos(Math.min(1, Math.max(-1, dot3(tmp, up)))) * RAD;
    this.storeBodyFixed();
    const dir = normalize3(vec3(), s.pBf);
    elevationAtD(body, dir, es);
    const slopeDeg =
      Math.atan(Math.sqrt(es.gx * es.gx + es.gy * es.gy + es.gz * es.gz) / (body.radius + es.h)) * RAD;
    const verdict = touchdownVerdict({ verticalSpeed: vUp, horizontalSpeed: horizontal, slopeDeg, tiltDeg });
    s.mode = verdict.outcome;
    s.reason = verdict.reason;
    if (verdict.outcome === 'landed') {
      // Seat the base centre on the canonical ground, upright, keeping the heading.
      const ground = body.radius + groundElevation(body, dir);
      scaleAdd(s.pBf, vec3(), dir, ground + LEG_HEIGHT_M);
      const fwd = rotate(vec3(), s.qBf, Z_AXIS);
      qFromUpForward(s.qBf, dir, fwd);
    }
    s.throttle = 0;
    this.syncFromBodyFixed();
    this.onTouchdown?.(s);
  }
}

function finite(x: number): number {
  return Number.isFinite(x) ? Math.max(-1, Math.min(1, x)) : 0;
}

function clampAbs(x: number, m: number): number {
  return x > m ? m : x < -m ? -m : x;
}
