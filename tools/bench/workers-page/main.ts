// The streamer's pool in a Chromium page on real module workers (browserWorkerFactory, the real
// worker bundle). Used by `npm run bench -- workers` (with ?reqs=: generates them in one worker and
// publishes each in-worker generation time) and by tools/e2e/poolWorkers.spec.ts (window.__poolPage).
import { WorkerPool, browserWorkerFactory, type PatchRequest, type PoolStats } from '@landfall/streamer';
import { patchWire, type PatchWire } from '../../determinism/patchWire';

export interface KillMidJobResult {
  /** Each job's answer, in the order asked. */
  wires: PatchWire[];
  /** No job had settled and every one was in flight (handed to the worker) when it was terminated. */
  inFlightAtKill: boolean;
  workersStarted: number;
  stats: PoolStats;
}

export interface KillEveryAttemptResult {
  /** How the doomed job rejected. */
  error: string;
  statsAfterFailure: PoolStats;
  /** The next job, once the killing stopped. */
  wire: PatchWire;
  workersStarted: number;
  stats: PoolStats;
}

export interface PoolPage {
  /** Generates `reqs` on `workers` module workers; each payload as its wire (bytes). */
  generate(reqs: PatchRequest[], workers: number): Promise<PatchWire[]>;
  /**
   * One worker handed up to `depth` jobs at once: generates `warm` (the worker is up and idle),
   * then `reqs` together, and terminates the real Worker from outside `killAfterMs` after
   * submitting them; resolves with the jobs' results.
   */
  killMidJob(
    warm: PatchRequest,
    reqs: PatchRequest[],
    killAfterMs: number,
    depth: number,
  ): Promise<KillMidJobResult>;
  /**
   * One worker slot: every worker started while `doomed` runs is terminated from outside
   * `killAfterMs` after its first message (its life-lock answer: the job is about to run); then
   * the killing stops and `next` runs.
   */
  killEveryAttempt(
    doomed: PatchRequest,
    next: PatchRequest,
    killAfterMs: number,
  ): Promise<KillEveryAttemptResult>;
}

declare global {
  interface Window {
    __bench?: { ms: number[]; error?: string };
    __poolPage?: PoolPage;
  }
}

const poolPage: PoolPage = {
  async generate(reqs, workers) {
    const pool = new WorkerPool(browserWorkerFactory(), workers);
    try {
      return (await Promise.all(reqs.map((r) => pool.generate(r)))).map(patchWire);
    } finally {
      pool.dispose();
    }
  },
  async killMidJob(warm, reqs, killAfterMs, depth) {
    const started: Worker[] = [];
    const pool = new WorkerPool(browserWorkerFactory({ onWorker: (w) => started.push(w) }), 1, { depth });
    try {
      await pool.generate(warm);
      let settled = false;
      const jobs = reqs.map((r) => pool.generate(r).finally(() => (settled = true)));
      await new Promise((r) => setTimeout(r, killAfterMs));
      const inFlightAtKill = !settled && pool.stats().inFlight === reqs.length;
      started[0].terminate(); // from outside: the pool is not told
      const wires = (await Promise.all(jobs)).map(patchWire);
      return { wires, inFlightAtKill, workersStarted: started.length, stats: pool.stats() };
    } finally {
      pool.dispose();
    }
  },
  async killEveryAttempt(doomed, next, killAfterMs) {
    const started: Worker[] = [];
    let kill = true;
    const onWorker = (w: Worker) => {
      started.push(w);
      const killLater = () => kill && setTimeout(() => w.terminate(), killAfterMs);
      w.addEventListener('message', killLater, { once: true });
    };
    const pool = new WorkerPool(browserWorkerFactory({ onWorker }), 1);
    try {
      let error = '';
      try {
        await pool.generate(doomed);
      } catch (e) {
        error = String(e);
      }
      const statsAfterFailure = pool.stats();
      kill = false;
      const wire = patchWire(await pool.generate(next));
      return { error, statsAfterFailure, wire, workersStarted: started.length, stats: pool.stats() };
    } finally {
      pool.dispose();
    }
  },
};
window.__poolPage = poolPage;

const reqsParam = new URLSearchParams(location.search).get('reqs');
if (reqsParam !== null) {
  const reqs = JSON.parse(reqsParam) as PatchRequest[];
  const pool = new WorkerPool(browserWorkerFactory(), 1);
  const ms: number[] = [];
  try {
    for (let i = 0; i < reqs.length; i++) ms.push((await pool.generate(reqs[i])).generationMs);
    window.__bench = { ms };
  } catch (e) {
    window.__bench = { ms, error: String(e) };
  }
  pool.dispose();
}
