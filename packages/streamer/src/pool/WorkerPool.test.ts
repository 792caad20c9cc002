// Pool behaviour with in-process fake workers (deterministic), plus one real worker_threads run.
import { describe, expect, it } from 'vitest';
import type { PatchPayload, PatchRequest } from '../patch/PatchFormat';
import { createNodePool } from '../node';
import { getBody } from '@landfall/universe';
import { surfaceDetailFloor } from '../lod/surfaceDetailFloor';
import { CancelledError, MAX_JOB_ATTEMPTS, WorkerPool, type WorkerHandle } from './WorkerPool';

interface Fake extends WorkerHandle {
  calls: { req: PatchRequest; resolve(p: PatchPayload): void; reject(e: Error): void }[];
  die(): void;
  terminated: boolean;
}

function fakeFactory(made: Fake[]) {
  return (): WorkerHandle => {
    let death: ((e: Error) => void) | null = null;
    const f: Fake = {
      calls: [],
      terminated: false,
      generate(req) {
        return new Promise<PatchPayload>((resolve, reject) => f.calls.push({ req, resolve, reject }));
      },
      onDeath(cb) {
        death = cb;
      },
      terminate() {
        f.terminated = true;
      },
      die() {
        death?.(new Error('killed'));
      },
    };
    made.push(f);
    return f;
  };
}

const req = (x: number): PatchRequest => ({ body: 'luna', face: 0, level: 3, x, y: 0 });
const payload = (x: number) => ({ address: `p${x}` }) as PatchPayload;
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('WorkerPool', () => {
  it('runs at most `size` jobs at once, FIFO, creating workers lazily', async () => {
    const made: Fake[] = [];
    const pool = new WorkerPool(fakeFactory(made), 2);
    expect(made.length).toBe(0);
    const ps = [0, 1, 2].map((x) => pool.generate(req(x), x));
    ps[2].catch(() => undefined);
    expect(made.length).toBe(2);
    expect(pool.stats()).toMatchObject({ inFlight: 2, queued: 1 });
    made[0].calls[0].resolve(payload(0));
    await expect(ps[0]).resolves.toMatchObject({ address: 'p0' });
    await tick();
    expect(made[0].calls[1].req.x).toBe(2);
    pool.dispose();
    await expect(ps[1]).rejects.toBeInstanceOf(CancelledError);
    expect(made.every((m) => m.terminated)).toBe(true);
  });

  it('cancel: a queued job never runs; a running job resolves nothing', async () => {
    const made: Fake[] = [];
    const pool = new WorkerPool(fakeFactory(made), 1);
    const a = pool.generate(req(0), 1);
    const b = pool.generate(req(1), 2);
    expect(pool.cancel(2)).toBe(true);
    await expect(b).rejects.toBeInstanceOf(CancelledError);
    expect(pool.cancel(1)).toBe(true);
    await expect(a).rejects.toBeInstanceOf(CancelledError);
    made[0].calls[0].resolve(payload(0));
    await tick();
    expect(made[0].calls.length).toBe(1);
    expect(pool.cancel(1)).toBe(false);
    expect(pool.stats().cancelled).toBe(2);
    pool.dispose();
  });

  it('a worker that dies is replaced and its job retried', async () => {
    const made: Fake[] = [];
    const pool = new WorkerPool(fakeFactory(made), 1);
    const a = pool.generate(req(5), 1);
    made[0].die();
    expect(made[0].terminated).toBe(true);
    expect(made.length).toBe(2);
    expect(made[1].calls[0].req.x).toBe(5);
    made[1].calls[0].resolve(payload(5));
    await expect(a).resolves.toMatchObject({ address: 'p5' });
    expect(pool.stats()).toMatchObject({ restarts: 1, retries: 1 });
    pool.dispose();
  });

  it('a worker that throws is replaced; after MAX_JOB_ATTEMPTS the job fails with the cause', async () => {
    const made: Fake[] = [];
    const pool = new WorkerPool(fakeFactory(made), 1);
    const a = expect(pool.generate(req(7), 1)).rejects.toThrow(/failed 3 times: boom/);
    for (let i = 0; i < MAX_JOB_ATTEMPTS; i++) {
      made[i].calls[0].reject(new Error('boom'));
      await tick();
    }
    await a;
    expect(made.length).toBe(MAX_JOB_ATTEMPTS);
    expect(made.every((m) => m.terminated)).toBe(true);
    pool.dispose();
  });

  it('a detail-floor job on workers without the probe resolves null, no restart', async () => {
    const made: Fake[] = [];
    const pool = new WorkerPool(fakeFactory(made), 1);
    await expect(pool.detailFloor('luna', 9)).resolves.toBeNull();
    expect(pool.stats()).toMatchObject({ restarts: 0, inFlight: 0 });
    const a = pool.generate(req(1), 1);
    made[0].calls[0].resolve(payload(1));
    await expect(a).resolves.toMatchObject({ address: 'p1' });
    pool.dispose();
  });

  it('rejects bad sizes and duplicate ids', async () => {
    expect(() => new WorkerPool(fakeFactory([]), 0)).toThrow(/worker count/);
    const pool = new WorkerPool(fakeFactory([]), 1);
    void pool.generate(req(0), 1).catch(() => undefined);
    await expect(pool.generate(req(1), 1)).rejects.toThrow(/already/);
    pool.dispose();
  });

  it('real worker_threads: generates a patch, and a throwing job is retried then fails', async () => {
    const pool = createNodePool(1);
    const p = await pool.generate({ body: 'luna', face: 2, level: 5, x: 3, y: 30 }, 1);
    expect(p.address).toBe('luna/f2/q22231');
    expect(p.vertices.byteLength).toBe(101400);
    // The worker's own thread clock (Linux): it ran, and a thread cannot run longer than the wall
    // time around it (+1 ms: the two clocks are read a few microseconds apart).
    if (process.platform === 'linux') {
      expect(p.generationCpuMs).toBeGreaterThan(0);
      expect(p.generationCpuMs).toBeLessThanOrEqual(p.generationMs + 1);
    }
    await expect(pool.generate({ body: 'vulcan', face: 0, level: 0, x: 0, y: 0 }, 2)).rejects.toThrow(
      /unknown body/,
    );
    expect(pool.stats().restarts).toBe(MAX_JOB_ATTEMPTS);
    // The detail-floor probe in a worker thread equals the one on this thread, to the bit.
    const probed = await pool.detailFloor('miranda', 3);
    expect(probed).not.toBeNull();
    const f = probed as NonNullable<typeof probed>;
    const here = surfaceDetailFloor(getBody('miranda'));
    expect(f.maxLevel).toBe(here.maxLevel);
    expect(Object.is(f.detailFloorM, here.detailFloorM)).toBe(true);
    expect(Array.from(f.deviation)).toEqual(Array.from(here.deviation));
    pool.dispose();
  }, 60000);
});
