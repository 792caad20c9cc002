/**
 * `window.__landfall` for the observatory: what tests and tools read each frame (readiness, the
 * streamer's fixed point and counters, the view, frame figures, terrain identity) and the hooks
 * they may call (capture, switch body, unload, aim, frame timing). `app/testHooks.ts` fills the
 * hooks; the frame loop (`app/frameLoop.ts`) the figures.
 */
import type { FrameTimes } from '../frameBench';

export interface LandfallWindowState {
  ready: boolean;
  fixedPoint: boolean;
  fixedPointMs: number | null;
  /** Loop frames from the body's start to its fixed point (so far, until it is reached). */
  fixedPointFrames?: number;
  /** Persistent-cache read transactions carrying the view's reads, from the body's start to its
   * fixed point (ADR-0019; the look-around ring's own not counted). */
  fixedPointReads?: number;
  backend?: string;
  depth?: string;
  /** What makes the patches (Observatory.producerNote: 'gpu (…)' or 'workers (…)'). */
  producer?: string;
  /** The GPU producer's payloads and batches this session (absent when it never ran). */
  gpuBatches?: { produced: number; batches: number };
  error?: string;
  paramErrors: string[];
  counters: Record<string, number | boolean | string | undefined>;
  view: Record<string, number | string>;
  frameMs: number;
  /** Frames the loop has run so far (tests watch it advance). */
  frames: number;
  /** Of those, the frames rendered (an unchanged frame is not drawn again, ADR-0011). */
  renders: number;
  triangles: number;
  rocks: number;
  rocksSeated: number;
  /** Whole passes of rock seating (ROCK_SLOTS_PER_FRAME a frame) the loop has made. */
  rockSeatPasses: number;
  terrainVersion: string;
  worldDigest: string;
  /** Renders one frame and returns the canvas as a PNG data URL (same task as the render). */
  capture?: () => string;
  switchBody?: (id: string) => void;
  memory?: () => { geometries: number; textures: number };
  /** Renderer memory after one empty frame, before any body was loaded. */
  baselineMemory?: { geometries: number; textures: number };
  /** Disposes the body's view and streamer and draws one empty frame (leak tests). */
  unload?: () => void;
  setRocksVisible?: (on: boolean) => void;
  /** Walks the eye `forward`, `right` metres (as the keys do), re-seated at its height above the ground. */
  walk?: (forward: number, right: number) => void;
  /** Changes view parameters (heading, pitch, fov, …) as the controls would. */
  setView?: (patch: Partial<Record<'heading' | 'pitch' | 'fov', number>>) => void;
  /**
   * Turns the view towards the nearest seated rock of diameter ≥ `minDiameter` m (default any);
   * returns its distance (m), or null if none.
   */
  aimAtNearestRock?: (fovDeg: number, minDiameter?: number) => number | null;
  /** The adapter the renderer runs on ('WebGPU: vendor / …' or 'WebGL2: vendor / renderer'). */
  gpu?: string;
  /**
   * Renders n frames back to back, waiting for the GPU after each (frameBench.ts); with `stepM`,
   * the eye walks that many metres forward before each frame.
   */
  timeFrames?: (n: number, stepM?: number) => Promise<FrameTimes>;
  /** The `bench=frames` result once posted. */
  bench?: unknown;
  /** Test hook: the app steps at most once per `ms` (simulates a slow frame rate; 0 = every rAF). */
  setFramePeriod?: (ms: number) => void;
  /** Test hook: the ADR reader shows `text` as it would an ADR file (e2e/adrHostile.spec.ts). */
  showAdrText?: (text: string) => void;
  /** Terrain unit and elevation under the eye, as the HUD shows them. */
  ground?: { unit: string; elevationM: number };
}

declare global {
  interface Window {
    __landfall?: Partial<LandfallWindowState> & { ready: boolean };
  }
}
