/**
 * The save format (ADR-0015): one JSON document per body. It names the ship's place by address and
 * carries the exact float64 body-fixed pose (JSON numbers round-trip float64 exactly), the
 * ground-relative velocity, the clock and the world identity it was made in. `decodeSave` never
 * throws: it returns the state, or a refusal naming which part differs (or a landed pose that is
 * not on the ground, `landedPose.ts`), or a corruption message.
 */
import { compareLevelIds, getBody, parseAddress, vec3, type Body } from '@landfall/universe';
import type { FlightSim } from '../sim/FlightSim';
import { SHIP_FUEL_KG, SIM_TICK_S } from '../sim/flightLimits';
import { createShipState, type FlightMode, type ShipState } from '../sim/ShipState';
import { qmul, qz, quat, rotZ, set3 } from '../sim/vecMath';
import { shipAddress } from './shipAddress';
import { landedPoseProblem } from './landedPose';
import type { WorldIdentity } from './worldIdentity';

/** Version of this JSON layout; a save with another one is refused. */
export const SAVE_FORMAT_VERSION = 1;
const FORMAT = 'landfall-save';
const MODES: readonly FlightMode[] = ['flying', 'landed', 'crashed'];

type Triple = [number, number, number];

export interface SaveDocument {
  format: typeof FORMAT;
  formatVersion: number;
  body: string;
  world: WorldIdentity;
  /** Patch address of the centre of mass (informational, checked against `pBf`). */
  address: string;
  ship: {
    mode: FlightMode;
    reason: string;
    tick: number;
    fuelKg: number;
    throttle: number;
    /** Body-fixed position, m. */
    pBf: Triple;
    /** Attitude ship → body-fixed (x, y, z, w). */
    qBf: [number, number, number, number];
    /** Ground-relative velocity in body-fixed axes, m/s. */
    vRelBf: Triple;
    /** Angular velocity in ship axes, rad/s. */
    w: Triple;
  };
}

export type DecodeResult =
  | { ok: true; state: ShipState; doc: SaveDocument }
  | { ok: false; kind: 'corrupt' | 'refused'; message: string };

/** Builds the save document of a sim's current state. */
export function encodeSave(sim: FlightSim, world: WorldIdentity): SaveDocument {
  const s = sim.state;
  const pBf = vec3();
  const vRel = vec3();
  const q = quat();
  if (s.mode === 'flying') {
    sim.toBodyFixed(pBf, s.p);
    sim.toBodyFixed(vRel, sim.relativeVelocity(vRel));
    qmul(q, qz(quat(), -sim.bodyAngle()), s.q);
  } else {
    set3(pBf, s.pBf.x, s.pBf.y, s.pBf.z);
    Object.assign(q, s.qBf);
  }
  return {
    format: FORMAT,
    formatVersion: SAVE_FORMAT_VERSION,
    body: sim.body.id,
    world: { ...world },
    address: shipAddress(sim.body.id, pBf),
    ship: {
      mode: s.mode,
      reason: s.reason,
      tick: s.tick,
      fuelKg: s.fuelKg,
      throttle: s.throttle,
      pBf: [pBf.x, pBf.y, pBf.z],
      qBf: [q.x, q.y, q.z, q.w],
      vRelBf: [vRel.x, vRel.y, vRel.z],
      w: [s.w.x, s.w.y, s.w.z],
    },
  };
}

class Corrupt extends Error {}

const refused = (why: string): DecodeResult => ({
  ok: false,
  kind: 'refused',
  message: `save refused: ${why}`,
});

const isObj = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

function nums(x: unknown, n: number, what: string): number[] {
  if (!Array.isArray(x) || x.length !== n || !x.every((v) => typeof v === 'number' && Number.isFinite(v))) {
    throw new Corrupt(`${what} must be ${n} finite numbers`);
  }
  return x as number[];
}

function num(x: unknown, what: string, lo: number, hi: number): number {
  if (typeof x !== 'number' || !Number.isFinite(x) || x < lo || x > hi) {
    throw new Corrupt(`${what} must be a number in [${lo}, ${hi}], got ${JSON.stringify(x)}`);
  }
  return x;
}

/** Parses and checks a save for `bodyId` made in `world`; never throws. */
export function decodeSave(text: string, bodyId: string, world: WorldIdentity): DecodeResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { ok: false, kind: 'corrupt', message: `save is corrupt: not JSON (${(e as Error).message})` };
  }
  try {
    if (!isObj(raw) || raw.format !== FORMAT) throw new Corrupt(`not a Landfall save (format field missing)`);
    if (raw.formatVersion !== SAVE_FORMAT_VERSION) {
      return {
        ok: false,
        kind: 'refused',
        message: `save refused: save format version ${JSON.stringify(raw.formatVersion)} differs from this game's ${SAVE_FORMAT_VERSION}`,
      };
    }
    if (raw.body !== bodyId) throw new Corrupt(`body is ${JSON.stringify(raw.body)} in the ${bodyId} slot`);
    const body: Body = getBody(bodyId);
    if (!isObj(raw.world)) throw new Corrupt('world identity missing');
    // Refusal order: algorithm version, then the level id (its comparison names the differing
    // half: seed, field or registry), then the bit-level ground fingerprint.
    if (raw.world.terrainVersion !== world.terrainVersion) {
      return refused(
        `terrain algorithm version differs — save ${JSON.stringify(raw.world.terrainVersion)}, this build ${JSON.stringify(world.terrainVersion)}`,
      );
    }
    if (typeof raw.world.levelId !== 'string') throw new Corrupt('world.levelId missing');
    if (raw.world.levelId !== world.levelId) {
      let detail: string;
      try {
        detail = compareLevelIds(raw.world.levelId, world.levelId).message;
      } catch (e) {
        detail = (e as Error).message;
      }
      return refused(`world digest (level id) differs — ${detail}`);
    }
    if (raw.world.groundFingerprint !== world.groundFingerprint) {
      return refused(
        `canonical ground fingerprint differs — save ${JSON.stringify(raw.world.groundFingerprint)}, this build ${JSON.stringify(world.groundFingerprint)}`,
      );
    }
    const sh = raw.ship;
    if (!isObj(sh)) throw new Corrupt('ship missing');
    if (!MODES.includes(sh.mode as FlightMode))
      throw new Corrupt(`ship.mode ${JSON.stringify(sh.mode)} is unknown`);
    if (typeof sh.reason !== 'string') throw new Corrupt('ship.reason must be text');
    const tick = num(sh.tick, 'ship.tick', 0, 1e12);
    if (!Number.isInteger(tick)) throw new Corrupt('ship.tick must be an integer');
    const fuel = num(sh.fuelKg, 'ship.fuelKg', 0, SHIP_FUEL_KG);
    const throttle = num(sh.throttle, 'ship.throttle', 0, 1);
    const p = nums(sh.pBf, 3, 'ship.pBf');
    const q = nums(sh.qBf, 4, 'ship.qBf');
    const vr = nums(sh.vRelBf, 3, 'ship.vRelBf');
    const w = nums(sh.w, 3, 'ship.w');
    const r = Math.sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]);
    if (r < body.radius - body.grammar.maxReliefM - 100 || r > body.radius * 100) {
      throw new Corrupt(`ship.pBf is ${r.toFixed(1)} m from the centre, outside the flight envelope`);
    }
    const ql = Math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    // Tolerance: a unit quaternion written as JSON float64 has |q| − 1 at round-off (~1e-16).
    if (Math.abs(ql - 1) > 1e-9) throw new Corrupt(`ship.qBf is not a unit quaternion (|q| = ${ql})`);
    if (typeof raw.address !== 'string') throw new Corrupt('address missing');
    parseAddress(raw.address);
    const expected = shipAddress(bodyId, { x: p[0], y: p[1], z: p[2] });
    if (raw.address !== expected) {
      throw new Corrupt(`address ${raw.address} does not contain the saved position (${expected})`);
    }
    if (sh.mode === 'landed') {
      const problem = landedPoseProblem(body, p, q);
      if (problem) return refused(problem);
    }
    const s = createShipState();
    s.mode = sh.mode as FlightMode;
    s.reason = sh.reason;
    s.tick = tick;
    s.t = tick * SIM_TICK_S;
    s.fuelKg = fuel;
    s.throttle = throttle;
    set3(s.pBf, p[0], p[1], p[2]);
    Object.assign(s.qBf, { x: q[0], y: q[1], z: q[2], w: q[3] });
    set3(s.w, w[0], w[1], w[2]);
    if (s.mode === 'flying') {
      // Body-fixed → inertial at the saved time.
      const omega = (2 * Math.PI) / body.rotationPeriod;
      const th = omega * s.t;
      const c = Math.cos(th);
      const sn = Math.sin(th);
      rotZ(s.p, s.pBf, c, sn);
      rotZ(s.v, { x: vr[0], y: vr[1], z: vr[2] }, c, sn);
      s.v.x -= omega * s.p.y;
      s.v.y += omega * s.p.x;
      qmul(s.q, qz(quat(), th), s.qBf);
    }
    return { ok: true, state: s, doc: raw as unknown as SaveDocument };
  } catch (e) {
    const msg = e instanceof Corrupt ? e.message : (e as Error).message;
    return { ok: false, kind: 'corrupt', message: `save is corrupt: ${msg}` };
  }
}
