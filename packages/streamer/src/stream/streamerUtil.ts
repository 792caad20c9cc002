/** Small helpers of the streamer: config and view validation, percentiles, the cache's world tag. */
import { worldDigest, type Body } from '@landfall/universe';
import { MAX_NODE_LEVEL } from '../quadtree/NodeKey';
import type { ViewState } from './ViewState';

function finiteArray(a: unknown, n: number): boolean {
  if (!(a instanceof Float64Array) || a.length !== n) return false;
  for (let i = 0; i < n; i++) if (!Number.isFinite(a[i])) return false;
  return true;
}

/** Throws a RangeError for a non-positive cell size or a depth cap outside 0…MAX_NODE_LEVEL. */
export function checkConfig(cellPixels: number, maxLevel: number | undefined): void {
  if (!(cellPixels > 0)) throw new RangeError(`cellPixels ${cellPixels} must be positive`);
  if (
    maxLevel !== undefined &&
    !(Number.isInteger(maxLevel) && maxLevel >= 0 && maxLevel <= MAX_NODE_LEVEL)
  ) {
    throw new RangeError(`maxLevel ${maxLevel} is not 0…${MAX_NODE_LEVEL}`);
  }
}

/** Throws a RangeError naming the first bad field of `view`. */
export function checkView(view: ViewState): void {
  if (!view) throw new RangeError('view is missing');
  if (!finiteArray(view.eye, 3)) throw new RangeError('view.eye must be a finite Float64Array(3)');
  if (!finiteArray(view.viewProjection, 16)) {
    throw new RangeError('view.viewProjection must be a finite Float64Array(16)');
  }
  if (!(view.fovY > 0 && view.fovY < Math.PI))
    throw new RangeError(`view.fovY ${view.fovY} is not in (0, π)`);
  if (!(view.viewportHeight > 0 && Number.isFinite(view.viewportHeight))) {
    throw new RangeError(`view.viewportHeight ${view.viewportHeight} is not a positive number`);
  }
  if (view.velocity !== undefined && !finiteArray(view.velocity, 3)) {
    throw new RangeError('view.velocity must be a finite Float64Array(3)');
  }
}

/** q-quantile of an ascending array (nearest rank); 0 when empty. */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** The cache's world tag: universe's level id (body, terrain version, seed, field and registry hashes). */
export function worldTag(body: Body): string {
  return worldDigest(body).levelId;
}
