// The streamer over the persistent cache and with the look-around ring, on real patches generated
// on this thread (inProcessWorkerFactory): a second session reaches the same fixed point from the
// store without generating, a corrupt entry is generated again and draws the same, another level
// id reads nothing, and after the ring a 180° turn needs no generation.
import { describe, expect, it } from 'vitest';
import { drawnElevationAt, getBody, worldDigest } from '@landfall/universe';
import { inProcessWorkerFactory } from '../pool/inProcessWorkerFactory';
import { WorkerPool } from '../pool/WorkerPool';
import { Streamer } from '../stream/Streamer';
import { lookAtView } from '../stream/lookAtView';
import type { ViewState } from '../stream/ViewState';
import { DiskCache } from './DiskCache';
import { MemoryPatchStore } from './MemoryPatchStore';
import { PATCH_VERTEX_BYTES } from '../patch/PatchFormat';
import { PATCH_PAYLOAD_BYTES } from '../cache/PatchCache';
import { createNodePool } from '../node';
import { SSE_TARGET_PIXELS } from '../lod/LodRanges';

const body = getBody('miranda');
const LEVEL_ID = worldDigest(body).levelId;
/** 20 km up, so the all-round view holds many nodes the forward view does not; cap 4 keeps it small. */
const r = body.radius + 20_000;
const EYE = [r, 0, 0];
const look = (dir: number) =>
  lookAtView({
    eye: EYE,
    target: [r, dir * 100_000, -5_000],
    up: [1, 0, 0],
    fovY: 1,
    width: 320,
    height: 200,
  });

/** A MemoryPatchStore that logs the names of each read transaction. */
class LoggingStore extends MemoryPatchStore {
  readonly log: string[][] = [];
  override getMany(names: readonly string[]): Promise<(Uint8Array | undefined)[]> {
    this.log.push([...names]);
    return super.getMany(names);
  }
}

function streamer(disk: DiskCache | null, lookAround = false, ringByteBudget?: number): Streamer {
  return new Streamer({
    ringByteBudget,
    body,
    pool: new WorkerPool(inProcessWorkerFactory(), 1),
    cellPixels: 8,
    maxLevel: 4,
    disk,
    lookAround,
  });
}

/** Updates until `done` (or 4,000 updates); returns the number of updates. */
async function run(s: Streamer, v: ViewState, done: () => boolean): Promise<number> {
  for (let i = 1; i <= 4000; i++) {
    s.update(v);
    if (done()) return i;
    await new Promise((res) => setTimeout(res, 0));
  }
  throw new Error(`not done: ${JSON.stringify(s.counters())}`);
}

/** The draw set as addresses with a digest of each vertex buffer. */
function picture(s: Streamer): string[] {
  return s
    .drawSet()
    .map(
      (d) =>
        `${d.payload.address}:${Buffer.from(d.payload.vertices).toString('base64').length}:${Buffer.from(d.payload.vertices).subarray(0, 4096).toString('hex')}`,
    )
    .sort();
}

describe('persistent streaming', () => {
  it('a second session reaches the fixed point from the store; corrupt entries and other worlds are not drawn', async () => {
    const store = new MemoryPatchStore();
    const d1 = new DiskCache(store, { levelId: LEVEL_ID });
    const s1 = streamer(d1);
    await run(s1, look(1), () => s1.fixedPoint);
    const cold = s1.counters();
    const coldPicture = picture(s1);
    const drawnFirst = s1.drawSet()[0].payload;
    expect(cold.generated).toBeGreaterThan(20);
    await d1.flush();
    s1.dispose();
    expect(d1.counters().writes).toBe(cold.generated);

    const d2 = new DiskCache(store, { levelId: LEVEL_ID });
    const s2 = streamer(d2);
    store.gets = 0;
    store.batches = 0;
    const warmUpdates = await run(s2, look(1), () => s2.fixedPoint);
    const warm = s2.counters();
    // Not bound by updates: the first update finds the store opening, the second asks for the
    // roots and each root's read asks for its stored subtree in the same task (culled by the stored
    // bounds), the third makes every read resident (disk reads are not held to
    // ARRIVALS_PER_UPDATE), the fourth sees the draw set unchanged. Level by level (an update per
    // level, cap 4) it would take at least 5 + 2.
    expect(warmUpdates).toBeLessThanOrEqual(4);
    // Reads of one task share a transaction, and a read asked for reads its stored subtree in the
    // same task: one transaction. Read ahead on arrival it took the roots' and then one per root;
    // level by level, one per level and root.
    expect(store.gets).toBe(cold.generated);
    expect(store.batches).toBe(1);
    expect(warm.generated).toBe(0);
    expect(warm.fromDisk).toBe(cold.generated);
    expect(warm.diskHits).toBe(cold.generated);
    expect(picture(s2)).toEqual(coldPicture);
    s2.dispose();

    // One bit flipped in a drawn patch's stored vertices: generated again, the same picture.
    const target = d1.nameOf(drawnFirst);
    expect(store.raw(target)).toBeDefined();
    (store.raw(target) as Uint8Array)[50_000] ^= 4;
    const d3 = new DiskCache(store, { levelId: LEVEL_ID });
    const s3 = streamer(d3);
    await run(s3, look(1), () => s3.fixedPoint);
    expect(s3.counters()).toMatchObject({ diskCorrupt: 1, generated: 1, fromDisk: cold.generated - 1 });
    expect(picture(s3)).toEqual(coldPicture);
    await d3.flush();
    s3.dispose();

    // Another level id (a new world digest): nothing is read, everything is generated.
    store.gets = 0;
    const d4 = new DiskCache(store, { levelId: `${LEVEL_ID}x` });
    const s4 = streamer(d4);
    await run(s4, look(1), () => s4.fixedPoint);
    expect(store.gets).toBe(0);
    expect(s4.counters()).toMatchObject({ generated: cold.generated, fromDisk: 0, diskHits: 0 });
    s4.dispose();
  }, 120_000);

  it('with the look-around ring held, a 180° turn reaches its fixed point without generating', async () => {
    const s = streamer(null, true);
    await run(s, look(1), () => s.fixedPoint && s.counters().ringComplete);
    const before = s.counters();
    expect(before.ringGenerated).toBeGreaterThan(0);
    const frames = await run(s, look(-1), () => s.fixedPoint);
    const after = s.counters();
    console.log(
      `[ring] view ${before.generated - before.ringGenerated} patches, ring extra ${before.ringGenerated} ` +
        `(${(before.ringGenerated / (before.generated - before.ringGenerated)).toFixed(2)}×), ` +
        `turn: ${after.generated - before.generated} generated, ${frames} updates to the fixed point`,
    );
    expect(after.generated - before.generated).toBe(0);
    // Two updates: one selects the turned view from resident patches, the next sees it unchanged.
    expect(frames).toBeLessThanOrEqual(3);
    s.dispose();
  }, 120_000);

  it('with the ring stored, a warm view is read before the ring: its transactions hold its own nodes', async () => {
    const store = new LoggingStore();
    const d1 = new DiskCache(store, { levelId: LEVEL_ID });
    const s1 = streamer(d1, true);
    await run(s1, look(1), () => s1.fixedPoint && s1.counters().ringComplete);
    const cold = s1.counters();
    const view = cold.generated - cold.ringGenerated;
    await d1.flush();
    s1.dispose();
    expect(cold.ringGenerated).toBeGreaterThan(view / 2);

    const d2 = new DiskCache(store, { levelId: LEVEL_ID });
    const s2 = streamer(d2, true);
    store.log.length = 0;
    const updates = await run(s2, look(1), () => s2.fixedPoint);
    const drawn = new Set(s2.drawSet().map((d) => d2.nameOf(d.payload)));
    // The transactions up to the last that carries a node the view draws: what the view waited for.
    let last = -1;
    store.log.forEach((names, i) => {
      if (names.some((n) => drawn.has(n))) last = i;
    });
    const waitedFor = store.log.slice(0, last + 1).flat();
    await run(s2, look(1), () => s2.counters().ringComplete);
    const done = s2.counters();
    console.log(
      `[ring stored] cold: view ${view}, ring ${cold.ringGenerated}; warm: ${waitedFor.length} read in the ` +
        `${last + 1} transactions the view waited for, ${updates} updates; ${done.fromDisk} read in all`,
    );
    expect(updates).toBeLessThanOrEqual(4);
    // Exactly what the view's own selection asks for: the read-ahead culls stored nodes with their
    // stored bounds as the selector culls resident ones. Reading every stored node below an
    // arrival (the old read-ahead) makes the view wait for view + ring.
    expect(waitedFor.length).toBe(view);
    expect(done.generated).toBe(0);
    expect(done.fromDisk).toBe(cold.generated);
    s2.dispose();
  }, 120_000);

  it('slow frames: the ring reads before the fixed point is seen, and the view still waits on one transaction', async () => {
    const store = new LoggingStore();
    const d1 = new DiskCache(store, { levelId: LEVEL_ID });
    const s1 = streamer(d1, true);
    await run(s1, look(1), () => s1.fixedPoint && s1.counters().ringComplete);
    await d1.flush();
    s1.dispose();

    // A frame slower than the store (software rendering in CI: ~1 s frames, reads of ~0.1 s): all
    // that was asked for in one update has arrived before the next. The update in which the view's
    // last read integrates changes the draw set, so the fixed point is seen one update later, and
    // the ring, asking once the view has nothing in flight, has read in between (stop 31's CI saw
    // 3 transactions "to the fixed point" so).
    const s2 = streamer(new DiskCache(store, { levelId: LEVEL_ID }), true);
    store.log.length = 0;
    let c = s2.counters();
    for (let i = 0; i < 50 && !s2.fixedPoint; i++) {
      s2.update(look(1));
      c = s2.counters();
      for (let k = 0; k < 20; k++) await new Promise((res) => setTimeout(res, 0));
    }
    console.log(
      `[slow frames] at the fixed point: ${c.diskReadBatches} read transactions, ${c.diskViewReadBatches} with the view's reads`,
    );
    expect(s2.fixedPoint).toBe(true);
    expect(c.diskReadBatches).toBeGreaterThan(1);
    expect(c.diskViewReadBatches).toBe(1);
    s2.dispose();
  }, 120_000);

  it('the ring stops asking at its byte budget', async () => {
    const budget = 12 * PATCH_VERTEX_BYTES;
    const s = streamer(null, true, budget);
    await run(s, look(1), () => s.fixedPoint);
    for (let i = 0; i < 300; i++) {
      s.update(look(1));
      await new Promise((res) => setTimeout(res, 0));
    }
    const c = s.counters();
    // The unbounded ring generates 32 patches here (the turn test); held to 12 patches' bytes, of
    // which the view's resident but unused nodes take a few, it generates a few and stops,
    // incomplete. What it asked for fits the budget; what it holds may pass it by the nodes the view
    // stopped using after the ring asked (they count as the ring's from then on; 2 here since the
    // view keeps the ground under the eye), never by more than the view's own resident patches.
    expect(c.ringGenerated).toBeGreaterThan(0);
    expect(c.ringGenerated * PATCH_PAYLOAD_BYTES).toBeLessThanOrEqual(budget);
    expect(c.ringBytes).toBeGreaterThan(budget - PATCH_PAYLOAD_BYTES);
    expect(c.ringBytes).toBeLessThanOrEqual(budget + (c.generated - c.ringGenerated) * PATCH_PAYLOAD_BYTES);
    expect(c.ringComplete).toBe(false);
    s.dispose();
  }, 120_000);
});

describe('the warm view waits on one transaction', () => {
  it('a node read ahead but judged not to descend does not read below itself on arrival', async () => {
    // Luna 12° N 34° E, 300 m up, looking north 20° down, the apps' defaults (error-driven split,
    // level filter, look-around ring). The view's read-ahead reads an out-of-view node whose parent
    // it sees ('read', not 'descend'); its arrival read its stored subtree anyway — a level-20 child
    // the view never asks for, in a second transaction the fixed point waited on (the 2 that
    // patchCache.spec's warm start counted, ADR-0019). Found with a log of every transaction.
    const luna = getBody('luna');
    const lat = (12 * Math.PI) / 180;
    const lon = (34 * Math.PI) / 180;
    const up = [Math.cos(lat) * Math.cos(lon), Math.cos(lat) * Math.sin(lon), Math.sin(lat)];
    const r = luna.radius + drawnElevationAt(luna, { x: up[0], y: up[1], z: up[2] }) + 300;
    const eye = up.map((v) => v * r);
    const north = [-Math.sin(lat) * Math.cos(lon), -Math.sin(lat) * Math.sin(lon), Math.cos(lat)];
    const pitch = (-20 * Math.PI) / 180;
    const fwd = north.map((n, q) => Math.cos(pitch) * n + Math.sin(pitch) * up[q]);
    const view = lookAtView({
      eye,
      target: eye.map((v, q) => v + 100 * fwd[q]),
      up,
      fovY: Math.PI / 3,
      width: 480,
      height: 270,
    });
    const levelId = worldDigest(luna).levelId;
    const store = new LoggingStore();
    const open = (disk: DiskCache) =>
      new Streamer({
        body: luna,
        pool: createNodePool(2),
        cellPixels: 10,
        ssePixels: SSE_TARGET_PIXELS,
        levelFilter: true,
        disk,
        lookAround: true,
      });
    // Worker threads generate between updates: poll every 2 ms, up to 2 minutes.
    const settle = async (s: Streamer, done: () => boolean) => {
      for (let i = 0; i < 60_000 && !done(); i++) {
        s.update(view);
        await new Promise((res) => setTimeout(res, 2));
      }
      expect(done()).toBe(true);
    };
    const d1 = new DiskCache(store, { levelId });
    const s1 = open(d1);
    await settle(s1, () => s1.fixedPoint && s1.counters().ringComplete);
    await d1.flush();
    s1.dispose();

    const s2 = open(new DiskCache(store, { levelId }));
    store.log.length = 0;
    await settle(s2, () => s2.fixedPoint);
    const c = s2.counters();
    console.log(
      `[warm luna] ${c.fromDisk} read, ${c.generated} generated, ${c.diskViewReadBatches} view transactions ` +
        `(${store.log.map((t) => t.length).join(', ')} names)`,
    );
    expect(c.generated).toBe(0);
    expect(c.diskViewReadBatches).toBe(1);
    s2.dispose();
  }, 180_000);
});
