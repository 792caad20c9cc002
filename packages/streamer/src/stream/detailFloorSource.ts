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

/** Depth cap while the detail floor is being probed (ADR-0008). */
export const PROVISIONAL_MAX_LEVEL = 8;

const floors = new Map<string, DetailFloor>();

/** The floor of `bodyId` if this page has probed it already. */
export function knownDetailFloor(bodyId: string): DetailFloor | undefined {
  return floors.get(bodyId);
}

/** Probes `body`'s floor in `pool` (or here, if the workers cannot); cached per body. */
export function requestDetailFloor(body: Body, pool: WorkerPool): Promise<DetailFloor> {
  const known = floors.get(body.id);
  if (known) return Promise.resolve(known);
  return pool.detailFloor(body.id).then(
    (f) => remember(body, f ?? surfaceDetailFloor(body)),
    (err: unknown) => {
      if (err instanceof CancelledError) throw err;
      return remember(body, surfaceDetailFloor(body));
    },
  );
}

function remember(body: Body, f: DetailFloor): DetailFloor {
  const known = floors.get(body.id);
  if (known) return known;
  floors.set(body.id, f);
  return f;
}
