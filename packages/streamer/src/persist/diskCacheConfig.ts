/**
 * The persistent patch cache's constants, options and counters (ADR-0019), apart from `DiskCache`
 * itself.
 */
import type { ProducerKind } from '../produce/PatchProducer';

/** Default byte budget of the persistent cache, 256 MiB (≈ 2,600 patches) (ADR-0019). */
export const DEFAULT_DISK_BYTE_BUDGET = 268435456;
/** Entries encoded and written per transaction (ADR-0019). */
export const DISK_WRITE_BATCH = 8;
/** Delay before a queued write is flushed, ms: batches arrivals of one frame (ADR-0019). */
export const DISK_FLUSH_DELAY_MS = 50;
/** Writes waiting at most; further ones are dropped (ADR-0019). */
export const DISK_QUEUE_MAX = 256;
/**
 * A store that has not opened after this much time the page could run (a frame blocking the thread
 * is not counted) is given up for this session, ms (ADR-0019).
 */
export const DISK_OPEN_TIMEOUT_MS = 5000;
/** Version of the patch generator (generateHeightfield); bump when its output changes (ADR-0019). */
export const PATCH_PRODUCER_VERSION = 1;

export type DiskState = 'opening' | 'on' | 'off';

export interface DiskCacheOptions {
  /** The world's level id (universe `worldDigest(body).levelId`). */
  levelId: string;
  /** Whether the patches are drawn under the level filter (ADR-0006; default true): part of the key. */
  levelFilter?: boolean;
  /**
   * Which producer's patches it holds (ADR-0020; default 'workers'): part of the key, since the
   * producers agree to a tolerance, not bit for bit.
   */
  producer?: ProducerKind;
  byteBudget?: number;
  /** Where the one warning goes (default console.warn). */
  warn?: (message: string) => void;
}

export interface DiskCounters {
  state: DiskState;
  hits: number;
  misses: number;
  corrupt: number;
  writes: number;
  bytes: number;
  entries: number;
  /** Writes queued and not yet stored; writes dropped because the queue was full (cumulative). */
  pending: number;
  dropped: number;
  /** Why persistence is off ('' while it is on). */
  message: string;
  /** Wall ms from construction until the index was read (or persistence turned off). */
  openMs: number;
  /** Read transactions (each `getMany` batch) and their summed wall ms (cumulative). */
  readBatches: number;
  readMs: number;
  /** Read transactions carrying at least one read the view waits for (not the ring's alone). */
  viewReadBatches: number;
  /** Summed ms of decoding and checksumming what was read (cumulative, on this thread). */
  decodeMs: number;
}

/** Counters of a cache that is opening and has done nothing yet. */
export function emptyDiskCounters(): DiskCounters {
  return {
    state: 'opening',
    hits: 0,
    misses: 0,
    corrupt: 0,
    writes: 0,
    bytes: 0,
    entries: 0,
    pending: 0,
    dropped: 0,
    message: '',
    openMs: 0,
    readBatches: 0,
    viewReadBatches: 0,
    readMs: 0,
    decodeMs: 0,
  };
}
