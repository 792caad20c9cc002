// The in-process worker (the main-thread fallback's pool): through the real pool it returns what
// the generator returns (truth: `generateHeightfield` called here), one job per later macrotask
// (never inside the caller's task), a bad request rejects with its cause and the handle serves the
// next job, a terminated handle starts nothing, and it answers the detail-floor probe itself (so a
// streamer over it never probes on the calling thread's update path).
import { describe, expect, it } from 'vitest';
import { getBody } from '@landfall/universe';
import { generateHeightfield } from '../patch/generateHeightfield';
import type { PatchRequest } from '../patch/PatchFormat';
import { surfaceDetailFloor } from '../lod/surfaceDetailFloor';
import { inProcessWorkerFactory } from './inProcessWorkerFactory';
import { JobError, WorkerPool } from './WorkerPool';

const req: PatchRequest = { body: 'miranda', face: 2, level: 3, x: 5, y: 1 };
const macrotask = () => new Promise((r) => setTimeout(r, 5));

describe('inProcessWorkerFactory', () => {
  it('returns the generator’s payload through the pool', async () => {
    const pool = new WorkerPool(inProcessWorkerFactory(), 1);
    const got = await pool.generate(req);
    const want = generateHeightfield(req);
    expect(got.address).toBe(want.address);
    expect(new Uint8Array(got.vertices)).toEqual(new Uint8Array(want.vertices));
    expect(Array.from(got.anchor)).toEqual(Array.from(want.anchor));
    expect(Array.from(got.edgeBounds)).toEqual(Array.from(want.edgeBounds));
    pool.dispose();
  });

  it('runs a job in a later macrotask, not in the caller’s task', async () => {
    const handle = inProcessWorkerFactory()();
    let settled = false;
    const job = handle.generate(req).then(() => (settled = true));
    // Every microtask queued so far runs; a job run in this task would have settled by now.
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(settled).toBe(false);
    await job;
    expect(settled).toBe(true);
    handle.terminate();
  });

  it('rejects a bad request with its cause and serves the next job', async () => {
    const pool = new WorkerPool(inProcessWorkerFactory(), 1);
    const bad = pool.generate({ ...req, level: 3, x: 8 });
    await expect(bad).rejects.toBeInstanceOf(JobError);
    await expect(bad).rejects.toThrow(/outside level 3/);
    const next = await pool.generate(req);
    expect(next.address).toBe(generateHeightfield(req).address);
    expect(pool.stats().restarts).toBe(0);
    pool.dispose();
  });

  it('starts no job once terminated', async () => {
    const handle = inProcessWorkerFactory()();
    let settled = false;
    void handle.generate(req).then(
      () => (settled = true),
      () => (settled = true),
    );
    handle.terminate();
    await macrotask();
    await macrotask();
    expect(settled).toBe(false);
  });

  it('answers the detail-floor probe in the handle', async () => {
    const pool = new WorkerPool(inProcessWorkerFactory(), 1);
    const got = await pool.detailFloor('miranda');
    // null would mean "no probe in the workers": the streamer would probe on its own thread.
    expect(got).not.toBeNull();
    const want = surfaceDetailFloor(getBody('miranda'));
    expect(got?.maxLevel).toBe(want.maxLevel);
    expect(got?.detailFloorM).toBe(want.detailFloorM);
    pool.dispose();
  }, 60000);
});
