/**
 * The save storage the browser offers. `window.localStorage` may be missing or throw on access
 * (storage disabled, sandboxed or opaque origins); then the game gets a storage that reads as
 * empty and refuses every write with the reason, so pressing K says "not saved … nothing
 * persisted" instead of pretending. Quota errors and storages that drop writes are caught by
 * `SaveStore.save` (it reads each write back).
 */
import type { StorageLike } from './SaveStore';

export interface BrowserStorage {
  storage: StorageLike;
  /** Why saves cannot persist, or null when they can. */
  problem: string | null;
}

/** A storage with nothing in it that refuses every write, naming `why`. */
export function unavailableStorage(why: string): StorageLike {
  return {
    getItem: () => null,
    setItem: () => {
      throw new Error(`this browser keeps no saves (${why})`);
    },
    removeItem: () => {},
  };
}

const errText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** Probes `get()` (by default `window.localStorage`) once; never throws. */
export function browserStorage(
  get: () => Storage | null | undefined = () => window.localStorage,
): BrowserStorage {
  let why: string;
  try {
    const s = get();
    if (s) {
      s.getItem('landfall.probe');
      return { storage: s, problem: null };
    }
    why = 'localStorage is missing';
  } catch (e) {
    why = `localStorage unavailable: ${errText(e)}`;
  }
  return { storage: unavailableStorage(why), problem: `saves disabled (${why})` };
}
