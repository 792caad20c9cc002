// Pool behaviour with in-process fake workers (deterministic); real threads: WorkerPool.threads.test.ts.
import { describe, expect, it } from 'vitest';
import type { PatchPayload, PatchRequest } from '../patch/PatchFormat';
import {
  CancelledError,
  JobError,
  MAX_JOB_ATTEMPTS,
  WorkerLostError,
  WorkerPool,
  type WorkerHandle,
} from './WorkerPool';

interface Fake extends WorkerHandle {
  calls: { req: PatchRequest; resolve(p: PatchPayload): void; reject(e: Error): void }[];
  die(): void;
  terminated: boolean;
}

function fakeFactory(made: Fake[], onMake?: (f: Fake) => void) {
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
    onMake?.(f);
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
    const ps = [0, 1, 2].map((x) => pool.generate(req(x)));
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

  it('abort: a queued job never runs; a running job resolves nothing; the reason is the cause', async () => {
    const made: Fake[] = [];
    const pool = new WorkerPool(fakeFactory(made), 1);
    const runningAbort = new AbortController();
    const queuedAbort = new AbortController();
    const a = pool.generate(req(0), { signal: runningAbort.signal });
    const b = pool.generate(req(1), { signal: queuedAbort.signal });
    queuedAbort.abort('not wanted');
    await expect(b).rejects.toBeInstanceOf(CancelledError);
    await expect(b).rejects.toMatchObject({ cause: 'not wanted' });
    runningAbort.abort();
    await expect(a).rejects.toBeInstanceOf(CancelledError);
    let delivered = false;
    void a.then(
      () => (delivered = true),
      () => undefined,
    );
    made[0].calls[0].resolve(payload(0)); // the running job's late answer
    await tick();
    expect(delivered).toBe(false);
    expect(made[0].calls.length).toBe(1); // the queued job never ran
    runningAbort.abort(); // a second abort is harmless
    expect(pool.stats()).toMatchObject({ cancelled: 2, inFlight: 0, queued: 0 });
    // The slot is free again: the next job runs and delivers.
    const c = pool.generate(req(2));
    made[0].calls[1].resolve(payload(2));
    await expect(c).resolves.toMatchObject({ address: 'p2' });
    pool.dispose();
  });

  it('a signal aborted beforehand rejects at once and runs nothing', async () => {
    const made: Fake[] = [];
    const pool = new WorkerPool(fakeFactory(made), 1);
    const gone = new AbortController();
    gone.abort();
    await expect(pool.generate(req(0), { signal: gone.signal })).rejects.toBeInstanceOf(CancelledError);
    await expect(pool.detailFloor('luna', { signal: gone.signal })).rejects.toBeInstanceOf(CancelledError);
    expect(made.length).toBe(0);
    pool.dispose();
  });

  it('a settled job leaves no listener on its signal', async () => {
    const made: Fake[] = [];
    const pool = new WorkerPool(fakeFactory(made), 1);
    const abort = new AbortController();
    let listeners = 0;
    const signal = abort.signal;
    const add = signal.addEventListener.bind(signal);
    const remove = signal.removeEventListener.bind(signal);
    signal.addEventListener = ((...args: Parameters<typeof add>) => {
      listeners++;
      add(...args);
    }) as typeof add;
    signal.removeEventListener = ((...args: Parameters<typeof remove>) => {
      listeners--;
      remove(...args);
    }) as typeof remove;
    const a = pool.generate(req(0), { signal });
    expect(listeners).toBe(1);
    made[0].calls[0].resolve(payload(0));
    await a;
    expect(listeners).toBe(0);
    pool.dispose();
  });

  it('a worker that dies is replaced and its job retried', async () => {
    const made: Fake[] = [];
    const pool = new WorkerPool(fakeFactory(made), 1);
    const a = pool.generate(req(5));
    made[0].die();
    expect(made[0].terminated).toBe(true);
    expect(made.length).toBe(2);
    expect(made[1].calls[0].req.x).toBe(5);
    made[1].calls[0].resolve(payload(5));
    await expect(a).resolves.toMatchObject({ address: 'p5' });
    expect(pool.stats()).toMatchObject({ restarts: 1, retries: 1 });
    pool.dispose();
  });

  it('a job that throws rejects at once with its cause; the worker lives and serves the next', async () => {
    const made: Fake[] = [];
    const pool = new WorkerPool(fakeFactory(made), 1);
    const a = pool.generate(req(7));
    made[0].calls[0].reject(new Error('boom'));
    await expect(a).rejects.toThrow(JobError);
    await expect(a).rejects.toThrow(/failed: boom/);
    expect(pool.stats()).toMatchObject({ restarts: 0, retries: 0, thrown: 1, inFlight: 0 });
    expect(made[0].terminated).toBe(false);
    const b = pool.generate(req(8));
    expect(made.length).toBe(1);
    made[0].calls[1].resolve(payload(8));
    await expect(b).resolves.toMatchObject({ address: 'p8' });
    pool.dispose();
  });

  it('a worker that dies on every attempt: the job fails after MAX_JOB_ATTEMPTS, the pool goes on', async () => {
    const made: Fake[] = [];
    const pool = new WorkerPool(fakeFactory(made), 1);
    const a = pool.generate(req(7));
    for (let i = 0; i < MAX_JOB_ATTEMPTS; i++) made[i].die();
    await expect(a).rejects.toThrow(WorkerLostError);
    await expect(a).rejects.toThrow(/lost on 3 attempts: killed/);
    expect(made.length).toBe(MAX_JOB_ATTEMPTS);
    expect(made.every((m) => m.terminated)).toBe(true);
    expect(pool.stats()).toMatchObject({ restarts: MAX_JOB_ATTEMPTS, retries: MAX_JOB_ATTEMPTS - 1 });
    const b = pool.generate(req(9));
    made[MAX_JOB_ATTEMPTS].calls[0].resolve(payload(9));
    await expect(b).resolves.toMatchObject({ address: 'p9' });
    pool.dispose();
  });

  it('a job past its deadline counts as a death: replaced and retried; a late answer is ignored', async () => {
    const made: Fake[] = [];
    // The replacement answers as soon as it has the job (a microtask after it is made).
    const answer = (f: Fake) => made.length === 2 && queueMicrotask(() => f.calls[0].resolve(payload(3)));
    const pool = new WorkerPool(fakeFactory(made, answer), 1, { jobDeadlineMs: 20 });
    const a = pool.generate(req(3));
    await expect(a).resolves.toMatchObject({ address: 'p3' });
    expect(made.length).toBe(2);
    expect(made[0].terminated).toBe(true);
    expect(pool.stats()).toMatchObject({ restarts: 1, retries: 1, deadlinesMissed: 1 });
    made[0].calls[0].resolve(payload(-1)); // the hung worker's late answer changes nothing
    await tick();
    expect(pool.stats()).toMatchObject({ restarts: 1, inFlight: 0, thrown: 0 });
    expect(() => new WorkerPool(fakeFactory([]), 1, { jobDeadlineMs: 0 })).toThrow(/deadline/);
    pool.dispose();
  });

  it('a detail-floor job on workers without the probe resolves null, no restart', async () => {
    const made: Fake[] = [];
    const pool = new WorkerPool(fakeFactory(made), 1);
    await expect(pool.detailFloor('luna')).resolves.toBeNull();
    expect(pool.stats()).toMatchObject({ restarts: 0, inFlight: 0 });
    const a = pool.generate(req(1));
    made[0].calls[0].resolve(payload(1));
    await expect(a).resolves.toMatchObject({ address: 'p1' });
    pool.dispose();
  });

  it('depth 2: idle workers first, then a second job handed to each; the worker is never empty while one waits', async () => {
    const made: Fake[] = [];
    const pool = new WorkerPool(fakeFactory(made), 2, { depth: 2 });
    const ps = [0, 1, 2, 3, 4].map((x) => pool.generate(req(x)));
    for (const p of ps) p.catch(() => undefined);
    // Both workers get a first job before either gets a second; the fifth waits in the pool.
    expect(made.map((m) => m.calls.map((c) => c.req.x))).toEqual([
      [0, 2],
      [1, 3],
    ]);
    expect(pool.stats()).toMatchObject({ inFlight: 4, queued: 1 });
    // An answer frees one place in that worker; the waiting job goes there at once.
    made[0].calls[0].resolve(payload(0));
    await expect(ps[0]).resolves.toMatchObject({ address: 'p0' });
    expect(made[0].calls.map((c) => c.req.x)).toEqual([0, 2, 4]);
    expect(pool.stats()).toMatchObject({ inFlight: 4, queued: 0 });
    pool.dispose();
    await expect(ps[4]).rejects.toBeInstanceOf(CancelledError);
  });

  it('depth 2: a dying worker uses an attempt of its running job only; the one behind it is retried as new', async () => {
    const made: Fake[] = [];
    const pool = new WorkerPool(fakeFactory(made), 1, { depth: 2 });
    const a = pool.generate(req(1));
    const b = pool.generate(req(2));
    expect(made[0].calls.map((c) => c.req.x)).toEqual([1, 2]);
    // The job in front kills its worker every time: it fails after MAX_JOB_ATTEMPTS deaths.
    for (let i = 0; i < MAX_JOB_ATTEMPTS; i++) {
      expect(made[i].calls[0].req.x).toBe(1);
      made[i].die();
    }
    await expect(a).rejects.toThrow(/lost on 3 attempts/);
    // The job behind it was never run: it is still served, by the next worker.
    const last = made[MAX_JOB_ATTEMPTS];
    expect(last.calls.map((c) => c.req.x)).toEqual([2]);
    last.calls[0].resolve(payload(2));
    await expect(b).resolves.toMatchObject({ address: 'p2' });
    expect(pool.stats()).toMatchObject({ restarts: MAX_JOB_ATTEMPTS, inFlight: 0 });
    pool.dispose();
  });

  it('depth 2: a worker that stops answering after one job is replaced; the job behind goes to the replacement', async () => {
    const made: Fake[] = [];
    // The replacement answers as soon as it has the job (a microtask after it is made).
    const answer = (f: Fake) => made.length === 2 && queueMicrotask(() => f.calls[0].resolve(payload(2)));
    const pool = new WorkerPool(fakeFactory(made, answer), 1, { depth: 2, jobDeadlineMs: 30 });
    const a = pool.generate(req(1));
    const b = pool.generate(req(2));
    made[0].calls[0].resolve(payload(1));
    await expect(a).resolves.toMatchObject({ address: 'p1' });
    await expect(b).resolves.toMatchObject({ address: 'p2' });
    expect(made.length).toBe(2);
    expect(made[0].terminated).toBe(true);
    expect(made[1].calls.map((c) => c.req.x)).toEqual([2]);
    expect(pool.stats()).toMatchObject({ deadlinesMissed: 1, restarts: 1, retries: 1, inFlight: 0 });
    pool.dispose();
  });

  it('rejects bad sizes, and jobs after dispose', async () => {
    expect(() => new WorkerPool(fakeFactory([]), 1, { depth: 0 })).toThrow(/depth/);
    expect(() => new WorkerPool(fakeFactory([]), 0)).toThrow(/worker count/);
    const pool = new WorkerPool(fakeFactory([]), 1);
    pool.dispose();
    await expect(pool.generate(req(1))).rejects.toThrow(/disposed/);
  });
});
