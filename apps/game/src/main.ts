/**
 * Game entry: reads the URL, loads the body's save or a start state, draws the ship and the terrain
 * each frame, runs the sim in fixed ticks, and publishes `window.__landfall` for tests and tools
 * (including the scripted `land()`). Each step is one function: read the input and create the game
 * (app/startInput.ts), create the renderer, the stage that draws (app/gameStage.ts), the UI, the
 * frame loop (app/frameLoop.ts) and the test hooks (app/testHooks.ts).
 */
import '@landfall/app-shell/shell.css';
import './style.css';
import { showFatal } from '@landfall/app-shell';
import { createRenderer, gpuInfo } from '@landfall/render';
import { siblingUrl } from './siblingUrl';
import { followShip } from './ui/observatoryLink';
import type { Game } from './app/Game';
import { createGame, readStart } from './app/startInput';
import { GameStage } from './app/gameStage';
import { createFrameLoop, drawFirstFrame } from './app/frameLoop';
import { createTestHooks } from './app/testHooks';
import { runLandBench, watchBenchErrors } from './app/landBench';
import { Controls } from './input/Controls';
import { Hud } from './ui/Hud';
import { Panels } from './ui/Panels';
import { createTelemetry, telemetry } from './sim/telemetry';

export type { LandfallGameApi } from './app/testHooks';

const link = document.getElementById('other-app') as HTMLAnchorElement;

/** Controls on the canvas, the HUD and the panels (whose menu switches body through the stage). */
function wireUi(stage: GameStage, game: Game): { controls: Controls; hud: Hud; panels: Panels } {
  const ui = document.getElementById('ui') as HTMLElement;
  const controls = new Controls(
    stage.canvas,
    (dx, dy) => stage.view.rig.orbit(dx, dy),
    (f) => stage.view.rig.zoom(f),
  );
  const hud = new Hud(ui);
  const panels = new Panels(
    ui,
    controls,
    (c) => stage.switchBody(c.body, c.start, true, c.site),
    () => {
      game.store.discard(game.body.id);
      game.note(`save for ${game.body.name} discarded`);
    },
  );
  return { controls, hud, panels };
}

/** The "observatory" link follows the ship: its body, position, altitude and heading. */
function wireFollowLink(game: Game): (now: number) => void {
  const shipTel = createTelemetry();
  return followShip(link, siblingUrl(location), () => {
    telemetry(game.sim, shipTel);
    return {
      body: game.body.id,
      latDeg: shipTel.latDeg,
      lonDeg: shipTel.lonDeg,
      altitudeM: shipTel.altitudeM,
      headingDeg: shipTel.headingDeg,
    };
  });
}

async function main(): Promise<void> {
  window.__landfall = { ready: false };
  const start = readStart(location);
  const { params } = start;
  if (params.bench === 'land') watchBenchErrors();
  const game = createGame(start);

  const canvas = document.getElementById('view') as HTMLCanvasElement;
  const { renderer, backend } = await createRenderer({ canvas, forceWebGL: params.forceWebGL });
  const stage = new GameStage(renderer, canvas, game, params);
  const { controls, hud, panels } = wireUi(stage, game);
  addEventListener('resize', () => {
    stage.resize();
  });
  stage.resize();

  const api = createTestHooks(game, backend);
  api.plantGpuFailure = (message) => stage.view.terrain.plantGpuFailure?.(message) ?? false;
  const loop = createFrameLoop({
    game,
    stage,
    controls,
    hud,
    panels,
    followLink: wireFollowLink(game),
    onFrame: (frames) => {
      api.frames = frames;
    },
  });
  drawFirstFrame({ game, stage, hud, panels });
  api.ready = true;
  window.__landfall = api;
  loop.start();
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
