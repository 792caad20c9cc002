// The pool on real Node worker_threads, faults made from outside: threads terminated mid-job by
// the test (it holds the real Worker through the factory's onWorker hook), a thread that blocks
// forever (a test-only entry), and a bad request. Results are checked byte for byte against
// generateHeightfield run on this thread, which never touches the worker path.
import { describe, expect, it } from 'vitest';
import type { Worker } from 'node:worker_threads';
import { getBody } from '@landfall/universe';
import { nodeWorkerFactory } from '../node/nodeWorkerFactory';
import { generateHeightfield } from '../patch/generateHeightfield';
import type { PatchPayload, PatchRequest } from '../patch/PatchFormat';
import { surfaceDetailFloor } from '../lod/surfaceDetailFloor';
import { JobError, MAX_JOB_ATTEMPTS, WorkerLostError, WorkerPool } from './WorkerPool';

/** Every field but the timings, typed arrays as their bytes. */
function fields(p: PatchPayload): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(p)) {
    if (k === 'generationMs' || k === 'generationCpuMs') continue;
    out[k] =
      v instanceof ArrayBuffer
        ? new Uint8Array(v)
        : ArrayBuffer.isView(v)
          ? new Uint8Array(v.buffer, v.byteOffset, v.byteLength)
          : v;
  }
  return out;
}

function expectSameBytes(got: PatchPayload, req: PatchRequest): void {
  const truth = generateHeightfield(req);
  expect(got.vertices.byteLength).toBe(101400);
  expect(fields(got)).toEqual(fields(truth));
}

/** A factory that records every thread it starts. */
function recording(threads: Worker[], onWorker?: (w: Worker) => void) {
  return nodeWorkerFactory({
    onWorker(w) {
      threads.push(w);
      onWorker?.(w);
    },
  });
}

const exited = (w: Worker) => new Promise<number>((r) => w.once('exit', r));
// Level 0 takes ~0.3 s on this thread: long enough for a kill to land while it is generated.
const coarse: PatchRequest = { body: 'luna', face: 1, level: 0, x: 0, y: 0 };
const fine: PatchRequest = { body: 'mars', face: 4, level: 6, x: 20, y: 33 };

describe('WorkerPool on real worker_threads', () => {
  it('a bad request rejects at once with its cause; no restart, the same thread serves on', async () => {
    const threads: Worker[] = [];
    const pool = new WorkerPool(recording(threads), 1);
    expectSameBytes(await pool.generate(fine), fine);
    const bad = pool.generate({ body: 'vulcan', face: 0, level: 0, x: 0, y: 0 });
    await expect(bad).rejects.toThrow(JobError);
    await expect(bad).rejects.toThrow(/unknown body/);
    expect(pool.stats()).toMatchObject({ restarts: 0, retries: 0, thrown: 1 });
    expectSameBytes(await pool.generate(coarse), coarse);
    expect(threads.length).toBe(1);
    // The detail-floor probe in a worker thread equals the one on this thread, to the bit.
    const probed = await pool.detailFloor('miranda');
    const here = surfaceDetailFloor(getBody('miranda'));
    expect(probed?.maxLevel).toBe(here.maxLevel);
    expect(Object.is(probed?.detailFloorM, here.detailFloorM)).toBe(true);
    expect(Array.from(probed?.deviation ?? [])).toEqual(Array.from(here.deviation));
    expect(pool.stats().restarts).toBe(0);
    pool.dispose();
  }, 60_000);

  it('a thread terminated from outside mid-job: the job completes on a replacement, same bytes', async () => {
    const threads: Worker[] = [];
    const pool = new WorkerPool(recording(threads), 1);
    await pool.generate(fine); // the thread is up and idle
    let settled = false;
    const job = pool.generate(coarse).finally(() => (settled = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(settled).toBe(false);
    expect(pool.stats().inFlight).toBe(1);
    expect(await threads[0].terminate()).toBe(1); // killed from outside, not through the pool
    expectSameBytes(await job, coarse);
    expect(threads.length).toBe(2);
    expect(pool.stats()).toMatchObject({ restarts: 1, retries: 1, thrown: 0, deadlinesMissed: 0 });
    pool.dispose();
  }, 60_000);

  it('depth 2: a thread terminated from outside holding two jobs: both complete on a replacement, same bytes', async () => {
    const threads: Worker[] = [];
    const pool = new WorkerPool(recording(threads), 1, { depth: 2 });
    await pool.generate(fine); // the thread is up and idle
    const a = pool.generate(coarse);
    const b = pool.generate(fine);
    await new Promise((r) => setTimeout(r, 50));
    expect(pool.stats()).toMatchObject({ inFlight: 2, queued: 0 }); // both handed to the thread
    expect(await threads[0].terminate()).toBe(1); // killed from outside, not through the pool
    expectSameBytes(await a, coarse);
    expectSameBytes(await b, fine);
    expect(threads.length).toBe(2);
    expect(pool.stats()).toMatchObject({ restarts: 1, retries: 2, thrown: 0 });
    pool.dispose();
  }, 60_000);

  it('a thread killed on every attempt: rejects after MAX_JOB_ATTEMPTS, then the pool serves on', async () => {
    const threads: Worker[] = [];
    let kill = true;
    const pool = new WorkerPool(
      recording(threads, (w) => {
        if (kill) w.once('online', () => setTimeout(() => void w.terminate(), 20));
      }),
      1,
    );
    const doomed = pool.generate(coarse);
    await expect(doomed).rejects.toThrow(WorkerLostError);
    await expect(doomed).rejects.toThrow(/lost on 3 attempts: worker exited with code 1/);
    expect(threads.length).toBe(MAX_JOB_ATTEMPTS);
    expect(pool.stats()).toMatchObject({ restarts: MAX_JOB_ATTEMPTS, retries: MAX_JOB_ATTEMPTS - 1 });
    kill = false;
    expectSameBytes(await pool.generate(fine), fine);
    expect(threads.length).toBe(MAX_JOB_ATTEMPTS + 1);
    expect(pool.stats().restarts).toBe(MAX_JOB_ATTEMPTS);
    pool.dispose();
  }, 60_000);

  it('a hung thread is replaced after its deadline and the job completes', async () => {
    let hungExit: Promise<number> | null = null;
    const hung = nodeWorkerFactory({
      entry: new URL('../node/hungWorkerEntry.ts', import.meta.url),
      onWorker: (w) => (hungExit = exited(w)),
    });
    const threads: Worker[] = [];
    const real = recording(threads);
    let made = 0;
    // Slot 1 is real, slot 2 hangs. 20 s: far above a thread boot plus one patch here even at a
    // load average of 20 (≤ 8 s seen), so only the hung thread misses it; far below the 90 s limit.
    const pool = new WorkerPool(() => (made++ === 1 ? hung() : real()), 2, { jobDeadlineMs: 20_000 });
    await pool.generate(coarse); // slot 1 is up and idle
    const busy = pool.generate(coarse); // takes slot 1
    const stuck = pool.generate(fine); // starts slot 2: the hung thread
    expectSameBytes(await busy, coarse);
    expectSameBytes(await stuck, fine); // retried on slot 1 once the deadline ended slot 2
    expect(pool.stats()).toMatchObject({ restarts: 1, retries: 1, deadlinesMissed: 1, thrown: 0 });
    expect(await hungExit).toBe(1); // the pool terminated the hung thread
    expect(threads.length).toBe(1); // the retry ran on the warm real thread
    pool.dispose();
  }, 90_000);
});
