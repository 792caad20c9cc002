/**
 * `createStreamer`: the streamer for one body with its worker pool (ADR-0010). In a browser the
 * default pool is min(8, hardwareConcurrency) module workers, each handed WORKER_QUEUE_DEPTH jobs at
 * once; in Node pass `pool` from
 * `@landfall/streamer/node` (`createNodePool`).
 */
import { getBody, worldDigest } from '@landfall/universe';
import { DiskCache } from '../persist/DiskCache';
import type { PatchStore } from '../persist/PatchStore';
import { CELL_PIXELS, SSE_TARGET_PIXELS } from '../lod/LodRanges';
import { WORKER_QUEUE_DEPTH, WorkerPool, type WorkerFactory } from '../pool/WorkerPool';
import { browserWorkerFactory, defaultBrowserWorkers } from '../pool/browserWorkerFactory';
import { Streamer } from './Streamer';
import type { PatchProducer } from '../produce/PatchProducer';

export interface StreamerOptions {
  /** Body id, e.g. "luna" (unknown ids throw UnknownBodyError). */
  body: string;
  /** Worker count for the default browser pool (default min(8, hardwareConcurrency)). */
  workers?: number;
  /** Pixels a grid cell may subtend before its node splits (default CELL_PIXELS). */
  cellPixels?: number;
  /**
   * Error-driven split target, px (ADR-0008): a node splits at its own error's distance between
   * DENSEST_ and COARSEST_CELL_PIXELS. Default SSE_TARGET_PIXELS; 0 splits by cell size alone.
   */
  ssePixels?: number;
  maxPatches?: number;
  byteBudget?: number;
  /** A pool (Node: createNodePool) or a worker factory; default: browser module workers. */
  pool?: WorkerPool | WorkerFactory;
  /**
   * Where generated patches come from (ADR-0020); default the pool. The pool still probes the
   * detail floor and finds rocks.
   */
  producer?: PatchProducer;
  /** Depth cap override (default: the body's surface detail floor). */
  maxLevel?: number;
  /**
   * A persistent patch store (ADR-0019) below the in-memory cache: in a browser
   * `IndexedDbPatchStore.open()`, in tests a `MemoryPatchStore`; none by default.
   */
  store?: PatchStore | Promise<PatchStore>;
  /** Byte budget of the persistent store (default DEFAULT_DISK_BYTE_BUDGET). */
  diskByteBudget?: number;
  /** Hold the 360° look-around ring (ADR-0019); settable later as `streamer.lookAround`. */
  lookAround?: boolean;
  /**
   * Draw each level filtered to its own grid (ADR-0006; default on): a coarse patch draws only the
   * detail its cells can carry (no aliasing from orbit). Filtered patches move their corner
   * vertices; the draw set's per-corner overrides keep them closed. `false` draws the full field
   * at every level (the persistent store keys the two apart).
   */
  levelFilter?: boolean;
}

export function createStreamer(o: StreamerOptions): Streamer {
  const body = getBody(o.body);
  let pool: WorkerPool;
  if (o.pool instanceof WorkerPool) pool = o.pool;
  else {
    const factory = typeof o.pool === 'function' ? o.pool : browserWorkerFactory();
    pool = new WorkerPool(factory, o.workers ?? defaultBrowserWorkers(), { depth: WORKER_QUEUE_DEPTH });
  }
  return new Streamer({
    body,
    pool,
    cellPixels: o.cellPixels ?? CELL_PIXELS,
    ssePixels: o.ssePixels ?? SSE_TARGET_PIXELS,
    maxPatches: o.maxPatches,
    byteBudget: o.byteBudget,
    maxLevel: o.maxLevel,
    disk: o.store
      ? new DiskCache(o.store, {
          levelId: worldDigest(body).levelId,
          levelFilter: o.levelFilter ?? true,
          producer: o.producer?.kind,
          byteBudget: o.diskByteBudget,
        })
      : null,
    lookAround: o.lookAround,
    producer: o.producer,
    levelFilter: o.levelFilter,
  });
}
