/**
 * observatory entry: reads the view from the URL, creates the renderer and the `Observatory`,
 * runs the frame loop with look/walk/zoom controls, the HUD, the screenshot key, the ADR reader,
 * and publishes `window.__landfall` for tests and tools.
 */
import { PerspectiveCamera, Scene } from 'three/webgpu';
import { createRenderer, gpuInfo, horizonFrame, horizonFrameScratch } from '@landfall/render';
import { siblingUrl } from './siblingUrl';
import { parseParams } from './params';
import { Observatory } from './Observatory';
import { Hud } from './Hud';
import { Controls } from './Controls';
import { AdrReader } from './adr/AdrReader';
import { terrainIdentity } from './terrainIdentity';
import { createObservatoryUi } from './ui/observatoryUi';
import { groundInfo } from './ui/groundInfo';
import { hudMode } from './ui/hudMode';
import { FrameBench, timeFrames, type FrameBenchTarget, type FrameTimes } from './frameBench';

export interface LandfallWindowState {
  ready: boolean;
  fixedPoint: boolean;
  fixedPointMs: number | null;
  backend?: string;
  depth?: string;
  error?: string;
  paramErrors: string[];
  counters: Record<string, number | boolean | undefined>;
  view: Record<string, number | string>;
  frameMs: number;
  /** Frames drawn by the loop so far (tests watch it advance). */
  frames: number;
  triangles: number;
  rocks: number;
  rocksSeated: number;
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
  /** Changes view parameters (heading, pitch, fov, …) as the controls would. */
  setView?: (patch: Partial<Record<'heading' | 'pitch' | 'fov', number>>) => void;
  /** Turns the view towards the nearest seated rock; returns its distance (m), or null if none. */
  aimAtNearestRock?: (fovDeg: number) => number | null;
  /** The adapter the renderer runs on ('WebGPU: vendor / …' or 'WebGL2: vendor / renderer'). */
  gpu?: string;
  /** Renders n frames back to back, waiting for the GPU after each (frameBench.ts). */
  timeFrames?: (n: number) => Promise<FrameTimes>;
  /** The `bench=frames` result once posted. */
  bench?: unknown;
  /** Test hook: the app steps at most once per `ms` (simulates a slow frame rate; 0 = every rAF). */
  setFramePeriod?: (ms: number) => void;
  /** Terrain unit and elevation under the eye, as the HUD shows them. */
  ground?: { unit: string; elevationM: number };
}

declare global {
  interface Window {
    __landfall?: Partial<LandfallWindowState> & { ready: boolean };
  }
}

const link = document.getElementById('other-app') as HTMLAnchorElement;
new AdrReader(document.getElementById('adr')!);

async function main(): Promise<void> {
  window.__landfall = { ready: false };
  const canvas = document.getElementById('view') as HTMLCanvasElement;
  const { params, errors } = parseParams(location.search);
  const mode = hudMode(location.search);
  if (mode.error) errors.push(mode.error);
  const hud = new Hud(document.getElementById('hud')!, mode.mode);
  hud.showMessages(errors);
  const bench = params.bench === 'frames' ? new FrameBench(params.benchWait * 1000) : null;
  benchOnError = bench;
  const gfx = await createRenderer({ canvas, forceWebGL: params.backend === 'webgl2' });
  const { renderer } = gfx;
  renderer.setPixelRatio(1);
  const memory = () => ({
    geometries: renderer.info.memory.geometries,
    textures: renderer.info.memory.textures,
  });
  const empty = new Scene();
  const emptyCamera = new PerspectiveCamera();
  renderer.render(empty, emptyCamera);
  const baselineMemory = memory();
  let unloaded = false;
  const obs = new Observatory(gfx, params);
  const controls = new Controls(canvas, params, obs);
  let identity = terrainIdentity(obs.body);
  const state: LandfallWindowState = {
    ready: false,
    fixedPoint: false,
    fixedPointMs: null,
    backend: gfx.backend,
    depth: gfx.depth,
    gpu: gpuInfo(renderer).name,
    paramErrors: errors,
    counters: {},
    view: {},
    frameMs: 0,
    frames: 0,
    triangles: 0,
    rocks: 0,
    rocksSeated: 0,
    terrainVersion: identity.version,
    worldDigest: identity.digest,
  };
  let last = performance.now();
  let paused = false;
  let framePeriod = 0;
  let ground = groundInfo(obs.body, params.lat, params.lon);
  let groundAt = '';
  const size = () => {
    const w = Math.max(1, canvas.clientWidth);
    const h = Math.max(1, canvas.clientHeight);
    if (canvas.width !== w || canvas.height !== h) renderer.setSize(w, h, false);
    return [w, h];
  };
  const tick = (): void => {
    if (unloaded) return;
    if (paused) {
      requestAnimationFrame(tick);
      return;
    }
    const now = performance.now();
    if (now - last < framePeriod) {
      requestAnimationFrame(tick);
      return;
    }
    bench?.tick(now, obs.fixedPointMs !== null);
    const frameMs = now - last;
    last = now;
    controls.step(now);
    const [w, h] = size();
    const stats = obs.frame(w, h);
    const c = obs.streamer.counters();
    const hts = obs.heights();
    state.counters = { ...c };
    state.fixedPoint = obs.streamer.fixedPoint;
    state.fixedPointMs = obs.fixedPointMs;
    state.frameMs = stats.updateMs;
    state.frames++;
    state.triangles = stats.triangles;
    state.rocks = stats.rocks;
    state.rocksSeated = obs.view.rocks?.seatedCount ?? 0;
    state.view = { ...params, heightField: hts.field, heightMesh: hts.mesh, address: hts.address };
    state.ready = true;
    const at = `${obs.body.id} ${params.lat} ${params.lon}`;
    if (at !== groundAt) {
      ground = groundInfo(obs.body, params.lat, params.lon);
      groundAt = at;
      state.ground = { unit: ground.unit, elevationM: ground.elevationM };
    }
    const wanted = c.resident + (c.queued ?? 0) + c.inFlight + c.starved;
    hud.update({
      body: obs.body.name,
      lat: params.lat,
      lon: params.lon,
      ground,
      address: hts.address,
      heightField: hts.field,
      heightMesh: hts.mesh,
      detailFloor: Number.isNaN(obs.streamer.detailFloor)
        ? 'probing…'
        : `${obs.streamer.detailFloor.toPrecision(2)} m`,
      drawn: c.drawn,
      resident: c.resident,
      inFlight: c.inFlight,
      starved: c.starved,
      triangles: stats.triangles,
      rocks: stats.rocks,
      frameMs: frameMs,
      backend: gfx.backend,
      depth: gfx.depth,
      workers:
        params.streamer === 'local'
          ? 'main thread'
          : String(params.workers || Math.min(8, navigator.hardwareConcurrency || 4)),
      terrainVersion: identity.version,
      worldDigest: identity.digest,
      fixedPoint: state.fixedPoint,
      resolved: Math.min(c.resident, wanted),
      wanted,
    });
    ui.tick(now);
    window.__landfall = state;
    requestAnimationFrame(tick);
  };
  state.capture = () => {
    const [w, h] = size();
    obs.frame(w, h);
    return canvas.toDataURL('image/png');
  };
  state.switchBody = (id: string) => {
    obs.setBody(id);
    identity = terrainIdentity(obs.body);
    state.terrainVersion = identity.version;
    state.worldDigest = identity.digest;
  };
  const benchTarget: FrameBenchTarget = {
    obs,
    renderer,
    backend: gfx.backend,
    size,
    pause: (on) => {
      paused = on;
    },
  };
  state.timeFrames = (n: number) => timeFrames(benchTarget, n);
  state.memory = memory;
  state.baselineMemory = baselineMemory;
  state.unload = () => {
    unloaded = true;
    obs.dispose();
    renderer.render(empty, emptyCamera);
  };
  state.setView = (patch) => {
    Object.assign(params, patch);
  };
  state.aimAtNearestRock = (fovDeg: number) => {
    const rock = obs.view.rocks?.nearestSeated(obs.eye, new Float64Array(3));
    if (!rock) return null;
    const f = horizonFrame(obs.eye, horizonFrameScratch());
    const v = [rock[0] - obs.eye[0], rock[1] - obs.eye[1], rock[2] - obs.eye[2]];
    const dot = (a: Float64Array) => a[0] * v[0] + a[1] * v[1] + a[2] * v[2];
    const e = dot(f.east);
    const n = dot(f.north);
    const u = dot(f.up);
    Object.assign(params, {
      heading: (Math.atan2(e, n) * 180) / Math.PI,
      pitch: (Math.atan2(u, Math.sqrt(e * e + n * n)) * 180) / Math.PI,
      fov: fovDeg,
    });
    return Math.sqrt(e * e + n * n + u * u);
  };
  state.setRocksVisible = (on: boolean) => {
    if (obs.view.rocks) obs.view.rocks.group.visible = on;
  };
  state.setFramePeriod = (ms: number) => {
    framePeriod = ms;
  };
  const ui = createObservatoryUi({
    params,
    controls,
    hud,
    gameLinkEl: link,
    gameBase: siblingUrl(location),
    goTo: (place) => {
      Object.assign(params, { lat: place.lat, lon: place.lon, h: place.h });
      if (place.body !== obs.body.id) state.switchBody!(place.body);
      else obs.place();
    },
    screenshot: () => {
      const a = document.createElement('a');
      a.href = state.capture!();
      a.download = `landfall-${params.body}-${params.lat.toFixed(4)}-${params.lon.toFixed(4)}.png`;
      a.click();
    },
  });
  requestAnimationFrame(tick);
  if (bench) void bench.run(benchTarget);
  // Keep the streamer's workers fed between (slow, software-rendered) frames.
  setInterval(() => {
    if (!unloaded) obs.view.pumpStreamer();
  }, 15);
}

let benchOnError: FrameBench | null = null;

main().catch((err: unknown) => {
  window.__landfall = { ready: false, error: String(err) };
  benchOnError?.fail(`observatory could not start: ${String(err)}`);
  const msg = document.createElement('p');
  msg.className = 'fatal';
  msg.textContent = `The observatory could not start: ${String(err)}`;
  document.body.append(msg);
  throw err;
});
