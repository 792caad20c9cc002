/**
 * The observatory's frame loop: each animation frame (at most once per `framePeriod`, nothing while
 * paused or after unload) steps the controls, draws, publishes the figures to the window state and
 * shows them in the HUD, then runs the UI's per-frame work. `hudFigures` is the HUD's readout.
 */
import { cacheSummary } from '@landfall/streamer';
import type { FrameBench } from '../frameBench';
import type { HudFigures } from '../Hud';
import { groundInfo, type GroundInfo } from '../ui/groundInfo';
import type { Session } from './session';

/** Workers the streamer's pool starts when the URL names none (the pool's default). */
const DEFAULT_MAX_WORKERS = 8;
/** Cores assumed where the browser does not say. */
const FALLBACK_CORES = 4;

/** This frame's measurements, as the loop read them once. */
interface FrameReadings {
  stats: ReturnType<Session['obs']['frame']>;
  counters: ReturnType<Session['obs']['streamer']['counters']>;
  heights: ReturnType<Session['obs']['heights']>;
  frameMs: number;
  ground: GroundInfo;
}

/** What the HUD shows this frame. */
function hudFigures(s: Session, r: FrameReadings): HudFigures {
  const { obs, params, gfx, identity, state } = s;
  const { stats, counters: c, heights: hts, frameMs, ground } = r;
  const wanted = c.resident + (c.queued ?? 0) + c.inFlight + c.starved;
  const floor = obs.streamer.detailFloor;
  return {
    body: obs.body.name,
    lat: params.lat,
    lon: params.lon,
    ground,
    address: hts.address,
    heightField: hts.field,
    heightMesh: hts.mesh,
    detailFloor: Number.isNaN(floor) ? 'probing…' : `${floor.toPrecision(2)} m`,
    drawn: c.drawn,
    resident: c.resident,
    inFlight: c.inFlight,
    starved: c.starved,
    triangles: stats.triangles,
    rocks: stats.rocks,
    frameMs,
    backend: gfx.backend,
    depth: gfx.depth,
    producer: obs.producerNote,
    packing: obs.packingNote(),
    workers:
      params.streamer === 'local'
        ? 'main thread'
        : String(
            params.workers || Math.min(DEFAULT_MAX_WORKERS, navigator.hardwareConcurrency || FALLBACK_CORES),
          ),
    terrainVersion: identity.version,
    worldDigest: identity.digest,
    fixedPoint: state.fixedPoint,
    resolved: Math.min(c.resident, wanted),
    wanted,
    cache: cacheSummary(c),
  };
}

/** Starts the loop; `uiTick` is the UI's per-frame work. */
export function startFrameLoop(s: Session, bench: FrameBench | null, uiTick: (now: number) => void): void {
  const { obs, params, state } = s;
  let last = performance.now();
  let ground = groundInfo(obs.body, params.lat, params.lon);
  let groundAt = '';
  const tick = (): void => {
    if (s.unloaded) return;
    const now = performance.now();
    if (s.paused || now - last < s.framePeriod) {
      requestAnimationFrame(tick);
      return;
    }
    bench?.tick(now, obs.fixedPointMs !== null);
    const frameMs = now - last;
    last = now;
    s.controls.step(now);
    const [w, h] = s.size();
    // Drawn only when something changed (a still stance costs no rendering; ADR-0011).
    const stats = obs.frame(w, h, true);
    const c = obs.streamer.counters();
    const hts = obs.heights();
    state.counters = { ...c };
    state.fixedPoint = obs.streamer.fixedPoint;
    state.producer = obs.producerNote;
    state.gpuBatches = obs.gpuBatches() ?? undefined;
    state.fixedPointMs = obs.fixedPointMs;
    state.fixedPointFrames = obs.fixedPointFrames;
    state.fixedPointReads = obs.fixedPointReads;
    state.frameMs = stats.updateMs;
    state.frames++;
    if (stats.rendered) state.renders++;
    state.triangles = stats.triangles;
    state.rocks = stats.rocks;
    state.rocksSeated = obs.view.rocks?.seatedCount ?? 0;
    state.rockSeatPasses = obs.view.rocks?.seatPasses ?? 0;
    state.view = { ...params, heightField: hts.field, heightMesh: hts.mesh, address: hts.address };
    state.ready = true;
    const at = `${obs.body.id} ${params.lat} ${params.lon}`;
    if (at !== groundAt) {
      ground = groundInfo(obs.body, params.lat, params.lon);
      groundAt = at;
      state.ground = { unit: ground.unit, elevationM: ground.elevationM };
    }
    s.hud.update(hudFigures(s, { stats, counters: c, heights: hts, frameMs, ground }));
    uiTick(now);
    window.__landfall = state;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}
