// The producer port (ADR-0020): a streamer built on a producer other than the pool schedules,
// cancels, caches and counts exactly as with the pool — the same requests in the same order for the
// same slots — and hands the pool no patch; the persistent cache keys the producers apart.
import { describe, expect, it } from 'vitest';
import { worldDigest } from '@landfall/universe';
import type { PatchPayload, PatchRequest } from '../patch/PatchFormat';
import { NodeKey } from '../quadtree/NodeKey';
import { CancelledError, WorkerPool } from '../pool/WorkerPool';
import { Streamer } from '../stream/Streamer';
import { body, fakePayload, manualPool, view } from '../stream/streamerTestKit';
import { DiskCache } from '../persist/DiskCache';
import { MemoryPatchStore } from '../persist/MemoryPatchStore';
import { MAX_IN_FLIGHT_PER_WORKER, type PatchProducer } from './PatchProducer';

/** A producer of kind 'gpu' whose jobs complete when the test says so; aborts reject at once. */
function manualProducer(slots: number) {
  const pending: { req: PatchRequest; resolve(p: PatchPayload): void }[] = [];
  const asked: PatchRequest[] = [];
  const aborted: PatchRequest[] = [];
  let maxRunning = 0;
  let disposed = 0;
  const producer: PatchProducer = {
    kind: 'gpu',
    slots,
    generate(req, { signal }) {
      asked.push(req);
      return new Promise<PatchPayload>((resolve, reject) => {
        const job = { req, resolve };
        pending.push(job);
        maxRunning = Math.max(maxRunning, pending.length);
        signal?.addEventListener('abort', () => {
          aborted.push(req);
          const i = pending.indexOf(job);
          if (i >= 0) pending.splice(i, 1);
          reject(new CancelledError());
        });
      });
    },
    dispose: () => disposed++,
  };
  const flush = async (n = Infinity) => {
    for (let i = 0; i < n && pending.length > 0; i++) {
      const p = pending.shift() as (typeof pending)[number];
      p.resolve(fakePayload(p.req));
    }
    await new Promise((r) => setTimeout(r, 0));
  };
  return {
    producer,
    asked,
    aborted,
    flush,
    get maxRunning() {
      return maxRunning;
    },
    get disposed() {
      return disposed;
    },
    get running() {
      return pending.length;
    },
  };
}

/** A pool that must not be asked for patches (the producer makes them). */
function idlePool(): WorkerPool {
  return new WorkerPool(
    () => ({
      generate: () => Promise.reject(new Error('the pool was asked for a patch')),
      onDeath() {},
      terminate() {},
    }),
    1,
  );
}

const packed = (r: PatchRequest) => new NodeKey(r.face, r.level, r.x, r.y).packed;

describe('PatchProducer port', { timeout: 60000 }, () => {
  it('a producer of its own: the same requests in the same order as the pool with as many slots, none to the pool', async () => {
    // Two workers × MAX_IN_FLIGHT_PER_WORKER slots on the pool side, each worker handed all its jobs
    // at once (so all run, as all the producer's do), as many slots on the producer's side.
    const slots = 2 * MAX_IN_FLIGHT_PER_WORKER;
    const m = manualPool(2, MAX_IN_FLIGHT_PER_WORKER);
    const viaPool = new Streamer({ body, pool: m.pool, cellPixels: 16, maxLevel: 8 });
    const g = manualProducer(slots);
    const viaProducer = new Streamer({
      body,
      pool: idlePool(),
      producer: g.producer,
      cellPixels: 16,
      maxLevel: 8,
    });
    const v = view(2000, [0, 1000, -200]);
    for (let i = 0; i < 400 && !(viaPool.fixedPoint && viaProducer.fixedPoint); i++) {
      viaPool.update(v);
      viaProducer.update(v);
      // The same completions on both sides: 1, 2 or 3 of the oldest jobs.
      await m.flush(1 + (i % 3));
      await g.flush(1 + (i % 3));
    }
    expect(viaPool.fixedPoint && viaProducer.fixedPoint).toBe(true);
    expect(g.asked.length).toBeGreaterThan(20);
    expect(g.asked.map(packed)).toEqual(m.submitted.map(packed));
    expect(g.maxRunning).toBe(slots);
    const c = viaProducer.counters();
    expect(c.producer).toBe('gpu');
    expect(viaPool.counters().producer).toBe('workers');
    expect(c.generated).toBe(g.asked.length);
    expect(c.failed).toBe(0);
    expect(viaProducer.drawSet().map((d) => d.payload.address)).toEqual(
      viaPool.drawSet().map((d) => d.payload.address),
    );
    viaProducer.dispose();
    expect(g.disposed).toBe(1);
    viaPool.dispose();
  });

  it('cancellation reaches the producer, a cancelled job never becomes resident, dispose aborts the rest', async () => {
    const g = manualProducer(2);
    const s = new Streamer({ body, pool: idlePool(), producer: g.producer, cellPixels: 16, maxLevel: 14 });
    const resident: string[] = [];
    s.on('resident', ({ payload: p }) => resident.push(p.address));
    const a = view(50, [0, 1000, 0]);
    for (let i = 0; i < 40; i++) {
      s.update(a);
      await g.flush();
    }
    s.update(a);
    expect(g.aborted).toHaveLength(0);
    s.update(view(50, [0, -1000, 0]));
    expect(g.aborted.length).toBeGreaterThan(0);
    expect(s.counters().cancelled).toBe(g.aborted.length);
    await g.flush();
    for (const r of g.aborted)
      expect(resident).not.toContain(new NodeKey(r.face, r.level, r.x, r.y).address('luna'));
    // Disposing the streamer aborts every job still with the producer (a queue drops them).
    s.update(view(50, [0, -1000, 0]));
    const running = g.running;
    const before = g.aborted.length;
    expect(running).toBeGreaterThan(0);
    s.dispose();
    expect(g.aborted.length - before).toBe(running);
    expect(g.running).toBe(0);
  });

  it('the persistent cache keys the producers apart and must match the streamer’s producer', () => {
    const levelId = worldDigest(body).levelId;
    const node = { face: 2, level: 9, x: 100, y: 200, body: 'luna' };
    const store = new MemoryPatchStore();
    const workers = new DiskCache(store, { levelId });
    const gpu = new DiskCache(store, { levelId, producer: 'gpu' });
    expect(workers.producer).toBe('workers');
    expect(gpu.nameOf(node)).not.toBe(workers.nameOf(node));
    // The pool's names are what they were before producers had kinds: a warm cache stays warm.
    expect(workers.nameOf(node)).toBe(new DiskCache(store, { levelId, producer: 'workers' }).nameOf(node));
    expect(workers.nameOf(node).endsWith('|lf|2/9/100/200')).toBe(true);
    const g = manualProducer(2);
    expect(
      () =>
        new Streamer({
          body,
          pool: idlePool(),
          producer: g.producer,
          cellPixels: 16,
          maxLevel: 9,
          disk: workers,
        }),
    ).toThrow(/holds workers patches, the producer is gpu/);
  });
});
