/**
 * GPU frame-time measurement for the observatory. `timeFrames` renders n frames back to back (no
 * requestAnimationFrame) and waits for the GPU after each, so every figure is CPU + GPU time of one
 * frame. `FrameBench` drives the `bench=frames` URL mode: it records the rAF tick intervals while
 * the streamer works, waits for the streamer's fixed point (or `benchWait` seconds), times 10
 * warm-up frames, 120 still frames (`frames`) and 120 with the eye walking 1 cm a frame
 * (`walking`), and POSTs one JSON object to same-origin `/__bench`
 * (tools/gpu-check/serve.py receives it). Any error — thrown, rejected, or reported in
 * `__landfall.error` — is POSTed as `{ error }` instead. Only the first POST is sent.
 */
import type { WebGPURenderer } from 'three/webgpu';
import type { Observatory } from './Observatory';
import { frameStats, type FrameStats } from './frameStats';
import { gpuInfo, probeAdapters } from '@landfall/render';

export interface FrameTimes extends FrameStats {
  /** Median time spent in `Observatory.frame` alone (CPU side: streamer update + render calls), ms. */
  cpuP50: number;
  /**
   * Mean time per frame of the same n frames submitted back to back with one GPU finish at the end,
   * ms: the frame rate a loop sustains when the CPU's next frame overlaps the GPU's last, as in the
   * app. The per-frame figures (p50 …) finish the GPU after each frame, so they are CPU + GPU.
   */
  pipelinedMs: number;
  /**
   * GPU time of one frame's render passes (shadow, scene, output), from timestamp queries: p50 and
   * p95 over n more frames, each resolved on its own; null where the renderer records none (it
   * does only under `bench=frames`, and only where the adapter offers timestamp queries).
   */
  gpuPassMs: { p50: number; p95: number } | null;
  width: number;
  height: number;
  triangles: number;
  drawn: number;
  /**
   * Draw calls of the last timed frame, shadow pass included: the growth of three's
   * `renderer.info.render.drawCalls` across `Observatory.frame`, read in the same task. three
   * resets that counter at each animation frame of its own loop, so read later it holds whatever
   * was drawn since the last one (several back-to-back timed frames, or none).
   */
  drawCalls: number;
  backend: string;
  gpu: string;
}

export interface FrameBenchTarget {
  obs: Observatory;
  renderer: WebGPURenderer;
  backend: string;
  /** The renderer records GPU timestamps (createRenderer's `timestamps`). */
  timestamps: boolean;
  /** Canvas size in pixels, resizing the renderer if needed (as the tick does). */
  size(): number[];
  /** While paused, the rAF tick draws nothing (so it cannot interleave with timed frames). */
  pause(on: boolean): void;
}

const BENCH_WARMUP_FRAMES = 10;
const BENCH_TIMED_FRAMES = 120;
/** The walking run's step, m per frame (1 cm: the look spec's shimmer walk). */
const BENCH_WALK_STEP_M = 0.01;

/**
 * Times n frames (see FrameTimes). With `stepM`, the eye walks that many metres forward before
 * each frame (a moving eye redraws what a still one keeps, such as the sun's shadow map).
 */
export async function timeFrames(t: FrameBenchTarget, n: number, stepM = 0): Promise<FrameTimes> {
  if (!Number.isInteger(n) || n < 1 || n > 10000)
    throw new Error(`timeFrames: n=${n} is not an integer in [1, 10000]`);
  const gpu = gpuInfo(t.renderer);
  const total = new Float64Array(n);
  const cpu = new Float64Array(n);
  let stats: ReturnType<Observatory['frame']> | undefined;
  let drawCalls = 0;
  const [width, height] = t.size();
  t.pause(true);
  try {
    await gpu.finish();
    for (let i = 0; i < n; i++) {
      if (stepM) t.obs.walk(stepM, 0);
      const calls = t.renderer.info.render.drawCalls;
      const t0 = performance.now();
      stats = t.obs.frame(width, height);
      const t1 = performance.now();
      drawCalls = t.renderer.info.render.drawCalls - calls;
      await gpu.finish();
      total[i] = performance.now() - t0;
      cpu[i] = t1 - t0;
    }
    const p0 = performance.now();
    for (let i = 0; i < n; i++) {
      if (stepM) t.obs.walk(stepM, 0);
      t.obs.frame(width, height);
    }
    await gpu.finish();
    const pipelinedMs = (performance.now() - p0) / n;
    return {
      ...frameStats(total),
      cpuP50: frameStats(cpu).p50,
      pipelinedMs,
      gpuPassMs: t.timestamps ? await gpuPassTimes(t, n, width, height, stepM) : null,
      width,
      height,
      triangles: stats!.triangles,
      drawn: stats!.drawn,
      drawCalls,
      backend: t.backend,
      gpu: gpu.name,
    };
  } finally {
    t.pause(false);
  }
}

/**
 * GPU time of each of n frames' render passes: three sums the timestamp queries of every pass
 * recorded since the last resolve, so one resolve after each finished frame is that frame's.
 */
async function gpuPassTimes(
  t: FrameBenchTarget,
  n: number,
  width: number,
  height: number,
  stepM: number,
): Promise<{ p50: number; p95: number } | null> {
  const gpu = gpuInfo(t.renderer);
  await t.renderer.resolveTimestampsAsync('render');
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    if (stepM) t.obs.walk(stepM, 0);
    t.obs.frame(width, height);
    await gpu.finish();
    const d = await t.renderer.resolveTimestampsAsync('render');
    if (typeof d === 'number' && Number.isFinite(d) && d > 0) ms.push(d);
  }
  if (ms.length === 0) return null;
  const s = frameStats(ms);
  return { p50: s.p50, p95: s.p95 };
}

export class FrameBench {
  private readonly intervals: number[] = [];
  private lastTick = -1;
  private fixedPointSeen = false;
  private posted = false;
  private readonly startedAt = performance.now();

  constructor(private readonly waitMs: number) {
    window.addEventListener('error', (e) =>
      this.fail(`window.onerror: ${e.message} (${e.filename}:${e.lineno})`),
    );
    window.addEventListener('unhandledrejection', (e) =>
      this.fail(`unhandledrejection: ${String(e.reason)}`),
    );
  }

  /** Called by every rAF tick before it draws: records tick intervals until the fixed point. */
  tick(now: number, fixedPoint: boolean): void {
    if (this.fixedPointSeen) return;
    if (this.lastTick >= 0) this.intervals.push(now - this.lastTick);
    this.lastTick = now;
    if (fixedPoint) this.fixedPointSeen = true;
  }

  /** Waits for the fixed point (or the wait limit), times the frames and POSTs the result. */
  async run(t: FrameBenchTarget): Promise<void> {
    const log = (msg: string) =>
      console.info(`[bench] ${((performance.now() - this.startedAt) / 1000).toFixed(1)} s: ${msg}`);
    try {
      log(
        `${t.backend} on ${gpuInfo(t.renderer).name}; waiting for the fixed point (limit ${this.waitMs / 1000} s)`,
      );
      // The app's own fixed point: the first drawn frame at which the streamer had nothing left to do.
      let reached = t.obs.fixedPointMs !== null;
      while (!reached && performance.now() - this.startedAt < this.waitMs) {
        await new Promise((r) => setTimeout(r, 250));
        const err = window.__landfall?.error;
        if (err) throw new Error(`__landfall.error: ${err}`);
        reached = t.obs.fixedPointMs !== null;
      }
      const waitedMs = performance.now() - this.startedAt;
      const streaming = this.intervals.length ? frameStats(this.intervals) : null;
      log(
        reached ? `fixed point after ${t.obs.fixedPointMs?.toFixed(0)} ms` : 'no fixed point; timing anyway',
      );
      const probe = await probeAdapters();
      log(`probe ${JSON.stringify(probe)}; ${BENCH_WARMUP_FRAMES} warm-up frames`);
      const warm = await timeFrames(t, BENCH_WARMUP_FRAMES);
      log(`warm-up p50 ${warm.p50.toFixed(2)} ms; timing ${BENCH_TIMED_FRAMES} frames`);
      const frames = await timeFrames(t, BENCH_TIMED_FRAMES);
      log(
        `p50 ${frames.p50.toFixed(2)} ms p95 ${frames.p95.toFixed(2)} ms at ${frames.width}x${frames.height}`,
      );
      // A failed walking run is named in its place; the still figures are posted either way.
      const walking = await timeFrames(t, BENCH_TIMED_FRAMES, BENCH_WALK_STEP_M).catch((e: unknown) => ({
        error: String(e),
      }));
      log(
        `walking ${BENCH_WALK_STEP_M} m a frame: ${'p50' in walking ? `p50 ${walking.p50.toFixed(2)} ms` : walking.error}`,
      );
      this.post({
        ok: true,
        backend: t.backend,
        gpu: frames.gpu,
        probe,
        fixedPoint: {
          reached,
          fixedPointMs: t.obs.fixedPointMs,
          generated: t.obs.fixedPointGenerated,
          waitedMs,
          waitLimitMs: this.waitMs,
        },
        streamingRafIntervals: streaming,
        warmup: warm,
        frames,
        walking,
        counters: t.obs.streamer.counters(),
        url: location.search,
        userAgent: navigator.userAgent,
        hardwareConcurrency: navigator.hardwareConcurrency,
      });
    } catch (err) {
      this.fail(err instanceof Error ? `${err.message}\n${err.stack ?? ''}` : String(err));
    }
  }

  fail(error: string): void {
    console.error(`[bench] failed: ${error}`);
    this.post({ ok: false, error, url: location.search, userAgent: navigator.userAgent });
  }

  private post(body: Record<string, unknown>): void {
    if (this.posted) return;
    this.posted = true;
    const state = window.__landfall as { bench?: unknown } | undefined;
    if (state) state.bench = body;
    void fetch('/__bench', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  }
}
