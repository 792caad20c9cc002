/**
 * The scripted lander (ADR-0014): a closed-loop "suicide burn". Each tick it reads the telemetry
 * (canonical ground only) and commands an acceleration: vertically, track the descent speed that
 * stops exactly at a final gate with a fraction of the available deceleration
 * (v = −√(v_gate² + 2·k·a·(h − h_gate))), then sink slowly to touchdown; horizontally, null the
 * ground-relative drift while flying to a landing site with flat canonical ground around it
 * (`findLandingSite`), holding height while far from it (tilt capped near the ground). The thrust axis is slewed toward the
 * commanded acceleration by the RCS and the throttle is that acceleration's component along the
 * current thrust axis.
 */
import { dot3, normalize3, vec3 } from '@landfall/universe';
import type { FlightSim } from './FlightSim';
import { SHIP_MAX_THRUST_N } from './flightLimits';
import { type ShipControls } from './ShipState';
import { createTelemetry, telemetry } from './telemetry';
import { findLandingSite, type LandingSite } from './findLandingSite';
import { len3, rotate, scaleAdd, set3 } from './vecMath';

/** Fraction of the net available deceleration the descent profile plans with. */
const PLAN_FRACTION = 0.6;
/** Gate: height and speed where the final slow sink begins, m and m/s. */
const GATE_HEIGHT_M = 25;
const GATE_SPEED_MS = 2.5;
/** Touchdown sink rate at the ground, m/s. */
const TOUCHDOWN_SPEED_MS = 0.8;
/** Time constants of the vertical and horizontal loops, s. */
const TAU_V = 0.5;
const TAU_H = 2.5;
/** Tilt cap for horizontal corrections below this height (keeps touchdown tilt small), m. */
const LOW_HEIGHT_M = 60;
const LOW_TILT_TAN = 0.12;
/** The attitude plans with at least this fraction of the engine pushing up. */
const ATTITUDE_UP_FRACTION = 0.5;
/** Drift speed above which the attitude floor is off (pure drift-nulling burns), m/s. */
const DRIFT_FADE_MS = 3;
/** Throttle only when the thrust axis is within acos(this) of the attitude target. */
const ALIGNED_COS = 0.9;
const Y_AXIS = { x: 0, y: 1, z: 0 } as const;
/** Within this distance of the site the descent may continue below the hold height, m. */
const ARRIVE_M = 15;
/** Hold height while away from the site: base + slope × distance, m. */
const HOLD_BASE_M = 40;
const HOLD_SLOPE = 0.25;
/** Translation toward the site: time constant, speed cap, and braking fraction of the engine. */
const TAU_POS = 10;
const MAX_TRANSLATE_MS = 120;
const TRANSLATE_DECEL_FRACTION = 0.15;

const tel = createTelemetry();
const upI = vec3();
const vr = vec3();
const acc = vec3();
const axis = vec3();
const target = vec3();
const toSite = vec3();
const err = vec3();

export class Autopilot {
  /** Why it stopped ('' while active). */
  status = '';
  /** The chosen landing site (found on the first tick when not given). */
  site: LandingSite | null;

  constructor(site: LandingSite | null = null) {
    this.site = site;
  }

  /** Fills `c` for the next tick of `sim`. */
  control(sim: FlightSim, c: ShipControls): void {
    const s = sim.state;
    c.pitch = 0;
    c.yaw = 0;
    c.roll = 0;
    c.sas = true;
    if (s.mode !== 'flying') {
      c.throttle = 0;
      c.attitudeTarget = null;
      this.status = s.mode;
      return;
    }
    if (!this.site) this.site = findLandingSite(sim.body, sim.toBodyFixed(vec3(), s.p));
    telemetry(sim, tel);
    const aMax = SHIP_MAX_THRUST_N / tel.massKg;
    const g = tel.gravity;
    normalize3(upI, s.p);
    sim.relativeVelocity(vr);
    const vs = dot3(vr, upI);
    scaleAdd(vr, vr, upI, -vs); // horizontal ground-relative velocity
    const h = tel.altitudeM;
    // Horizontal offset to the site (inertial axes, tangent plane).
    sim.toInertial(toSite, this.site.dir);
    scaleAdd(toSite, toSite, upI, -dot3(toSite, upI));
    const dist = (len3(toSite) * (sim.body.radius + h)) / len3(upI);
    // Vertical: descent-speed profile; hold height while far from the site.
    const decel = Math.max(0.1, PLAN_FRACTION * (aMax * 0.9 - g));
    let vTarget =
      h > GATE_HEIGHT_M
        ? -Math.sqrt(GATE_SPEED_MS * GATE_SPEED_MS + 2 * decel * (h - GATE_HEIGHT_M))
        : -(TOUCHDOWN_SPEED_MS + ((GATE_SPEED_MS - TOUCHDOWN_SPEED_MS) * Math.max(0, h)) / GATE_HEIGHT_M);
    if (dist > ARRIVE_M && h < HOLD_BASE_M + HOLD_SLOPE * dist) vTarget = Math.max(vTarget, 0);
    const aUp = Math.max(0, g + (vTarget - vs) / TAU_V);
    // Horizontal: fly to the site (speed ∝ distance, capped so it can still stop), null the rest.
    const vCap = Math.min(MAX_TRANSLATE_MS, Math.sqrt(2 * TRANSLATE_DECEL_FRACTION * aMax * dist));
    const vWant = Math.min(vCap, dist / TAU_POS);
    set3(err, 0, 0, 0);
    if (dist > 1e-6) scaleAdd(err, err, toSite, vWant / len3(toSite));
    scaleAdd(err, err, vr, -1); // wanted − actual horizontal velocity
    let hMax = h < LOW_HEIGHT_M ? LOW_TILT_TAN * Math.max(aUp, g) : 0.5 * aMax;
    if (h < 3) hMax = 0.05 * g;
    const es = len3(err);
    const aH = Math.min(hMax, es / TAU_H);
    set3(acc, 0, 0, 0);
    scaleAdd(acc, acc, upI, aUp);
    if (es > 1e-9) scaleAdd(acc, acc, err, aH / es);
    // Attitude: once the velocity error is small, plan as if part of the engine pushed up, so the
    // axis stands near vertical while coasting and the braking burn never starts with a long slew.
    const floor = ATTITUDE_UP_FRACTION * aMax * Math.max(0, 1 - es / DRIFT_FADE_MS);
    set3(target, 0, 0, 0);
    scaleAdd(target, target, upI, Math.max(aUp, floor));
    if (es > 1e-9) scaleAdd(target, target, err, aH / es);
    normalize3(target, target);
    c.attitudeTarget = target;
    rotate(axis, s.q, Y_AXIS);
    const along = dot3(acc, axis);
    c.throttle = dot3(target, axis) > ALIGNED_COS ? Math.min(1, Math.max(0, along / aMax)) : 0;
    this.status = 'descending';
  }
}
