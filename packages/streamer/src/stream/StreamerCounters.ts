/** Streamer counters for the HUD, tests and benchmarks (ADR-0010). */

/**
 * Why the streamer is not at its fixed point, first cause first: the depth cap is still being
 * probed; jobs are in the pool; wanted patches wait for a pool slot; wanted nodes wait for a retry
 * back-off; wanted nodes were given up on after RETRY_MAX_ATTEMPTS failures; drawn nodes want to
 * split but miss a child; the draw set differs from the previous update's. 'none' at the fixed point.
 */
export type FixedPointBlocker =
  | 'none'
  | 'detailFloor'
  | 'inFlight'
  | 'requests'
  | 'retryWaiting'
  | 'failed'
  | 'starved'
  | 'drawSetChanging';

export interface StreamerCounters {
  /** Patches in the draw set. */
  drawn: number;
  /** Patches in the cache. */
  resident: number;
  /** Wanted patches not yet handed to the pool. */
  queued: number;
  /** Patches handed to the pool and not yet returned. */
  inFlight: number;
  /** Jobs cancelled because nothing wanted them any more (cumulative). */
  cancelled: number;
  /** Drawn nodes that want to split but miss a visible child (this update). */
  starved: number;
  /** Needed nodes found resident (this update). */
  cacheHits: number;
  /** Needed nodes not resident (this update). */
  cacheMisses: number;
  /** Worker generation time of the last ≤ 256 patches, median and 95th percentile, ms. */
  genMsP50: number;
  genMsP95: number;
  bytesResident: number;
  /** Nothing wanted, nothing in flight, nothing starved, draw set unchanged since the last update. */
  fixedPoint: boolean;
  /** Why `fixedPoint` is false ('none' when it is true). */
  fixedPointBlocker: FixedPointBlocker;
  /** Patches generated and accepted into the cache (cumulative). */
  generated: number;
  /** Patches evicted from the cache (cumulative). */
  evicted: number;
  /** Generated patches (payloads) that have been in the draw set at least once (cumulative). */
  everDrawn: number;
  /** Jobs whose pool promise rejected (not cancelled) (cumulative). */
  failed: number;
  /** Jobs submitted again for a node whose earlier job failed (cumulative). */
  retried: number;
  /** Wanted nodes waiting for their retry back-off (last update). */
  retryWaiting: number;
  /** Nodes given up on after RETRY_MAX_ATTEMPTS failed jobs (now). */
  givenUp: number;
  /** Entries in the selector's node table (bounded by the working set, not by distance flown). */
  nodeTable: number;
  /** Worker replacements after a death or throw (cumulative). */
  workerRestarts: number;
  /** Main-thread time of the last update's selection, balance and scheduling, ms. */
  selectionMs: number;
}

/** All counters at zero (a new streamer). */
export function emptyCounters(): StreamerCounters {
  return {
    drawn: 0,
    resident: 0,
    queued: 0,
    inFlight: 0,
    cancelled: 0,
    starved: 0,
    cacheHits: 0,
    cacheMisses: 0,
    genMsP50: 0,
    genMsP95: 0,
    bytesResident: 0,
    fixedPoint: false,
    fixedPointBlocker: 'detailFloor',
    generated: 0,
    evicted: 0,
    everDrawn: 0,
    failed: 0,
    retried: 0,
    retryWaiting: 0,
    givenUp: 0,
    nodeTable: 0,
    workerRestarts: 0,
    selectionMs: 0,
  };
}
