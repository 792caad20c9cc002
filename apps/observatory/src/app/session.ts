/**
 * One observatory session: the renderer, the `Observatory` on it, its controls and HUD, the
 * published window state, and the flags the frame loop and the test hooks share (unloaded,
 * paused, frame period). `size` fits the renderer to the canvas and returns its size in pixels.
 */
import { PerspectiveCamera, Scene } from 'three/webgpu';
import { gpuInfo, type LandfallRenderer } from '@landfall/render';
import type { ViewParams } from '../params';
import { Observatory } from '../Observatory';
import type { Hud } from '../Hud';
import { Controls } from '../Controls';
import { terrainIdentity } from '../terrainIdentity';
import type { LandfallWindowState } from './windowState';

export interface RendererMemory {
  geometries: number;
  textures: number;
}

export interface Session {
  canvas: HTMLCanvasElement;
  gfx: LandfallRenderer;
  params: ViewParams;
  obs: Observatory;
  controls: Controls;
  hud: Hud;
  state: LandfallWindowState;
  /** The current body's terrain algorithm version and world digest. */
  identity: { version: string; digest: string };
  /** Set once by `unload`: the loop stops drawing and the streamer is no longer pumped. */
  unloaded: boolean;
  /** While set, the loop draws nothing (frame benchmarks own the renderer). */
  paused: boolean;
  /** The loop steps at most once per this many ms (0: every animation frame). */
  framePeriod: number;
  size(): number[];
  memory(): RendererMemory;
  /** Draws one frame of an empty scene (after unload, and for the baseline). */
  drawEmpty(): void;
}

/**
 * Draws one empty frame and records the renderer's memory before any body is loaded, then creates
 * the Observatory and its controls and the window state they publish.
 */
export function createSession(
  canvas: HTMLCanvasElement,
  gfx: LandfallRenderer,
  params: ViewParams,
  hud: Hud,
  paramErrors: string[],
): Session {
  const { renderer } = gfx;
  renderer.setPixelRatio(1);
  const memory = (): RendererMemory => ({
    geometries: renderer.info.memory.geometries,
    textures: renderer.info.memory.textures,
  });
  const empty = new Scene();
  const emptyCamera = new PerspectiveCamera();
  const drawEmpty = (): void => {
    renderer.render(empty, emptyCamera);
  };
  drawEmpty();
  const baselineMemory = memory();
  const obs = new Observatory(gfx, params);
  const controls = new Controls(canvas, params, obs);
  const identity = terrainIdentity(obs.body);
  const state: LandfallWindowState = {
    ready: false,
    fixedPoint: false,
    fixedPointMs: null,
    backend: gfx.backend,
    depth: gfx.depth,
    gpu: gpuInfo(renderer).name,
    paramErrors,
    counters: {},
    view: {},
    frameMs: 0,
    frames: 0,
    renders: 0,
    triangles: 0,
    rocks: 0,
    rocksSeated: 0,
    rockSeatPasses: 0,
    terrainVersion: identity.version,
    worldDigest: identity.digest,
    baselineMemory,
  };
  return {
    canvas,
    gfx,
    params,
    obs,
    controls,
    hud,
    state,
    identity,
    unloaded: false,
    paused: false,
    framePeriod: 0,
    size: () => {
      const w = Math.max(1, canvas.clientWidth);
      const h = Math.max(1, canvas.clientHeight);
      if (canvas.width !== w || canvas.height !== h) renderer.setSize(w, h, false);
      return [w, h];
    },
    memory,
    drawEmpty,
  };
}
