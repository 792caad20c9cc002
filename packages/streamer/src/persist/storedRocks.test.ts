// The last rock query kept in the persistent cache (ADR-0019): a second session asks for the same
// eye and ranges and reads the rocks back without a worker; another eye, or a damaged record, is
// resolved again. The truth is the pool's own answer, computed here separately.
import { describe, expect, it, vi } from 'vitest';
import { drawnSurfaceRadius, getBody, ROCK_CLASSES, worldDigest } from '@landfall/universe';
import { inProcessWorkerFactory } from '../pool/inProcessWorkerFactory';
import { WorkerPool } from '../pool/WorkerPool';
import { Streamer } from '../stream/Streamer';
import { DiskCache } from './DiskCache';
import { MemoryPatchStore } from './MemoryPatchStore';
import { packStoredRocks, ROCKS_RECORD, unpackStoredRocks } from './storedRocks';

const body = getBody('luna');
/**
 * The session test resolves Luna stance rock queries in this process: ~2.4 s on an idle core here,
 * 5.8 s with a browser spec beside it (over vitest's 5 s default); the CI machine is slower still.
 */
const ROCK_QUERY_TIMEOUT = 60_000;
const LEVEL_ID = worldDigest(body).levelId;
/** 2 m above the stance spec's Luna plateau (55.96° N, 19.04° E; rocks there in every class). */
const LAT = (55.9598 * Math.PI) / 180;
const LON = (19.0443 * Math.PI) / 180;
const DIR = { x: Math.cos(LAT) * Math.cos(LON), y: Math.cos(LAT) * Math.sin(LON), z: Math.sin(LAT) };
const R = drawnSurfaceRadius(body, DIR) + 2;
const EYE = [R * DIR.x, R * DIR.y, R * DIR.z];
/** Ranges short of the renderer's (ADR-0013) keep the query quick. */
const RANGES = Array.from({ length: ROCK_CLASSES }, (_, c) => 20 - c);

function session(store: MemoryPatchStore): { s: Streamer; calls: () => number } {
  const pool = new WorkerPool(inProcessWorkerFactory(), 1);
  const spy = vi.spyOn(pool, 'rocksNear');
  const s = new Streamer({
    body,
    pool,
    cellPixels: 8,
    maxLevel: 2,
    disk: new DiskCache(store, { levelId: LEVEL_ID }),
  });
  return { s, calls: () => spy.mock.calls.length };
}

/** Resolves once the store holds the rock record (writes are not awaited by rocksNear). */
async function stored(store: MemoryPatchStore): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if ((await store.list()).some((m) => m.name.endsWith(ROCKS_RECORD))) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('the rock record was never written');
}

const MOVED = [EYE[0], EYE[1] + 40, EYE[2]];

describe('stored rocks', () => {
  it('round-trips a query and refuses another eye, other ranges or damaged bytes', () => {
    const rocks = Float64Array.from({ length: 13 * 3 }, (_, i) => i * 0.5 - 3);
    const rec = packStoredRocks(rocks, EYE, RANGES);
    expect(unpackStoredRocks(rec, EYE, RANGES)).toEqual(rocks);
    const nudged = [EYE[0], EYE[1], Number.MIN_VALUE];
    expect(unpackStoredRocks(rec, nudged, RANGES)).toBeNull();
    expect(unpackStoredRocks(rec, EYE, [...RANGES.slice(1), 1])).toBeNull();
    const damaged = rec.slice();
    damaged[damaged.length - 5] += 1;
    expect(unpackStoredRocks(damaged, EYE, RANGES)).toBeNull();
    expect(unpackStoredRocks(rec.subarray(0, rec.length - 13), EYE, RANGES)).toBeNull();
    expect(unpackStoredRocks(null, EYE, RANGES)).toBeNull();
  });

  it(
    'a second session reads the same rocks without a worker; a damaged record is resolved again',
    async () => {
      const store = new MemoryPatchStore();
      const first = session(store);
      const cold = await first.s.rocksNear(EYE, RANGES);
      expect(first.calls()).toBe(1);
      expect(cold?.length).toBeGreaterThan(0);
      await stored(store);
      first.s.dispose();

      const second = session(store);
      const warm = await second.s.rocksNear(EYE, RANGES);
      expect(second.calls()).toBe(0);
      expect(warm).toEqual(cold);
      // Another eye is a new query (and replaces the record).
      const moved = await second.s.rocksNear(MOVED, RANGES);
      expect(second.calls()).toBe(1);
      expect(moved).not.toEqual(cold);
      second.s.dispose();

      // Damage one stored byte of the record: the third session resolves the rocks again.
      const name = (await store.list()).find((m) => m.name.endsWith(ROCKS_RECORD))?.name ?? '';
      const bytes = store.raw(name);
      if (!bytes) throw new Error('no rock record to damage');
      bytes[bytes.length - 3] ^= 0x40;
      const third = session(store);
      const again = await third.s.rocksNear(MOVED, RANGES);
      expect(third.calls()).toBe(1);
      expect(again).toEqual(moved);
      third.s.dispose();
    },
    ROCK_QUERY_TIMEOUT,
  );
});
