/**
 * Game entry: reads the URL, loads the body's save or a start state, draws the ship and the terrain
 * each frame, runs the sim in fixed ticks, and publishes `window.__landfall` for tests and tools
 * (including the scripted `land()`).
 */
import { createRenderer, gpuInfo } from '@landfall/render';
import type { Body } from '@landfall/universe';
import { siblingUrl } from './siblingUrl';
import { gameHashNote, parseGameParams, type CameraMode, type TerrainKind } from './app/urlParams';
import { showFatal } from './ui/fatal';
import { parsePlaceParams } from './app/placeParams';
import { followShip } from './ui/observatoryLink';
import type { Site, StartKind } from './sim/startStates';
import { Game, type LandingResult } from './app/Game';
import { runLandBench, watchBenchErrors } from './app/landBench';
import { SaveStore } from './save/SaveStore';
import { browserStorage } from './save/browserStorage';
import { shipAddress } from './save/shipAddress';
import { Controls } from './input/Controls';
import { GameView } from './view/GameView';
import { PlaceholderTerrain } from './view/PlaceholderTerrain';
import { PlanetTerrain } from './view/PlanetTerrain';
import type { TerrainView } from './view/TerrainView';
import { Hud } from './ui/Hud';
import { Panels } from './ui/Panels';
import { createTelemetry, telemetry, type Telemetry } from './sim/telemetry';
import type { WebGPURenderer } from 'three/webgpu';

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
}

declare global {
  interface Window {
    __landfall?: LandfallGameApi;
  }
}

/** Sim ticks per frame for the scripted landing (1 s of flight per frame). */
const LAND_TICKS_PER_FRAME = 50;

/** The one place that chooses the terrain drawer. */
function createTerrain(body: Body, renderer: WebGPURenderer, kind: TerrainKind): TerrainView {
  if (kind === 'placeholder') return new PlaceholderTerrain(body);
  return new PlanetTerrain(renderer, body, kind);
}

const link = document.getElementById('other-app') as HTMLAnchorElement;

async function main(): Promise<void> {
  window.__landfall = { ready: false };
  const { params, errors } = parseGameParams(location.search);
  if (params.bench === 'land') watchBenchErrors();
  const saves = browserStorage();
  const hashNote = gameHashNote(location.hash);
  const place = parsePlaceParams(location.search);
  const notes = [
    ...errors,
    ...place.errors,
    ...(hashNote ? [hashNote] : []),
    ...(saves.problem ? [saves.problem] : []),
  ];
  const game = new Game(params.body, new SaveStore(saves.storage));
  for (const n of notes) game.note(n);
  game.enter(params.body, params.start, params.fresh, place.site ?? undefined);

  const canvas = document.getElementById('view') as HTMLCanvasElement;
  const { renderer, backend } = await createRenderer({ canvas, forceWebGL: params.forceWebGL });
  const ui = document.getElementById('ui') as HTMLElement;
  let view = new GameView(renderer, game.body, createTerrain(game.body, renderer, params.terrain));
  let camMode: CameraMode = params.cam;
  view.rig.mode = camMode;
  const controls = new Controls(
    canvas,
    (dx, dy) => view.rig.orbit(dx, dy),
    (f) => view.rig.zoom(f),
  );
  const hud = new Hud(ui);
  const switchBody = (id: string, start: StartKind, fresh: boolean, site?: Site): void => {
    game.autopilot = null;
    game.enter(id, start, fresh, site);
    view.dispose();
    view = new GameView(renderer, game.body, createTerrain(game.body, renderer, params.terrain));
    view.rig.mode = camMode;
    resize();
  };
  const panels = new Panels(
    ui,
    controls,
    (c) => {
      panels.menu.hidden = true;
      switchBody(c.body, c.start, true, c.site);
    },
    () => {
      game.store.discard(game.body.id);
      game.note(`save for ${game.body.name} discarded`);
    },
  );
  const resize = (): void => {
    const w = Math.max(1, canvas.clientWidth || innerWidth);
    const h = Math.max(1, canvas.clientHeight || innerHeight);
    renderer.setSize(w, h, false);
    view.resize(w, h);
  };
  addEventListener('resize', resize);
  resize();

  // Keep the streamer fed between slow frames (arrivals, scheduling).
  setInterval(() => {
    view.terrain.pump();
  }, 50);
  const shipTel = createTelemetry();
  const followLink = followShip(link, siblingUrl(location), () => {
    telemetry(game.sim, shipTel);
    return {
      body: game.body.id,
      latDeg: shipTel.latDeg,
      lonDeg: shipTel.lonDeg,
      altitudeM: shipTel.altitudeM,
      headingDeg: shipTel.headingDeg,
    };
  });
  let last = performance.now();
  let frames = 0;
  const frame = (now: number): void => {
    const dt = (now - last) / 1000;
    const interval = now - last;
    last = now;
    for (const a of controls.poll(dt)) {
      if (a === 'camera') view.rig.mode = camMode = camMode === 'chase' ? 'cockpit' : 'chase';
      else if (a === 'autopilot') game.toggleAutopilot();
      else if (a === 'warpUp') game.changeWarp(1);
      else if (a === 'warpDown') game.changeWarp(-1);
      else if (a === 'help') panels.toggle(panels.help);
      else if (a === 'menu') panels.toggle(panels.menu, game.body.id);
      else if (a === 'save') game.save(true);
    }
    game.advance(dt, controls.input);
    view.render(game.sim, canvas.height);
    hud.frame(interval);
    hud.update(game, view.terrain.progress(), camMode, now);
    followLink(now);
    panels.showResult(game);
    const streamMs = view.terrain.takeStreamMs();
    game.recordFrame(interval, performance.now() - now, streamMs);
    frames++;
    api.frames = frames;
    requestAnimationFrame(frame);
  };

  const api: LandfallGameApi = {
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
  // One frame drawn before ready.
  view.render(game.sim, canvas.height);
  hud.update(game, view.terrain.progress(), camMode, performance.now(), true);
  panels.showResult(game);
  api.ready = true;
  window.__landfall = api;
  requestAnimationFrame(frame);
  if (params.bench === 'land') {
    void runLandBench(
      { land: (t) => game.scriptedLanding(t), backend, gpu: gpuInfo(renderer).name },
      params.benchTicks,
    );
  }
}

main().catch((err: unknown) => {
  window.__landfall = { ready: false, error: String(err) };
  showFatal(`The game could not start: ${String(err)}`);
  throw err;
});
