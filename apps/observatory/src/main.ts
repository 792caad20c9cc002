/**
 * observatory entry: reads the view from the URL, creates the renderer and the `Observatory`,
 * runs the frame loop with look/walk/zoom controls, the HUD, the screenshot key, the ADR reader,
 * and publishes `window.__landfall` for tests and tools. Each step is one function: read the
 * input, create the renderer, the session (app/session.ts), the test hooks (app/testHooks.ts),
 * the UI, the frame loop (app/frameLoop.ts) and the streamer pump.
 */
import '@landfall/app-shell/shell.css';
import './style.css';
import { showFatal } from '@landfall/app-shell';
import { createRenderer } from '@landfall/render';
import { siblingUrl } from './siblingUrl';
import { parseParams, type ViewParams } from './params';
import { Hud } from './Hud';
import { AdrReader } from './adr/AdrReader';
import { createObservatoryUi } from './ui/observatoryUi';
import { hudMode } from './ui/hudMode';
import { FrameBench } from './frameBench';
import { createSession, type Session } from './app/session';
import { openPatchStoreEarly } from './Observatory';
import { startFrameLoop } from './app/frameLoop';
import { benchTarget, installTestHooks } from './app/testHooks';

export type { LandfallWindowState } from './app/windowState';

/** How often the streamer's workers are fed between (slow, software-rendered) frames, ms. */
const PUMP_INTERVAL_MS = 15;

const link = document.getElementById('other-app') as HTMLAnchorElement;
const adrReader = new AdrReader(document.getElementById('adr')!);

/** URL parameters and HUD mode; their problems are shown in the HUD and published. */
function readInput(search: string): { params: ViewParams; errors: string[]; hud: Hud } {
  const { params, errors } = parseParams(search);
  const mode = hudMode(search);
  if (mode.error) errors.push(mode.error);
  const hud = new Hud(document.getElementById('hud')!, mode.mode);
  hud.showMessages(errors);
  return { params, errors, hud };
}

/** Help, picker, HUD modes, the game link and URL sync; the screenshot key saves a capture. */
function wireUi(s: Session): { tick: (now: number) => void } {
  const { obs, params, state } = s;
  return createObservatoryUi({
    params,
    controls: s.controls,
    hud: s.hud,
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
}

async function main(): Promise<void> {
  window.__landfall = { ready: false };
  const canvas = document.getElementById('view') as HTMLCanvasElement;
  const { params, errors, hud } = readInput(location.search);
  const bench = params.bench === 'frames' ? new FrameBench(params.benchWait * 1000) : null;
  benchOnError = bench;
  openPatchStoreEarly();
  // GPU timestamps only for the frame bench (tools/gpu-check): its figures name each frame's GPU time.
  const gfx = await createRenderer({
    canvas,
    forceWebGL: params.backend === 'webgl2',
    trackTimestamp: params.bench === 'frames',
  });
  const session = createSession(canvas, gfx, params, hud, errors);
  const target = benchTarget(session);
  installTestHooks(session, target);
  session.state.showAdrText = (text) => adrReader.show('test.md', text);
  const ui = wireUi(session);
  startFrameLoop(session, bench, ui.tick);
  if (bench) void bench.run(target);
  setInterval(() => {
    if (!session.unloaded) session.obs.view.pumpStreamer();
  }, PUMP_INTERVAL_MS);
}

let benchOnError: FrameBench | null = null;

main().catch((err: unknown) => {
  window.__landfall = { ready: false, error: String(err) };
  benchOnError?.fail(`observatory could not start: ${String(err)}`);
  showFatal(`The observatory could not start: ${String(err)}`);
  throw err;
});
