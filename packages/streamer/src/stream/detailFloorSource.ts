/**
 * Where a streamer's depth cap comes from (ADR-0008). A body's surface detail floor is probed once
 * per body per page, in a pool worker, so the main thread never spends the probe (thousands of
 * drawn-field samples, 0.5–1 s here); until it arrives the streamer refines no deeper than
 * PROVISIONAL_MAX_LEVEL. Workers without the probe (test fakes), or a probe that failed in the
 * workers, fall back to probing on the calling thread: the cap is never left unknown.
 */
import type { Body } from '@landfall/universe';
import { surfaceDetailFloor, type DetailFloor } from '../lod/surfaceDetailFloor';
import { CancelledError, type WorkerPool } from '../pool/WorkerPool';
import type { DiskCache } from '../persist/DiskCache';
import { MAX_NODE_LEVEL } from '../quadtree/NodeKey';

/** Depth cap while the detail floor is being probed (ADR-0008). */
export const PROVISIONAL_MAX_LEVEL = 8;

const floors = new Map<string, DetailFloor>();

/** The floor of `bodyId` if this page has probed it already. */
export function knownDetailFloor(bodyId: string): DetailFloor | undefined {
  return floors.get(bodyId);
}

/**
 * Probes `body`'s floor in `pool` (or here, if the workers cannot); cached per body. With a
 * persistent cache (ADR-0019), a floor stored for this world is read instead, and a probed one is
 * stored: the floor is a function of the world's level id alone.
 */
export async function requestDetailFloor(
  body: Body,
  pool: WorkerPool,
  disk?: DiskCache | null,
): Promise<DetailFloor> {
  const known = floors.get(body.id);
  if (known) return known;
  const stored = disk ? fromValues(await disk.readValues(FLOOR_RECORD)) : null;
  if (stored) return remember(body, stored);
  const f = await pool.detailFloor(body.id).then(
    (f) => remember(body, f ?? surfaceDetailFloor(body)),
    (err: unknown) => {
      if (err instanceof CancelledError) throw err;
      return remember(body, surfaceDetailFloor(body));
    },
  );
  disk?.writeValues(FLOOR_RECORD, Float64Array.of(f.maxLevel, f.detailFloorM, ...f.deviation));
  return f;
}

/** Name of the stored floor in the persistent cache's namespace. */
const FLOOR_RECORD = 'detailFloor';

/** A stored floor, or null unless it is whole and sane. */
function fromValues(v: Float64Array | null): DetailFloor | null {
  if (!v || v.length !== MAX_NODE_LEVEL + 3) return null;
  const [maxLevel, detailFloorM] = v;
  if (!(Number.isInteger(maxLevel) && maxLevel >= 0 && maxLevel <= MAX_NODE_LEVEL && detailFloorM > 0))
    return null;
  return { maxLevel, detailFloorM, deviation: v.slice(2) };
}

function remember(body: Body, f: DetailFloor): DetailFloor {
  const known = floors.get(body.id);
  if (known) return known;
  floors.set(body.id, f);
  return f;
}
