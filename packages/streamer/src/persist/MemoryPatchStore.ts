/**
 * `PatchStore` in memory (ADR-0019): the port's contract without a browser, for Node tests and
 * tools. `quotaBytes` makes `putMany` reject with a DOMException named QuotaExceededError, as a
 * browser's full store does, when the stored bytes would exceed it. Stored bytes are copies, so a
 * test may corrupt one in place through `raw` and the next `get` sees it.
 */
import { metaOf, type PatchStore, type StoredMeta, type StoredRecord } from './PatchStore';

export class MemoryPatchStore implements PatchStore {
  private readonly meta = new Map<string, StoredMeta>();
  private readonly data = new Map<string, Uint8Array>();
  /** Calls of `get` (a test counts reads). */
  gets = 0;
  /** Calls of `getMany` (a test counts read transactions). */
  batches = 0;

  constructor(readonly quotaBytes = Infinity) {}

  /** The stored bytes of `name` themselves (tests corrupt them in place). */
  raw(name: string): Uint8Array | undefined {
    return this.data.get(name);
  }

  get storedBytes(): number {
    let n = 0;
    for (const m of this.meta.values()) n += m.bytes;
    return n;
  }

  list(): Promise<StoredMeta[]> {
    return Promise.resolve([...this.meta.values()].map((m) => ({ ...m })));
  }

  get(name: string): Promise<Uint8Array | undefined> {
    this.gets++;
    const d = this.data.get(name);
    return Promise.resolve(d ? d.slice() : undefined);
  }

  getMany(names: readonly string[]): Promise<(Uint8Array | undefined)[]> {
    this.batches++;
    return Promise.all(names.map((n) => this.get(n)));
  }

  putMany(records: readonly StoredRecord[]): Promise<void> {
    let total = this.storedBytes;
    for (const r of records) total += r.bytes - (this.meta.get(r.name)?.bytes ?? 0);
    if (total > this.quotaBytes) {
      return Promise.reject(new DOMException('the store is full', 'QuotaExceededError'));
    }
    for (const r of records) {
      this.meta.set(r.name, metaOf(r));
      this.data.set(r.name, r.data.slice());
    }
    return Promise.resolve();
  }

  touchMany(uses: readonly { name: string; lastUsed: number }[]): Promise<void> {
    for (const u of uses) {
      const m = this.meta.get(u.name);
      if (m) m.lastUsed = u.lastUsed;
    }
    return Promise.resolve();
  }

  deleteMany(names: readonly string[]): Promise<void> {
    for (const n of names) {
      this.meta.delete(n);
      this.data.delete(n);
    }
    return Promise.resolve();
  }

  close(): void {}
}
