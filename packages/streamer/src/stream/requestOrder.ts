/**
 * Request de-duplication and order (ADR-0010): one request per node (a need beats a prefetch, the
 * nearer need wins), then the ancestor pyramid coarsest first, then nearest need, prefetch last.
 */
import type { SelectRequest } from '../lod/Selector';

/** One request per node of `requests`, leaving out nodes `skip` names (resident, failed). */
export function wantedRequests(
  requests: readonly SelectRequest[],
  skip: (packed: number) => boolean,
): Map<number, SelectRequest> {
  const wanted = new Map<number, SelectRequest>();
  for (const r of requests) {
    const packed = r.info.key.packed;
    if (skip(packed)) continue;
    const prev = wanted.get(packed);
    if (
      !prev ||
      (prev.prefetch && !r.prefetch) ||
      (prev.prefetch === r.prefetch && r.distance < prev.distance)
    ) {
      wanted.set(packed, r);
    }
  }
  return wanted;
}

/** Sorts `todo` in submission order (in place) and returns it. */
export function requestOrder(todo: SelectRequest[]): SelectRequest[] {
  return todo.sort(
    (a, b) =>
      Number(a.prefetch) - Number(b.prefetch) ||
      a.info.key.level - b.info.key.level ||
      a.distance - b.distance,
  );
}
