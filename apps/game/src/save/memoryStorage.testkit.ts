/** An in-memory `StorageLike` for save tests: counts writes so a test can prove nothing was written. */
import type { StorageLike } from './SaveStore';

export class MemoryStorage implements StorageLike {
  map = new Map<string, string>();
  writes = 0;
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.writes++;
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}
