// Scheduling, cancellation, prefetch and eviction with an in-process pool whose jobs complete only
// when the test says so (stand-in payloads, deterministic timing: streamerTestKit.ts).
import { describe, expect, it } from 'vitest';
import { getBody } from '@landfall/universe';
import type { PatchPayload, PatchRequest } from '../patch/PatchFormat';
import { NodeKey } from '../quadtree/NodeKey';
import { Streamer } from './Streamer';
import { MAX_IN_FLIGHT_PER_WORKER } from '../produce/PatchProducer';
import { NODE_TABLE_SLACK } from '../lod/Selector';
import { WorkerPool } from '../pool/WorkerPool';
import { surfaceDetailFloor, type DetailFloor } from '../lod/surfaceDetailFloor';
import { PROVISIONAL_MAX_LEVEL } from './detailFloorSource';
import { lookAtView } from './lookAtView';
import type { ViewState } from './ViewState';
import { body, fakePayload, manualPool, view } from './streamerTestKit';

const R = body.radius;

const key = (r: PatchRequest) => new NodeKey(r.face, r.level, r.x, r.y).packed;

async function run(
  s: Streamer,
  v: ViewState,
  flush: (n?: number) => Promise<void>,
  max = 400,
): Promise<void> {
  for (let i = 0; i < max; i++) {
    s.update(v);
    if (s.fixedPoint) return;
    await flush();
  }
}

describe('Streamer scheduling', { timeout: 60000 }, () => {
  it('requests the pyramid coarsest first then nearest, de-duplicated, within the in-flight cap', async () => {
    const m = manualPool(2);
    const s = new Streamer({ body, pool: m.pool, cellPixels: 16, maxLevel: 7 });
    const v = view(3000, [0, 1000, -300]);
    const resident = new Set<number>();
    s.on('resident', ({ payload: p }) => resident.add(new NodeKey(p.face, p.level, p.x, p.y).packed));
    let maxInFlight = 0;
    for (let i = 0; i < 400 && !s.fixedPoint; i++) {
      const before = m.submitted.length;
      s.update(v);
      const batch = m.submitted.slice(before);
      for (const r of batch) {
        const k = NodeKey.fromPacked(key(r));
        const parent = k.parent();
        // Ancestor pyramid: a node is requested only once its parent is resident.
        if (parent) expect(resident.has(parent.packed), `${k} before its parent`).toBe(true);
      }
      for (let j = 1; j < batch.length; j++)
        expect(batch[j].level).toBeGreaterThanOrEqual(batch[j - 1].level);
      expect(m.pending.length).toBeLessThanOrEqual(2);
      maxInFlight = Math.max(maxInFlight, s.counters().inFlight);
      await m.flush(1 + (i % 3));
    }
    expect(s.fixedPoint).toBe(true);
    expect(maxInFlight).toBeLessThanOrEqual(2 * MAX_IN_FLIGHT_PER_WORKER);
    expect(maxInFlight).toBe(2 * MAX_IN_FLIGHT_PER_WORKER);
    const keys = m.submitted.map(key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(s.counters().generated).toBe(keys.length);
    expect(Math.max(...m.submitted.map((r) => r.level))).toBe(7);
  });

  it('cancels jobs nobody wants any more; a cancelled job never reaches the cache', async () => {
    const m = manualPool(1);
    const cancelled: PatchRequest[] = [];
    const gen = m.pool.generate.bind(m.pool);
    m.pool.generate = (req, options) => {
      options?.signal?.addEventListener('abort', () => cancelled.push(req));
      return gen(req, options);
    };
    const s = new Streamer({ body, pool: m.pool, cellPixels: 16, maxLevel: 14 });
    const resident: string[] = [];
    s.on('resident', ({ payload: p }) => resident.push(p.address));
    const a = view(50, [0, 1000, 0]);
    for (let i = 0; i < 40; i++) {
      s.update(a);
      await m.flush();
    }
    // Leave the next jobs running or queued, then look the other way.
    s.update(a);
    expect(m.pending.length).toBe(1);
    const b = view(50, [0, -1000, 0]);
    s.update(b);
    expect(cancelled.length).toBeGreaterThan(0);
    expect(s.counters().cancelled).toBe(cancelled.length);
    // The running one (if cancelled) completes now; its result must be dropped.
    await m.flush();
    for (let i = 0; i < 5; i++) s.update(b);
    for (const r of cancelled)
      expect(resident).not.toContain(new NodeKey(r.face, r.level, r.x, r.y).address('luna'));
  });

  it('a settled job hands its slot to the next waiting request at once, not at the next update', async () => {
    const m = manualPool(1);
    // What the streamer hands the pool (the pool itself queues one job behind the running one).
    const asked: PatchRequest[] = [];
    const gen = m.pool.generate.bind(m.pool);
    m.pool.generate = (req, options) => {
      asked.push(req);
      return gen(req, options);
    };
    const s = new Streamer({ body, pool: m.pool, cellPixels: 16, maxLevel: 9 });
    const v = view(1500, [0, 1000, -100]);
    // Run until an update leaves requests waiting for a slot.
    for (let i = 0; i < 60 && s.counters().queued === 0; i++) {
      s.update(v);
      if (s.counters().queued === 0) await m.flush();
    }
    const c = s.counters();
    expect(c.queued).toBeGreaterThan(0);
    expect(c.inFlight).toBe(MAX_IN_FLIGHT_PER_WORKER);
    // Complete the running job and let its settlement run, with no update in between.
    const before = asked.length;
    await m.flush(1);
    const next = asked.slice(before);
    expect(next).toHaveLength(1);
    expect(asked.slice(0, before).map(key)).not.toContain(key(next[0]));
    // The streamer still reaches its fixed point asking for each node once.
    await run(s, v, m.flush);
    expect(s.fixedPoint).toBe(true);
    const keys = asked.map(key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('prefetches along the velocity', async () => {
    const gen = async (vel?: number[]) => {
      const m = manualPool(2);
      const s = new Streamer({ body, pool: m.pool, cellPixels: 16, maxLevel: 9 });
      await run(s, view(1500, [0, 1000, -100], vel), m.flush);
      expect(s.fixedPoint).toBe(true);
      return s.counters().generated;
    };
    const still = await gen();
    const moving = await gen([0, 40000, 0]);
    expect(moving).toBeGreaterThan(still);
  });

  it('eviction keeps the draw set and its ancestors and stays near the budget', async () => {
    const m = manualPool(2);
    const s = new Streamer({ body, pool: m.pool, cellPixels: 16, maxLevel: 8, maxPatches: 60 });
    const resident = new Map<string, PatchPayload>();
    s.on('resident', ({ payload: p }) => resident.set(p.address, p));
    s.on('evicted', ({ payload: p }) => resident.delete(p.address));
    for (const look of [
      [0, 1000, 0],
      [0, 0, 1000],
      [0, -1000, 0],
      [0, 0, -1000],
    ]) {
      await run(s, view(2500, look), m.flush);
      expect(s.fixedPoint).toBe(true);
      for (const d of s.drawSet()) {
        let k: NodeKey | null = NodeKey.fromAddress(d.payload.address);
        for (; k; k = k.parent()) expect(resident.has(k.address('luna')), `${k} evicted`).toBe(true);
      }
    }
    const c = s.counters();
    expect(c.evicted).toBeGreaterThan(0);
    expect(c.resident).toBe(resident.size);
    // Eviction runs after each update's arrivals, so the cache ends within its cap unless the
    // protected set (draw set, ancestors, starved nodes' children) alone exceeds it; 16 patches
    // bound that excess for these four views (ADR-0010: the cache stays over rather than strobe).
    expect(c.resident).toBeLessThanOrEqual(60 + 16);
  });

  it('probes the detail floor in a worker; until it arrives refines no deeper than the provisional cap', async () => {
    // Miranda: a body no other test in this file probes (the floor is cached per body per page).
    const miranda = getBody('miranda');
    const m = manualPool(2);
    let resolveFloor: ((f: DetailFloor) => void) | null = null;
    const asked: string[] = [];
    const pool = new WorkerPool(
      () => ({
        generate: (req) => new Promise<PatchPayload>((resolve) => m.pending.push({ req, resolve })),
        detailFloor(id) {
          asked.push(id);
          return new Promise<DetailFloor>((resolve) => (resolveFloor = resolve));
        },
        onDeath() {},
        terminate() {},
      }),
      2,
    );
    const s = new Streamer({ body: miranda, pool, cellPixels: 16 });
    expect(asked).toEqual(['miranda']);
    expect(s.maxLevel).toBe(PROVISIONAL_MAX_LEVEL);
    expect(Number.isNaN(s.detailFloor)).toBe(true);
    const eye = [miranda.radius + 2, 0, 0];
    const v = lookAtView({ eye, target: [eye[0], 100, 10], up: [1, 0, 0], fovY: 1, width: 640, height: 360 });
    const levels: number[] = [];
    s.on('resident', ({ payload: p }) => levels.push(p.level));
    for (let i = 0; i < 300; i++) {
      s.update(v);
      await m.flush();
    }
    // Streams the coarse pyramid meanwhile, never past the provisional cap, and never settles.
    expect(Math.max(...levels)).toBe(PROVISIONAL_MAX_LEVEL);
    expect(s.fixedPoint).toBe(false);
    const f = surfaceDetailFloor(miranda);
    expect(f.maxLevel).toBeGreaterThan(PROVISIONAL_MAX_LEVEL);
    (resolveFloor as unknown as (f: DetailFloor) => void)(f);
    await new Promise((r) => setTimeout(r, 0));
    expect(s.maxLevel).toBe(f.maxLevel);
    expect(s.detailFloor).toBe(f.detailFloorM);
    for (let i = 0; i < 2000 && !s.fixedPoint; i++) {
      s.update(v);
      await m.flush();
    }
    expect(s.fixedPoint).toBe(true);
    expect(Math.max(...levels)).toBe(f.maxLevel);
    // A second streamer of the same body starts with the cached floor: no probe, no provisional cap.
    const again = new Streamer({ body: miranda, pool: manualPool(1).pool, cellPixels: 16 });
    expect(again.maxLevel).toBe(f.maxLevel);
    expect(asked).toEqual(['miranda']);
  });

  it('workers without the probe: the floor is probed here instead, and the cap becomes final', async () => {
    // Europa: probed by no other test in this file (the floor is cached per body per page).
    const europa = getBody('europa');
    const m = manualPool(1);
    const s = new Streamer({ body: europa, pool: m.pool, cellPixels: 16 });
    expect(s.maxLevel).toBe(PROVISIONAL_MAX_LEVEL);
    await new Promise((r) => setTimeout(r, 0));
    expect(s.maxLevel).toBe(surfaceDetailFloor(europa).maxLevel);
    expect(Number.isFinite(s.detailFloor)).toBe(true);
  });
});

describe('Streamer memory', { timeout: 120000 }, () => {
  it('its node table is bounded by the working set, not by the distance flown', async () => {
    const m = manualPool(2);
    const s = new Streamer({ body, pool: m.pool, cellPixels: 16, maxLevel: 12, maxPatches: 60 });
    const resident = new Set<number>();
    s.on('resident', ({ payload: p }) => resident.add(new NodeKey(p.face, p.level, p.x, p.y).packed));
    s.on('evicted', ({ payload: p }) => resident.delete(new NodeKey(p.face, p.level, p.x, p.y).packed));
    let evicted = 0;
    s.on('evicted', () => evicted++);
    // The working set as this test sees it: resident and in-flight nodes, closed under parent(),
    // the six roots, and the children of starved nodes (protected while they are wanted).
    const workingSet = (): number => {
      const seen = new Set<number>();
      const add = (k: NodeKey | null) => {
        for (; k && !seen.has(k.packed); k = k.parent()) seen.add(k.packed);
      };
      for (const packed of resident) add(NodeKey.fromPacked(packed));
      for (const p of m.pending) add(new NodeKey(p.req.face, p.req.level, p.req.x, p.req.y));
      for (let f = 0; f < 6; f++) add(NodeKey.root(f));
      return seen.size + 4 * s.counters().starved;
    };
    // 6,000 updates along the equator at 400 m, 150 m per update: 900 km of new ground.
    let maxWorking = 0;
    let maxTable = 0;
    for (let i = 0; i < 6000; i++) {
      const a = (i * 150) / R;
      const up = [Math.cos(a), Math.sin(a), 0];
      const fwd = [-Math.sin(a), Math.cos(a), 0];
      const eye = up.map((u) => u * (R + 400));
      const target = eye.map((e, q) => e + fwd[q] * 1000 - up[q] * 200);
      s.update(lookAtView({ eye, target, up, fovY: 1, width: 320, height: 180 }));
      maxWorking = Math.max(maxWorking, workingSet());
      const table = s.counters().nodeTable;
      maxTable = Math.max(maxTable, table);
      // The prune's promise: never more than twice the working set plus the slack.
      expect(table, `update ${i}`).toBeLessThanOrEqual(2 * maxWorking + NODE_TABLE_SLACK);
      // Pruning never costs the protected set: every drawn patch and its ancestors stay resident.
      if (i % 250 === 0) {
        for (const d of s.drawSet()) {
          for (let k: NodeKey | null = NodeKey.fromAddress(d.payload.address); k; k = k.parent())
            expect(resident.has(k.packed), `${k} evicted at update ${i}`).toBe(true);
        }
      }
      for (const p of m.pending.splice(0)) p.resolve(fakePayload(p.req));
      await new Promise((r) => setImmediate(r));
    }
    // Teeth: the cache turned over many times, and the working set stayed small, so the bound is
    // tight: without the prune this flight's table passes 2 × working set + slack (512 nodes here)
    // by update ≈ 2,200.
    expect(evicted).toBeGreaterThan(20 * 60);
    expect(maxWorking).toBeLessThan(200);
  });
});
