/** Streamer counters for the HUD, tests and benchmarks (ADR-0010). */
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
  /** Patches generated and accepted into the cache (cumulative). */
  generated: number;
  /** Patches evicted from the cache (cumulative). */
  evicted: number;
  /** Distinct generated patches that have been in the draw set at least once (cumulative). */
  everDrawn: number;
  /** Jobs that failed after every retry (cumulative). */
  failed: number;
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
    generated: 0,
    evicted: 0,
    everDrawn: 0,
    failed: 0,
    workerRestarts: 0,
    selectionMs: 0,
  };
}
