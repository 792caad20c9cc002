/**
 * The game's core without DOM or three.js: one body, one `FlightSim`, the pilot's or the
 * autopilot's controls, time warp, autosave and the scripted landing used by tests. `advance()`
 * turns real frame time into whole sim ticks (ADR-0014). A flight entered fresh never writes a slot
 * that holds a save (ADR-0015).
 */
import { getBody, vec3, type Body } from '@landfall/universe';
import { Autopilot } from '../sim/Autopilot';
import { FlightSim } from '../sim/FlightSim';
import { MAX_TICKS_PER_FRAME, SIM_TICK_S, WARP_LEVELS, WARP_MIN_CLEARANCE_M } from '../sim/flightLimits';
import { createControls, type ShipControls, type ShipState } from '../sim/ShipState';
import { descentState, startState, type Site, type StartKind } from '../sim/startStates';
import { groundErrorM } from '../sim/telemetry';
import { len3 } from '../sim/vecMath';
import { findLandingSite } from '../sim/findLandingSite';
import { SaveStore, type StorageLike } from '../save/SaveStore';

/** What the pilot asks for this frame (keyboard, gamepad, touch merged). */
export interface PilotInput {
  throttle: number;
  pitch: number;
  yaw: number;
  roll: number;
  sas: boolean;
}

export interface LandingResult {
  outcome: 'landed' | 'crashed';
  reason: string;
  groundErrorM: number;
  simSeconds: number;
  frames: number;
  /** Longest interval between two frames during the descent, ms. */
  worstFrameMs: number;
  /** Longest main-thread work inside one frame (sim, terrain, HUD, draw submission), ms. */
  worstWorkMs: number;
  /**
   * Longest main-thread streaming work charged to one frame, ms: the streamer's update, mesh sync
   * and rock seating inside the frame plus the between-frame streamer pumps since the last frame
   * (render submission excluded). 0 on the placeholder terrain.
   */
  worstStreamMs: number;
}

/** Autosave period while flying, s of sim time. */
const AUTOSAVE_EVERY_S = 10;

export class Game {
  body: Body;
  sim: FlightSim;
  readonly controls: ShipControls = createControls();
  autopilot: Autopilot | null = null;
  /** Sim ticks per rendered frame while the scripted landing runs (0: real time). */
  scriptedTicksPerFrame = 0;
  warpIndex = 0;
  /** Messages for the player (errors, refusals, save notes), newest last. */
  readonly messages: string[] = [];
  /** The last touchdown's result, for the result panel. */
  lastResult: { outcome: 'landed' | 'crashed'; reason: string } | null = null;
  private tickCarry = 0;
  /** The pilot input last seen; a touchdown cuts its throttle so the ship stays down. */
  private input: PilotInput | null = null;
  private lastAutosaveT = 0;
  /** The last refusal an automatic save noted (so autosave does not repeat it every period). */
  private lastAutoRefusal = '';
  private landing: {
    resolve: (r: LandingResult) => void;
    frames: number;
    worst: number;
    worstWork: number;
    worstStream: number;
    t0: number;
  } | null = null;

  constructor(
    bodyId: string,
    readonly store: SaveStore,
  ) {
    this.body = getBody(bodyId);
    this.sim = new FlightSim(this.body, startState(this.body, 'orbit'));
  }

  static withStorage(bodyId: string, storage: StorageLike): Game {
    return new Game(bodyId, new SaveStore(storage));
  }

  note(msg: string): void {
    this.messages.push(msg);
    if (this.messages.length > 8) this.messages.shift();
  }

  /**
   * Switches to a body: loads its save unless `fresh` or a `site` is named (a place asked for wins
   * over the save, which is kept until the next save), else starts `kind` (at `site`).
   */
  enter(bodyId: string, kind: StartKind, fresh = false, site?: Site): void {
    this.body = getBody(bodyId);
    const loaded = this.store.load(this.body.id);
    if (loaded.status === 'loaded' && !fresh && !site) {
      this.setState(loaded.state);
      this.note(`loaded save at ${loaded.address}`);
    } else {
      if (loaded.status === 'corrupt' || loaded.status === 'refused') this.note(loaded.message);
      if (loaded.status === 'loaded' && this.store.holdForFreshFlight(this.body.id)) {
        this.note(`started fresh: the save at ${loaded.address} is kept; this flight will not write over it`);
      }
      this.setState(startState(this.body, kind, site));
    }
  }

  setState(state: ShipState): void {
    this.sim = new FlightSim(this.body, state);
    this.sim.onTouchdown = (s) => this.touchdown(s);
    this.warpIndex = 0;
    this.tickCarry = 0;
    this.lastAutosaveT = state.t;
    this.lastResult = state.mode === 'flying' ? null : { outcome: state.mode, reason: state.reason };
  }

  restart(kind: StartKind): void {
    this.autopilot = null;
    this.setState(startState(this.body, kind));
  }

  warp(): number {
    return WARP_LEVELS[this.warpIndex];
  }

  /** Time warp is allowed in orbit only: flying, engine off, well above the relief. */
  warpAllowed(): boolean {
    const s = this.sim.state;
    if (s.mode !== 'flying' || (this.input?.throttle ?? 0) > 0 || this.autopilot) return false;
    const alt = len3(s.p) - this.body.radius - this.body.grammar.maxReliefM;
    return alt > WARP_MIN_CLEARANCE_M;
  }

  changeWarp(step: number): void {
    const next = Math.max(0, Math.min(WARP_LEVELS.length - 1, this.warpIndex + step));
    if (next > 0 && !this.warpAllowed()) {
      this.note(
        `time warp only in orbit: engine off, ${WARP_MIN_CLEARANCE_M / 1000} km above the highest ground`,
      );
      this.warpIndex = 0;
      return;
    }
    this.warpIndex = next;
  }

  toggleAutopilot(): void {
    this.autopilot = this.autopilot ? null : new Autopilot();
    if (this.autopilot) this.warpIndex = 0;
    this.note(this.autopilot ? 'autopilot: landing' : 'autopilot off');
  }

  /** Resets to a descent 10 km above the canonical ground and lets the autopilot land it. */
  scriptedLanding(ticksPerFrame: number): Promise<LandingResult> {
    this.setState(descentState(this.body, { altitudeM: 10000 }));
    // The site search (a few thousand canonical evaluations) runs here, before the recorded frames.
    this.autopilot = new Autopilot(
      findLandingSite(this.body, this.sim.toBodyFixed(vec3(), this.sim.state.p)),
    );
    this.scriptedTicksPerFrame = Math.max(1, Math.min(MAX_TICKS_PER_FRAME, Math.floor(ticksPerFrame)));
    return new Promise((resolve) => {
      this.landing = { resolve, frames: -1, worst: 0, worstWork: 0, worstStream: 0, t0: this.sim.state.t };
    });
  }

  /** Records a frame's duration for the scripted landing's worst-frame figure. */
  recordFrame(intervalMs: number, workMs = 0, streamMs = 0): void {
    // The first frame after the start also carries the start itself (state reset, site search).
    if (this.landing && this.landing.frames++ >= 0) {
      this.landing.worst = Math.max(this.landing.worst, intervalMs);
      this.landing.worstWork = Math.max(this.landing.worstWork, workMs);
      this.landing.worstStream = Math.max(this.landing.worstStream, streamMs);
    }
  }

  /** Runs the ticks due for `realDtS` seconds of real time; returns the ticks run. */
  advance(realDtS: number, input: PilotInput): number {
    const c = this.controls;
    this.input = input;
    if (this.warpIndex > 0 && !this.warpAllowed()) this.warpIndex = 0;
    let n: number;
    if (this.scriptedTicksPerFrame > 0) {
      n = this.scriptedTicksPerFrame;
    } else {
      this.tickCarry += Math.min(0.25, Math.max(0, realDtS)) * this.warp();
      n = Math.floor(this.tickCarry / SIM_TICK_S);
      this.tickCarry -= n * SIM_TICK_S;
      if (n > MAX_TICKS_PER_FRAME) {
        n = MAX_TICKS_PER_FRAME;
        this.tickCarry = 0;
      }
    }
    for (let i = 0; i < n; i++) {
      if (this.autopilot) this.autopilot.control(this.sim, c);
      else {
        c.throttle = input.throttle;
        c.pitch = input.pitch;
        c.yaw = input.yaw;
        c.roll = input.roll;
        c.sas = input.sas;
        c.attitudeTarget = null;
      }
      const before = this.sim.state.mode;
      this.sim.tick(c);
      if (before === 'landed' && this.sim.state.mode === 'flying') this.liftoff();
    }
    if (this.sim.state.mode === 'flying' && this.sim.state.t - this.lastAutosaveT > AUTOSAVE_EVERY_S) {
      this.lastAutosaveT = this.sim.state.t;
      this.save(false);
    }
    return n;
  }

  /** Saves now; `announce` for the player's own K. An automatic save notes a refusal only once. */
  save(announce = true): void {
    const r = this.store.save(this.sim);
    if (r.ok) {
      this.lastAutoRefusal = '';
      if (announce) this.note(`saved at ${r.address}`);
    } else if (announce || r.message !== this.lastAutoRefusal) {
      this.note(r.message);
      if (!announce) this.lastAutoRefusal = r.message;
    }
  }

  private liftoff(): void {
    this.lastResult = null;
    this.save(false);
  }

  private touchdown(s: ShipState): void {
    this.autopilot = null;
    this.warpIndex = 0;
    if (this.input) this.input.throttle = 0;
    const outcome = s.mode === 'landed' ? 'landed' : 'crashed';
    this.lastResult = { outcome, reason: s.reason };
    this.save(false);
    if (this.landing) {
      const l = this.landing;
      this.landing = null;
      this.scriptedTicksPerFrame = 0;
      l.resolve({
        outcome,
        reason: s.reason,
        groundErrorM: groundErrorM(this.sim),
        simSeconds: s.t - l.t0,
        frames: l.frames,
        worstFrameMs: l.worst,
        worstWorkMs: l.worstWork,
        worstStreamMs: l.worstStream,
      });
    }
  }
}
