/**
 * `?bench=land` (tools/gpu-check): once the game is ready, runs the scripted landing from the 10 km
 * descent and POSTs one JSON object to same-origin `/__bench` — the landing result (worst frame
 * interval, worst frame work, worst streaming work), frames and wall time, backend and adapter —
 * or `{ ok: false, error }` on any failure, so a driver without a debugging protocol (a Python
 * server beside a headless browser) can read it.
 */
import type { LandingResult } from './Game';

export interface LandBenchTarget {
  land(ticksPerFrame: number): Promise<LandingResult>;
  backend: string;
  gpu: string;
}

let posted = false;

function post(body: Record<string, unknown>): void {
  if (posted) return;
  posted = true;
  console.log(`[bench] ${JSON.stringify(body)}`);
  void fetch('/__bench', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => undefined);
}

/** Reports failures from anywhere on the page as the benchmark's result. */
export function watchBenchErrors(): void {
  const fail = (error: string) =>
    post({ ok: false, error, url: location.search, userAgent: navigator.userAgent });
  window.addEventListener('error', (e) => fail(`window.onerror: ${e.message} (${e.filename}:${e.lineno})`));
  window.addEventListener('unhandledrejection', (e) => fail(`unhandledrejection: ${String(e.reason)}`));
}

/** Runs the landing at `ticksPerFrame` and posts its figures. */
export async function runLandBench(t: LandBenchTarget, ticksPerFrame: number): Promise<void> {
  const t0 = performance.now();
  try {
    const r = await t.land(ticksPerFrame);
    post({
      ok: true,
      ...r,
      ticksPerFrame,
      wallS: (performance.now() - t0) / 1000,
      backend: t.backend,
      gpu: t.gpu,
      url: location.search,
      userAgent: navigator.userAgent,
      hardwareConcurrency: navigator.hardwareConcurrency,
    });
  } catch (err) {
    post({ ok: false, error: err instanceof Error ? err.message : String(err), url: location.search });
  }
}
