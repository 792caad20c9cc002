/**
 * What a `Streamer` is built from (ADR-0008, ADR-0010, ADR-0019), and the streamer's record of one
 * job.
 */
import type { Body } from '@landfall/universe';
import type { PatchPayload } from '../patch/PatchFormat';
import type { WorkerPool } from '../pool/WorkerPool';
import type { PatchProducer } from '../produce/PatchProducer';
import type { NodeKey } from '../quadtree/NodeKey';
import type { DiskCache } from '../persist/DiskCache';

export interface StreamerConfig {
  body: Body;
  /** The worker pool: the detail-floor probe, rocks, and the producer unless `producer` is given. */
  pool: WorkerPool;
  /**
   * Where generated patches come from for this streamer's whole life (ADR-0020); default the pool
   * (`workerProducer`). A persistent cache given with it must be keyed for the same kind.
   */
  producer?: PatchProducer;
  cellPixels: number;
  /** Error-driven split target, px (LodParams.ssePixels); 0 or absent: split by cell size alone. */
  ssePixels?: number;
  maxPatches?: number;
  byteBudget?: number;
  /** Depth cap; defaults to the body's surface detail floor. */
  maxLevel?: number;
  /** Clock for retry back-offs, ms (default performance.now; tests pass a simulated clock). */
  now?: () => number;
  /** The persistent patch cache below the in-memory one (ADR-0019); none by default. */
  disk?: DiskCache | null;
  /** Hold the look-around ring (ADR-0019) from the start (see `lookAround`). */
  lookAround?: boolean;
  /** Bytes the ring may hold beyond the view's own (default RING_BYTE_BUDGET). */
  ringByteBudget?: number;
  /** Request each level filtered to its grid (StreamerOptions.levelFilter; default on). */
  levelFilter?: boolean;
}

/** One job of the streamer: a node asked for, until its payload is integrated. */
export interface Job {
  key: NodeKey;
  payload: PatchPayload | null;
  /** Aborted when the job is no longer wanted: the pool drops or ignores it. */
  abort: AbortController;
  /** Asked for by the look-around ring only (low priority; not part of the view's fixed point). */
  ring: boolean;
  fromDisk: boolean;
  /**
   * A disk arrival of this job reads ahead only what the view can see (ADR-0019): set on the
   * view's jobs and on what their read-ahead asks for; the ring's read ahead of everything.
   */
  viewAhead: boolean;
  /**
   * Its disk arrival reads ahead below it (true for every job but these). False for what a view read-ahead read but
   * judged not to descend (ADR-0019: out of view, its parent seen): reading its subtree on arrival
   * cost the warm view a second transaction for a node it never asks for.
   */
  aheadBelow: boolean;
}
