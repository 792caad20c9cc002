/**
 * The game's frame loop: each animation frame polls the controls and acts on their one-shot
 * actions, advances the sim by the frame's time, draws, updates the HUD, the observatory link and
 * the result panel, and records the frame's timings. A timer keeps the streamer fed between slow
 * frames. `drawFirstFrame` draws once before the app reports ready.
 */
import type { Game } from './Game';
import type { GameStage } from './gameStage';
import type { Controls } from '../input/Controls';
import type { Hud } from '../ui/Hud';
import type { Panels } from '../ui/Panels';

/** How often the streamer is pumped between frames (arrivals, scheduling), ms. */
const PUMP_INTERVAL_MS = 50;

export interface FrameParts {
  game: Game;
  stage: GameStage;
  controls: Controls;
  hud: Hud;
  panels: Panels;
  /** Refreshes the observatory link (throttled inside). */
  followLink: (now: number) => void;
  /** Called after every frame with the number drawn so far. */
  onFrame: (frames: number) => void;
}

export function drawFirstFrame({
  game,
  stage,
  hud,
  panels,
}: Omit<FrameParts, 'controls' | 'followLink' | 'onFrame'>): void {
  stage.view.render(game.sim, stage.canvas.height);
  hud.update(game, stage.view.terrain.progress(), stage.camMode, performance.now(), true);
  panels.showResult(game);
}

/**
 * Starts pumping the streamer and returns `start`, which requests the first animation frame; the
 * first frame's time step runs from this call.
 */
export function createFrameLoop(parts: FrameParts): { start: () => void } {
  const { game, stage, controls, hud, panels, followLink, onFrame } = parts;
  setInterval(() => {
    stage.view.terrain.pump();
  }, PUMP_INTERVAL_MS);
  let last = performance.now();
  let frames = 0;
  const frame = (now: number): void => {
    const dt = (now - last) / 1000;
    const interval = now - last;
    last = now;
    for (const a of controls.poll(dt)) {
      if (a === 'camera') stage.toggleCamera();
      else if (a === 'autopilot') game.toggleAutopilot();
      else if (a === 'warpUp') game.changeWarp(1);
      else if (a === 'warpDown') game.changeWarp(-1);
      else if (a === 'help') panels.toggleHelp();
      else if (a === 'menu') panels.toggleMenu(game.body.id);
      else if (a === 'save') game.save(true);
    }
    game.advance(dt, controls.input);
    stage.view.render(game.sim, stage.canvas.height);
    hud.frame(interval);
    hud.update(game, stage.view.terrain.progress(), stage.camMode, now);
    followLink(now);
    panels.showResult(game);
    const streamMs = stage.view.terrain.takeStreamMs();
    game.recordFrame(interval, performance.now() - now, streamMs);
    frames++;
    onFrame(frames);
    requestAnimationFrame(frame);
  };
  return {
    start: () => {
      requestAnimationFrame(frame);
    },
  };
}
