// Failed nodes are asked for again after a back-off (issue 11). Through the real pool and the real
// generator (an in-process handle running the worker's own method table): a node whose job fails
// its first attempts still reaches the fixed point, and the counters show the failures and the
// retry; a node that always fails is given up on after RETRY_MAX_ATTEMPTS jobs and the fixed point
// names why it is not reached. These hold whichever way the pool reports a failed job (retrying it
// inside first, or rejecting at once): either way the streamer sees a non-cancelled rejection.
import { describe, expect, it } from 'vitest';
import { getBody } from '@landfall/universe';
import { createWorkerApi } from '../worker/workerApi';
import { MAX_JOB_ATTEMPTS, WorkerPool, type WorkerHandle } from '../pool/WorkerPool';
import type { PatchRequest } from '../patch/PatchFormat';
import { NodeKey } from '../quadtree/NodeKey';
import { Streamer } from './Streamer';
import { lookAtView } from './lookAtView';
import type { FixedPointBlocker } from './StreamerCounters';
import { RETRY_BASE_MS, RETRY_MAX_ATTEMPTS, RETRY_MAX_MS, RetryBook } from './RetryBook';

const body = getBody('miranda');
const r = body.radius + 2000;
const view = lookAtView({
  eye: [r, 0, 0],
  target: [r, 100, 20],
  up: [1, 0, 0],
  fovY: 1,
  width: 320,
  height: 180,
});
const keyOf = (q: PatchRequest) => new NodeKey(q.face, q.level, q.x, q.y).packed;

/**
 * A pool of in-process handles on the worker's method table. The first level-`level` node asked
 * for is the victim: its first `fails` jobs reject as a dying worker's would.
 */
function faultyPool(level: number, fails: number) {
  const api = createWorkerApi();
  let victim = -1;
  let failed = 0;
  const pool = new WorkerPool(
    (): WorkerHandle => ({
      generate: (req) =>
        new Promise((resolve, reject) =>
          setImmediate(() => {
            if (victim < 0 && req.level === level) victim = keyOf(req);
            if (keyOf(req) === victim && failed < fails) {
              failed++;
              reject(new Error('worker died'));
            } else resolve(api.generate(req));
          }),
        ),
      onDeath() {},
      terminate() {},
    }),
    2,
  );
  return { pool, victim: () => victim, failed: () => failed };
}

interface Seen {
  blockers: Set<FixedPointBlocker>;
  /** Most nodes waiting for a back-off at once. */
  maxWaiting: number;
}
const seen = (): Seen => ({ blockers: new Set(), maxWaiting: 0 });

/** Updates with a simulated clock (100 ms per update) until the fixed point or `max` updates. */
async function settle(s: Streamer, clock: { ms: number }, max: number, seen: Seen) {
  for (let i = 0; i < max && !s.fixedPoint; i++) {
    s.update(view);
    const c = s.counters();
    seen.blockers.add(c.fixedPointBlocker);
    seen.maxWaiting = Math.max(seen.maxWaiting, c.retryWaiting);
    clock.ms += 100;
    await new Promise((res) => setTimeout(res, 1));
  }
}

describe('retry after a failed job', { timeout: 120000 }, () => {
  it('a node that fails its first attempts is retried and the fixed point is reached', async () => {
    // More failures than the pool's own attempts, so the streamer sees at least one rejection
    // however the pool retries; fewer than RETRY_MAX_ATTEMPTS, so the node is never given up.
    const fails = RETRY_MAX_ATTEMPTS - 1;
    expect(MAX_JOB_ATTEMPTS).toBeLessThanOrEqual(fails);
    const f = faultyPool(3, fails);
    const clock = { ms: 0 };
    const s = new Streamer({ body, pool: f.pool, cellPixels: 16, maxLevel: 4, now: () => clock.ms });
    const resident = new Set<number>();
    s.on('resident', ({ payload: p }) => resident.add(new NodeKey(p.face, p.level, p.x, p.y).packed));
    const w = seen();
    await settle(s, clock, 2000, w);
    const c = s.counters();
    s.dispose();
    expect(f.failed()).toBe(fails);
    expect(s.fixedPoint).toBe(true);
    expect(c.fixedPointBlocker).toBe('none');
    expect(resident.has(f.victim()), 'the failed node became resident').toBe(true);
    expect(c.failed).toBeGreaterThanOrEqual(1);
    expect(c.retried).toBe(c.failed);
    expect(c.givenUp).toBe(0);
    expect(w.maxWaiting).toBe(1);
  });

  it('a node that always fails is given up on after RETRY_MAX_ATTEMPTS jobs, and says so', async () => {
    const f = faultyPool(3, Infinity);
    const clock = { ms: 0 };
    const s = new Streamer({ body, pool: f.pool, cellPixels: 16, maxLevel: 4, now: () => clock.ms });
    const w = seen();
    // The whole back-off schedule is < RETRY_MAX_ATTEMPTS × RETRY_MAX_MS = 480 updates of 100 ms.
    await settle(s, clock, 800, w);
    const c = s.counters();
    s.dispose();
    expect(s.fixedPoint).toBe(false);
    expect(c.failed).toBe(RETRY_MAX_ATTEMPTS);
    expect(c.retried).toBe(RETRY_MAX_ATTEMPTS - 1);
    expect(c.givenUp).toBe(1);
    expect(c.fixedPointBlocker).toBe('failed');
    expect(w.blockers.has('retryWaiting')).toBe(true); // the tree was done while it waited
    expect(c.starved).toBeGreaterThan(0); // its parent is drawn in its place
  });
});

describe('RetryBook', () => {
  it('backs off exponentially up to RETRY_MAX_MS, gives up at RETRY_MAX_ATTEMPTS, forgets on success', () => {
    const b = new RetryBook();
    let now = 0;
    const waits: number[] = [];
    for (let i = 1; i < RETRY_MAX_ATTEMPTS; i++) {
      expect(b.fail(7, now)).toBe(false);
      let t = now;
      while (b.blocked(7, t)) t += 1;
      waits.push(t - now);
      now = t;
    }
    // Independent schedule: base, doubling, capped.
    const expected = waits.map((_, i) => Math.min(RETRY_MAX_MS, RETRY_BASE_MS * [1, 2, 4, 8, 16, 32, 64][i]));
    expect(waits).toEqual(expected);
    expect(b.fail(7, now)).toBe(true);
    expect(b.blocked(7, now + 1e12)).toBe(true);
    expect(b.givenUpCount).toBe(1);
    b.succeeded(7);
    expect(b.givenUpCount).toBe(0);
    expect(b.blocked(7, now)).toBe(false);
    expect(b.size).toBe(0);
  });
});
