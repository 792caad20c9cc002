/**
 * The persistent patch cache (ADR-0019): the level below the streamer's in-memory LRU. Entries are
 * named by the world's level id, the stored-patch format and the producer, then the node, so a new
 * world digest, encoding or generator never reads an older entry (it misses, and the old entries
 * age out of the budget). The index of names, sizes, use stamps and patch bounds is read once at open and kept
 * in memory, so `has` answers synchronously.
 *
 * - Budget: stored bytes stay ≤ `byteBudget` (default DEFAULT_DISK_BYTE_BUDGET); the least
 *   recently used entries go first, by a use stamp that continues across sessions.
 * - Checksum: `read` decodes with `decodePatch`; an entry that is torn, corrupt or for another
 *   node is counted (`corrupt`), deleted and reported as a miss, so the node is generated again.
 * - Writes never block a frame: `write` only queues (at most DISK_QUEUE_MAX entries; more are
 *   dropped and counted, to be written another time); a timer encodes and writes DISK_WRITE_BATCH
 *   entries per transaction, one batch per macrotask while a backlog remains.
 * - Failure: a store that does not open (within DISK_OPEN_TIMEOUT_MS) or rejects a write (a full
 *   quota) turns persistence off for this cache with one warning and `message`; nothing throws.
 */
import type { PatchPayload } from '../patch/PatchFormat';
import type { ProducerKind } from '../produce/PatchProducer';
import { decodePatch, encodePatch, PATCH_STORE_FORMAT, type PatchNode } from './patchCodec';
import { metaOf, type PatchStore, type StoredMeta } from './PatchStore';
import {
  DEFAULT_DISK_BYTE_BUDGET,
  DISK_FLUSH_DELAY_MS,
  DISK_OPEN_TIMEOUT_MS,
  DISK_QUEUE_MAX,
  DISK_WRITE_BATCH,
  emptyDiskCounters,
  PATCH_PRODUCER_VERSION,
  type DiskCacheOptions,
  type DiskCounters,
  type DiskState,
} from './diskCacheConfig';

export * from './diskCacheConfig';

/** Step of the open timeout's clock, ms. */
const OPEN_TICK_MS = 100;

export class DiskCache {
  readonly namespace: string;
  readonly byteBudget: number;
  private store: PatchStore | null = null;
  private readonly index = new Map<string, StoredMeta>();
  private readonly queue: { name: string; payload: PatchPayload }[] = [];
  private touched: { name: string; lastUsed: number }[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private flushing: Promise<void> | null = null;
  private clock = 1;
  private readonly warn: (message: string) => void;
  private readonly c: DiskCounters = emptyDiskCounters();
  /** Settles when the store has opened (or persistence is off). */
  readonly opened: Promise<void>;

  private readonly born = performance.now();
  /** The producer whose patches this cache holds (DiskCacheOptions.producer). */
  readonly producer: ProducerKind;

  constructor(store: PatchStore | Promise<PatchStore>, o: DiskCacheOptions) {
    const budget = o.byteBudget ?? DEFAULT_DISK_BYTE_BUDGET;
    if (!(budget > 0)) throw new RangeError(`disk byteBudget ${budget} must be positive`);
    this.byteBudget = budget;
    // Filtered and unfiltered patches of one node differ: the filter is part of the key.
    const filter = (o.levelFilter ?? true) ? 'lf' : 'full';
    // So are the producers' (ADR-0020): the pool's keys stay as they were before the GPU's existed.
    this.producer = o.producer ?? 'workers';
    const made = this.producer === 'workers' ? '' : `${this.producer}|`;
    this.namespace = `${o.levelId}|fmt${PATCH_STORE_FORMAT}|heightfield@${PATCH_PRODUCER_VERSION}|${filter}|${made}`;
    this.warn = o.warn ?? ((m) => console.warn(m));
    this.opened = this.open(store);
  }

  get state(): DiskState {
    return this.c.state;
  }

  counters(): DiskCounters {
    return { ...this.c, pending: this.queue.length };
  }

  /** The entry name of `node` in this cache's namespace. */
  nameOf(node: PatchNode): string {
    return `${this.namespace}${node.face}/${node.level}/${node.x}/${node.y}`;
  }

  /** True when the index holds `node` (persistence on). */
  has(node: PatchNode): boolean {
    return this.c.state === 'on' && this.index.has(this.nameOf(node));
  }

  /**
   * The stored patch's bounds [x, y, z, r, minHeight, maxHeight] (StoredMeta), known from the index
   * without reading it; undefined when `node` is not stored or its entry predates them.
   */
  boundsOf(node: PatchNode): readonly number[] | undefined {
    return this.c.state === 'on' ? this.index.get(this.nameOf(node))?.bounds : undefined;
  }

  /** Counts a node looked for and not stored (the caller generates it). */
  noteMiss(): void {
    this.c.misses++;
  }

  /**
   * The stored payload of `node`, or null (absent, unreadable or corrupt: then it is deleted). Reads
   * asked for in the same task share one store transaction (`getMany`). `forView`: the view waits
   * for this read (not the look-around ring alone); counted in `viewReadBatches`.
   */
  async read(node: PatchNode, forView = true): Promise<PatchPayload | null> {
    const name = this.nameOf(node);
    if (this.c.state !== 'on' || !this.store || !this.index.has(name)) return null;
    const bytes = await this.fetch(name, forView);
    const t0 = performance.now();
    const p = bytes ? decodePatch(bytes, node) : null;
    this.c.decodeMs += performance.now() - t0;
    if (!p) {
      if (bytes) this.c.corrupt++;
      this.c.misses++;
      void this.forget([name]);
      return null;
    }
    this.c.hits++;
    const m = this.index.get(name);
    if (m) {
      m.lastUsed = this.clock++;
      this.touched.push({ name, lastUsed: m.lastUsed });
      this.schedule();
    }
    return p;
  }

  /** Reads waiting for the end of this task, to be fetched in one transaction. */
  private readonly reads: {
    name: string;
    forView: boolean;
    done: (bytes: Uint8Array | undefined) => void;
  }[] = [];

  private fetch(name: string, forView: boolean): Promise<Uint8Array | undefined> {
    return new Promise((done) => {
      this.reads.push({ name, forView, done });
      if (this.reads.length === 1) queueMicrotask(() => this.fetchBatch());
    });
  }

  private fetchBatch(): void {
    const wait = this.reads.splice(0);
    const store = this.store;
    const none = () => wait.forEach((w) => w.done(undefined));
    if (!store) return none();
    const t0 = performance.now();
    store.getMany(wait.map((w) => w.name)).then((got) => {
      this.c.readBatches++;
      if (wait.some((w) => w.forView)) this.c.viewReadBatches++;
      this.c.readMs += performance.now() - t0;
      wait.forEach((w, i) => w.done(got[i]));
    }, none);
  }

  /** Queues `payload` (generated for `node`) to be stored; never blocks, never throws. */
  write(node: PatchNode, payload: PatchPayload): void {
    if (this.c.state === 'off') return;
    const name = this.nameOf(node);
    if (this.index.has(name)) return;
    if (this.queue.length >= DISK_QUEUE_MAX) {
      this.c.dropped++;
      return;
    }
    this.queue.push({ name, payload });
    this.schedule();
  }

  /**
   * A small record of this world stored beside the patches (the detail floor: float64 values), or
   * null when absent, unreadable or persistence is off. Not counted as a patch hit or miss.
   */
  async readValues(key: string): Promise<Float64Array | null> {
    await this.opened;
    const name = `${this.namespace}${key}`;
    const store = this.store;
    if (this.c.state !== 'on' || !store || !this.index.has(name)) return null;
    try {
      const bytes = await store.get(name);
      if (!bytes || bytes.byteLength % 8 !== 0) return null;
      return new Float64Array(bytes.slice().buffer);
    } catch {
      return null;
    }
  }

  /** Stores `values` under `key` in this world's namespace (best effort, never throws). */
  writeValues(key: string, values: Float64Array): void {
    const store = this.store;
    if (this.c.state !== 'on' || !store) return;
    const name = `${this.namespace}${key}`;
    const data = new Uint8Array(values.slice().buffer);
    const rec = { name, data, bytes: data.byteLength, lastUsed: this.clock++ };
    store.putMany([rec]).then(
      () => {
        // An overwritten record's bytes are counted once.
        this.c.bytes += rec.bytes - (this.index.get(name)?.bytes ?? 0);
        this.index.set(name, { name, bytes: rec.bytes, lastUsed: rec.lastUsed });
      },
      (err: unknown) => this.turnOff('a write failed', err),
    );
  }

  /** Writes everything queued now (tests and unload); resolves when the store has it. */
  async flush(): Promise<void> {
    await this.opened;
    while (this.flushing) await this.flushing;
    while (this.c.state === 'on' && (this.queue.length > 0 || this.touched.length > 0)) {
      await this.flushBatch();
    }
  }

  /** Stops writing; drops what is queued (the store keeps what it has). */
  close(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.queue.length = 0;
    this.touched = [];
    if (this.c.state !== 'off') this.c.state = 'off';
    this.store?.close();
    this.store = null;
  }

  private async open(store: PatchStore | Promise<PatchStore>): Promise<void> {
    // The timeout counts time this thread could run: OPEN_TICK_MS steps, each counted as its
    // nominal length however late it fires, so a long frame (shader compilation) does not use it up
    // while the store's answer waits behind it.
    let timeout: ReturnType<typeof setTimeout> | undefined;
    let ticks = 0;
    const late = new Promise<never>((_, reject) => {
      const tick = () => {
        if (++ticks * OPEN_TICK_MS < DISK_OPEN_TIMEOUT_MS) timeout = setTimeout(tick, OPEN_TICK_MS);
        else reject(new Error(`not open after ${DISK_OPEN_TIMEOUT_MS} ms`));
      };
      timeout = setTimeout(tick, OPEN_TICK_MS);
    });
    try {
      const s = await Promise.race([Promise.resolve(store), late]);
      const metas = await Promise.race([s.list(), late]);
      if (this.c.state !== 'opening') {
        s.close();
        return;
      }
      this.store = s;
      for (const m of metas) {
        this.clock = Math.max(this.clock, m.lastUsed + 1);
        if (m.name.startsWith(this.namespace)) this.index.set(m.name, m);
        this.c.bytes += m.bytes;
      }
      // The budget covers every namespace in the store (other bodies, older worlds).
      this.others = metas.filter((m) => !m.name.startsWith(this.namespace));
      this.c.state = 'on';
      this.c.entries = this.index.size;
      await this.evictOverBudget();
    } catch (err) {
      this.turnOff('could not open', err);
    } finally {
      this.c.openMs = performance.mark('landfall:disk-open').startTime - this.born;
      clearTimeout(timeout);
    }
  }

  /** Entries of other namespaces (evicted first when older, by the same use stamps). */
  private others: StoredMeta[] = [];

  /** Flushes after DISK_FLUSH_DELAY_MS, or at the next macrotask while a backlog remains. */
  private schedule(backlog = false): void {
    if (this.timer !== null || this.c.state !== 'on') return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        if (this.flushing) return this.schedule();
        this.flushing = this.flushBatch().finally(() => {
          this.flushing = null;
          if (this.queue.length > 0 || this.touched.length > 0) this.schedule(this.queue.length > 0);
        });
      },
      backlog ? 0 : DISK_FLUSH_DELAY_MS,
    );
  }

  private async flushBatch(): Promise<void> {
    const store = this.store;
    if (this.c.state !== 'on' || !store) return;
    const batch = this.queue.splice(0, DISK_WRITE_BATCH);
    const records = [];
    for (const { name, payload } of batch) {
      // A payload whose vertex buffer was transferred away has nothing left to store.
      if (payload.vertices.byteLength === 0 || this.index.has(name)) continue;
      const data = encodePatch(payload);
      const a = payload.anchor;
      const bounds = [a[0], a[1], a[2], payload.boundingRadius, payload.minHeight, payload.maxHeight];
      records.push({ name, data, bytes: data.byteLength, lastUsed: this.clock++, bounds });
    }
    const touched = this.touched;
    this.touched = [];
    try {
      if (records.length > 0) await store.putMany(records);
      if (touched.length > 0) await store.touchMany(touched);
    } catch (err) {
      this.turnOff((err as Error)?.name === 'QuotaExceededError' ? 'storage is full' : 'a write failed', err);
      return;
    }
    for (const r of records) {
      this.index.set(r.name, metaOf(r));
      this.c.bytes += r.bytes;
      this.c.writes++;
    }
    this.c.entries = this.index.size;
    await this.evictOverBudget();
  }

  /** Deletes least recently used entries (any namespace) until the stored bytes fit the budget. */
  private async evictOverBudget(): Promise<void> {
    if (this.c.bytes <= this.byteBudget) return;
    const all = [...this.others, ...this.index.values()].sort((a, b) => a.lastUsed - b.lastUsed);
    const gone: string[] = [];
    let bytes = this.c.bytes;
    for (const m of all) {
      if (bytes <= this.byteBudget) break;
      gone.push(m.name);
      bytes -= m.bytes;
    }
    await this.forget(gone);
  }

  private async forget(names: string[]): Promise<void> {
    if (names.length === 0) return;
    const set = new Set(names);
    for (const n of names) {
      const m = this.index.get(n);
      if (m) {
        this.index.delete(n);
        this.c.bytes -= m.bytes;
      }
    }
    const before = this.others.length;
    this.others = this.others.filter((m) => {
      if (!set.has(m.name)) return true;
      this.c.bytes -= m.bytes;
      return false;
    });
    if (before !== this.others.length || names.length > 0) this.c.entries = this.index.size;
    try {
      await this.store?.deleteMany(names);
    } catch (err) {
      this.turnOff('a delete failed', err);
    }
  }

  private turnOff(what: string, err: unknown): void {
    if (this.c.state === 'off') return;
    this.c.state = 'off';
    const why = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    this.c.message = `persistent patch cache off (${what}: ${why}); patches are generated as usual`;
    this.warn(this.c.message);
    this.queue.length = 0;
    this.touched = [];
    this.store?.close();
    this.store = null;
  }
}
