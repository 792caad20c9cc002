/**
 * `PatchStore` over IndexedDB (ADR-0019): database PATCH_DB_NAME, object store "meta" (name, bytes,
 * lastUsed, bounds: read whole at open, small) and "data" (the encoded patch under the same name). Each
 * batch is one readwrite transaction over both stores, so a write lands whole or not at all; what
 * a crash or a bit flip can still damage, the entry's checksum catches. Errors reject (never
 * throw): a full store rejects `putMany` with the transaction's QuotaExceededError.
 */
import { metaOf, type PatchStore, type StoredMeta, type StoredRecord } from './PatchStore';

/** IndexedDB database of the persistent patch cache (ADR-0019). */
export const PATCH_DB_NAME = 'landfall-patches';
/** Schema version of that database (its object stores, not the patch encoding). */
const DB_VERSION = 1;
const META = 'meta';
const DATA = 'data';

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

function result<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

export class IndexedDbPatchStore implements PatchStore {
  private constructor(private readonly db: IDBDatabase) {}

  /** Opens (creating on first use) the database; rejects where IndexedDB is missing or refused. */
  static async open(name = PATCH_DB_NAME): Promise<IndexedDbPatchStore> {
    if (typeof indexedDB === 'undefined') throw new Error('IndexedDB is not available here');
    const req = indexedDB.open(name, DB_VERSION);
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains(META)) db.createObjectStore(META, { keyPath: 'name' });
      if (!db.objectStoreNames.contains(DATA)) db.createObjectStore(DATA);
    };
    const db = await result(req);
    // Another tab upgrading the schema: let it, and stop persisting here.
    db.onversionchange = () => db.close();
    return new IndexedDbPatchStore(db);
  }

  async list(): Promise<StoredMeta[]> {
    const tx = this.db.transaction(META, 'readonly');
    return (await result(tx.objectStore(META).getAll())) as StoredMeta[];
  }

  async get(name: string): Promise<Uint8Array | undefined> {
    const tx = this.db.transaction(DATA, 'readonly');
    const v: unknown = await result(tx.objectStore(DATA).get(name));
    return v instanceof Uint8Array ? v : undefined;
  }

  /** One readonly transaction for the batch: its gets are queued together, not one per transaction. */
  async getMany(names: readonly string[]): Promise<(Uint8Array | undefined)[]> {
    const data = this.db.transaction(DATA, 'readonly').objectStore(DATA);
    const got: unknown[] = await Promise.all(names.map((n) => result(data.get(n))));
    return got.map((v) => (v instanceof Uint8Array ? v : undefined));
  }

  putMany(records: readonly StoredRecord[]): Promise<void> {
    try {
      const tx = this.db.transaction([META, DATA], 'readwrite');
      const meta = tx.objectStore(META);
      const data = tx.objectStore(DATA);
      for (const r of records) {
        meta.put(metaOf(r));
        data.put(r.data, r.name);
      }
      return done(tx);
    } catch (err) {
      return Promise.reject(err as Error);
    }
  }

  touchMany(uses: readonly { name: string; lastUsed: number }[]): Promise<void> {
    try {
      const tx = this.db.transaction(META, 'readwrite');
      const meta = tx.objectStore(META);
      for (const u of uses) {
        const req = meta.get(u.name);
        req.onsuccess = () => {
          const m = req.result as StoredMeta | undefined;
          if (m) meta.put({ ...m, lastUsed: u.lastUsed });
        };
      }
      return done(tx);
    } catch (err) {
      return Promise.reject(err as Error);
    }
  }

  deleteMany(names: readonly string[]): Promise<void> {
    try {
      const tx = this.db.transaction([META, DATA], 'readwrite');
      for (const n of names) {
        tx.objectStore(META).delete(n);
        tx.objectStore(DATA).delete(n);
      }
      return done(tx);
    } catch (err) {
      return Promise.reject(err as Error);
    }
  }

  close(): void {
    this.db.close();
  }
}
