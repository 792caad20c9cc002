/**
 * `window.__landfall` for the game: what tests and tools read (readiness, backend, the ship's
 * state and telemetry, frames drawn, messages) and the scripted landing they may run.
 */
import type { Game, LandingResult } from './Game';
import { shipAddress } from '../save/shipAddress';
import { createTelemetry, telemetry, type Telemetry } from '../sim/telemetry';

export interface LandfallGameApi {
  ready: boolean;
  backend?: string;
  error?: string;
  body?: string;
  /** Messages shown to the player (bad URL parameters, save refusals, …). */
  messages?: string[];
  state?: () => Record<string, unknown>;
  telemetry?: () => Telemetry;
  land?: (opts?: { ticksPerFrame?: number }) => Promise<LandingResult>;
  frames?: number;
  /** Makes the GPU producer's next batch fail, as a lost device would (false: the workers run). */
  plantGpuFailure?: (message: string) => boolean;
}

declare global {
  interface Window {
    __landfall?: LandfallGameApi;
  }
}

/** Sim ticks per frame for the scripted landing (1 s of flight per frame). */
const LAND_TICKS_PER_FRAME = 50;

/** The hooks over `game`, not yet ready. */
export function createTestHooks(game: Game, backend: string): LandfallGameApi {
  return {
    ready: false,
    backend,
    body: game.body.id,
    messages: game.messages,
    frames: 0,
    state: () => {
      const s = game.sim.state;
      const pBf = s.mode === 'flying' ? game.sim.toBodyFixed({ x: 0, y: 0, z: 0 }, s.p) : s.pBf;
      return {
        body: game.body.id,
        mode: s.mode,
        reason: s.reason,
        tick: s.tick,
        fuelKg: s.fuelKg,
        pBf: [pBf.x, pBf.y, pBf.z],
        qBf: [s.qBf.x, s.qBf.y, s.qBf.z, s.qBf.w],
        address: shipAddress(game.body.id, pBf),
        autopilot: !!game.autopilot,
        warp: game.warp(),
      };
    },
    telemetry: () => telemetry(game.sim, createTelemetry()),
    land: (opts) => game.scriptedLanding(opts?.ticksPerFrame ?? LAND_TICKS_PER_FRAME),
  };
}
