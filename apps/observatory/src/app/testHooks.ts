/**
 * The hooks `window.__landfall` offers tests and tools (windowState.ts documents each): capture,
 * body switch, frame timing, memory, unload, view changes, aiming at a rock, rock visibility and
 * a simulated slow frame rate. They act on the session as the controls and the loop would.
 */
import { horizonFrame, horizonFrameScratch } from '@landfall/render';
import { timeFrames, type FrameBenchTarget } from '../frameBench';
import { terrainIdentity } from '../terrainIdentity';
import type { Session } from './session';

/** What the frame benchmark drives: the session's renderer, with the loop paused around it. */
export function benchTarget(s: Session): FrameBenchTarget {
  return {
    obs: s.obs,
    renderer: s.gfx.renderer,
    backend: s.gfx.backend,
    timestamps: s.gfx.timestamps,
    size: s.size,
    pause: (on) => {
      s.paused = on;
    },
  };
}

/** Installs the hooks on the session's window state. */
export function installTestHooks(s: Session, bench: FrameBenchTarget): void {
  const { obs, params, state, canvas } = s;
  state.capture = () => {
    const [w, h] = s.size();
    obs.frame(w, h);
    return canvas.toDataURL('image/png');
  };
  state.switchBody = (id: string) => {
    obs.setBody(id);
    s.identity = terrainIdentity(obs.body);
    state.terrainVersion = s.identity.version;
    state.worldDigest = s.identity.digest;
  };
  state.timeFrames = (n: number, stepM?: number) => timeFrames(bench, n, stepM);
  state.memory = s.memory;
  state.unload = () => {
    s.unloaded = true;
    obs.dispose();
    s.drawEmpty();
  };
  state.setView = (patch) => {
    Object.assign(params, patch);
  };
  state.aimAtNearestRock = (fovDeg: number, minDiameter = 0) => {
    const rock = obs.view.rocks?.nearestSeated(obs.eye, new Float64Array(3), minDiameter);
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
    obs.view.setRocksVisible(on);
  };
  state.walk = (forward: number, right: number) => {
    obs.walk(forward, right);
  };
  state.setFramePeriod = (ms: number) => {
    s.framePeriod = ms;
  };
}
