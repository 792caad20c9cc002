/**
 * The storage port of the persistent patch cache (ADR-0019): named byte records with a size and a
 * last-use stamp, read and written in batches. The browser implementation is IndexedDB
 * (`IndexedDbPatchStore`); tests and Node use `MemoryPatchStore`, the same contract in memory.
 *
 * Contract: `list` returns every record's metadata without its bytes; `get` resolves undefined for
 * an unknown name; `getMany` reads several names in one transaction (undefined per unknown name, in
 * the order asked); `putMany` writes all its records or none (one transaction) and rejects with the
 * platform's error (a `QuotaExceededError` when storage is full); `touchMany` updates last-use
 * stamps only (the rest of the metadata stays); `deleteMany` ignores unknown names. No method throws synchronously.
 */

/** A record's metadata. */
export interface StoredMeta {
  name: string;
  bytes: number;
  /** Monotonic use stamp across sessions: larger = used more recently. */
  lastUsed: number;
  /**
   * The patch's bounds [x, y, z, r, minHeight, maxHeight]: its body-fixed bounding sphere (anchor
   * and bounding radius) and elevation range, so a reader can cull a stored node before reading it
   * (ADR-0019 read-ahead); absent on entries that carry no patch (stored values) and on entries
   * written before they were kept.
   */
  bounds?: readonly number[];
}

/** A record to write. */
export interface StoredRecord extends StoredMeta {
  data: Uint8Array;
}

export interface PatchStore {
  list(): Promise<StoredMeta[]>;
  get(name: string): Promise<Uint8Array | undefined>;
  getMany(names: readonly string[]): Promise<(Uint8Array | undefined)[]>;
  putMany(records: readonly StoredRecord[]): Promise<void>;
  touchMany(uses: readonly { name: string; lastUsed: number }[]): Promise<void>;
  deleteMany(names: readonly string[]): Promise<void>;
  close(): void;
}

/** The metadata part of a record (no bytes; the bounds only when it has them). */
export function metaOf(r: StoredMeta): StoredMeta {
  const m: StoredMeta = { name: r.name, bytes: r.bytes, lastUsed: r.lastUsed };
  if (r.bounds) m.bounds = [...r.bounds];
  return m;
}
