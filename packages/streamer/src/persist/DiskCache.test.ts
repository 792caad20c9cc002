import { describe, expect, it } from 'vitest';
import { generateHeightfield } from '../patch/generateHeightfield';
import type { PatchPayload } from '../patch/PatchFormat';
import { DISK_OPEN_TIMEOUT_MS, DiskCache } from './DiskCache';
import { MemoryPatchStore } from './MemoryPatchStore';
import type { PatchNode } from './patchCodec';

const nodes: PatchNode[] = [0, 1, 2, 3, 4, 5].map((i) => ({
  body: 'luna',
  face: i % 6,
  level: 2,
  x: i % 4,
  y: 1,
}));
const patches = nodes.map((n) => generateHeightfield(n));
const LEVEL = 'landfall/v2/luna/00000001/00000002/00000003';
const NEW_LEVEL = 'landfall/v2/luna/00000001/00000002/0000000f';
/** Stored size of one entry (all test patches encode to the same length). */
let entryBytes = 0;

function quiet(): { warn: (m: string) => void; warnings: string[] } {
  const warnings: string[] = [];
  return { warn: (m) => warnings.push(m), warnings };
}

async function filled(store: MemoryPatchStore, count: number, byteBudget?: number): Promise<DiskCache> {
  const d = new DiskCache(store, { levelId: LEVEL, byteBudget, ...quiet() });
  await d.opened;
  for (let i = 0; i < count; i++) {
    d.write(nodes[i], patches[i]);
    await d.flush();
  }
  entryBytes = (await store.list())[0].bytes;
  return d;
}

const sameVertices = (a: PatchPayload | null, b: PatchPayload) =>
  a !== null && Buffer.from(a.vertices).equals(Buffer.from(b.vertices));

describe('DiskCache', () => {
  it('serves what an earlier session stored, and writes only after the frame (queued)', async () => {
    const store = new MemoryPatchStore();
    const first = new DiskCache(store, { levelId: LEVEL, ...quiet() });
    await first.opened;
    first.write(nodes[0], patches[0]);
    // write() only queues: nothing has reached the store yet.
    expect(await store.list()).toEqual([]);
    await first.flush();
    first.close();
    const second = new DiskCache(store, { levelId: LEVEL, ...quiet() });
    await second.opened;
    expect(second.has(nodes[0])).toBe(true);
    expect(sameVertices(await second.read(nodes[0]), patches[0])).toBe(true);
    expect(second.has(nodes[1])).toBe(false);
    expect(second.counters()).toMatchObject({ state: 'on', hits: 1, misses: 0, corrupt: 0, entries: 1 });
  });

  it('drops a corrupt entry: read gives null, the entry is deleted, the node is a miss after', async () => {
    const store = new MemoryPatchStore();
    (await filled(store, 2)).close();
    const name = (await store.list()).find((m) => m.name.endsWith('/2/0/1')) as { name: string };
    (store.raw(name.name) as Uint8Array)[40_000] ^= 1; // one bit in the vertices
    const d = new DiskCache(store, { levelId: LEVEL, ...quiet() });
    await d.opened;
    expect(d.has(nodes[0])).toBe(true);
    expect(await d.read(nodes[0])).toBeNull();
    expect(d.counters()).toMatchObject({ corrupt: 1, entries: 1 });
    expect(d.has(nodes[0])).toBe(false);
    expect(store.raw(name.name)).toBeUndefined();
    // The untouched entry still reads.
    expect(sameVertices(await d.read(nodes[1]), patches[1])).toBe(true);
  });

  it('never reads an entry of another level id', async () => {
    const store = new MemoryPatchStore();
    (await filled(store, 3)).close();
    const d = new DiskCache(store, { levelId: NEW_LEVEL, ...quiet() });
    await d.opened;
    store.gets = 0;
    for (const n of nodes.slice(0, 3)) {
      expect(d.has(n)).toBe(false);
      expect(await d.read(n)).toBeNull();
    }
    expect(store.gets).toBe(0);
    // Its bytes still count against the shared budget until they age out.
    expect(d.counters()).toMatchObject({ entries: 0, bytes: 3 * entryBytes });
  });

  it('keeps stored bytes within the budget, least recently used (across sessions) going first', async () => {
    const store = new MemoryPatchStore();
    (await filled(store, 3)).close();
    // Next session uses entry 0, so entries 1 and 2 are now the oldest.
    const s2 = new DiskCache(store, { levelId: LEVEL, byteBudget: 3 * entryBytes, ...quiet() });
    await s2.opened;
    expect(await s2.read(nodes[0])).not.toBeNull();
    s2.write(nodes[3], patches[3]);
    s2.write(nodes[4], patches[4]);
    await s2.flush();
    expect(store.storedBytes).toBeLessThanOrEqual(3 * entryBytes);
    expect(store.storedBytes).toBe(3 * entryBytes);
    const kept = (await store.list()).map((m) => m.name.slice(m.name.lastIndexOf('|') + 1)).sort();
    expect(kept).toEqual(['0/2/0/1', '3/2/3/1', '4/2/0/1']);
    s2.close();
    // A smaller budget at open evicts at once, oldest first.
    const s3 = new DiskCache(store, { levelId: LEVEL, byteBudget: 1.5 * entryBytes, ...quiet() });
    await s3.opened;
    expect(store.storedBytes).toBe(entryBytes);
    expect(s3.has(nodes[4])).toBe(true);
  });

  it('turns off with one message when the quota is exceeded, and never throws', async () => {
    const store = new MemoryPatchStore(150_000); // room for one entry, not two
    const q = quiet();
    const d = new DiskCache(store, { levelId: LEVEL, warn: q.warn });
    await d.opened;
    d.write(nodes[0], patches[0]);
    await d.flush();
    expect(d.state).toBe('on');
    d.write(nodes[1], patches[1]);
    d.write(nodes[2], patches[2]);
    await expect(d.flush()).resolves.toBeUndefined();
    expect(d.state).toBe('off');
    expect(q.warnings).toHaveLength(1);
    expect(q.warnings[0]).toMatch(/storage is full.*QuotaExceededError/);
    expect(d.counters().message).toBe(q.warnings[0]);
    // Off means off: no lookups hit, writes are ignored, reads give null.
    expect(d.has(nodes[0])).toBe(false);
    expect(await d.read(nodes[0])).toBeNull();
    d.write(nodes[3], patches[3]);
    await d.flush();
    expect((await store.list()).length).toBe(1);
  });

  it('turns off when the store cannot open', async () => {
    const q = quiet();
    const d = new DiskCache(Promise.reject(new Error('SecurityError: no storage here')), {
      levelId: LEVEL,
      warn: q.warn,
    });
    await d.opened;
    expect(d.state).toBe('off');
    expect(q.warnings[0]).toMatch(/could not open.*no storage here/);
    d.write(nodes[0], patches[0]);
    await expect(d.flush()).resolves.toBeUndefined();
  });

  it('a frame that blocks the thread does not use up the open timeout; a store that never opens is given up', async () => {
    // The store answers 1.2 × DISK_OPEN_TIMEOUT_MS after the cache asked; the thread is blocked for
    // the first 0.6 × of it (a long first frame: shader compilation). Counted on the wall clock the
    // timeout would fire first; counted in time the thread could run, 0.6 × + 1 × of it remains.
    const q = quiet();
    const ready = new MemoryPatchStore();
    const slow = new Promise<MemoryPatchStore>((res) =>
      setTimeout(() => res(ready), 1.2 * DISK_OPEN_TIMEOUT_MS),
    );
    const d = new DiskCache(slow, { levelId: LEVEL, warn: q.warn });
    const until = performance.now() + 0.6 * DISK_OPEN_TIMEOUT_MS;
    while (performance.now() < until) {
      // busy: the thread is blocked
    }
    await d.opened;
    expect(q.warnings).toEqual([]);
    expect(d.state).toBe('on');

    const never = new DiskCache(new Promise<MemoryPatchStore>(() => {}), { levelId: LEVEL, warn: q.warn });
    await never.opened;
    expect(never.state).toBe('off');
    expect(q.warnings[0]).toMatch(/could not open.*not open after/);
  }, 30_000);

  it('rejects a bad budget', () => {
    expect(() => new DiskCache(new MemoryPatchStore(), { levelId: LEVEL, byteBudget: 0 })).toThrow(
      /byteBudget/,
    );
  });

  it('keeps small per-world records (the detail floor) for the next session of the same world only', async () => {
    const store = new MemoryPatchStore();
    const d = new DiskCache(store, { levelId: LEVEL, ...quiet() });
    await d.opened;
    d.writeValues('detailFloor', Float64Array.of(17, 0.25, 3));
    await new Promise((res) => setTimeout(res, 0));
    d.close();
    const again = new DiskCache(store, { levelId: LEVEL, ...quiet() });
    expect([...((await again.readValues('detailFloor')) ?? [])]).toEqual([17, 0.25, 3]);
    const other = new DiskCache(store, { levelId: NEW_LEVEL, ...quiet() });
    expect(await other.readValues('detailFloor')).toBeNull();
  });
});
