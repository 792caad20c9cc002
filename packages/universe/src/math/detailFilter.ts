/**
 * The level filter of the drawn field (ADR-0006, issue #12): a patch whose lattice spacing is
 * `filterM` metres draws only the detail its cells can carry. A feature family of size `size`
 * (a crater rung's smallest diameter, a noise octave's lattice spacing) enters with weight
 *
 *   w = smootherstep(DETAIL_FILTER_LO, DETAIL_FILTER_HI, size / filterM)
 *
 * 0 for features under DETAIL_FILTER_LO cells (skipped: they cost nothing), 1 from
 * DETAIL_FILTER_HI cells up; `filterM` = 0 is the full field (every weight exactly 1, so the
 * unfiltered field's bits are untouched). Each level halves `filterM`, so a family fades in
 * across two levels and the CDLOD morph (child → parent's coarser filter) blends it continuously.
 */
import { smootherstep } from './smooth';

/** Sizes below this many filter cells get weight 0 (ADR-0006). */
export const DETAIL_FILTER_LO = 1;
/** Sizes from this many filter cells up get weight 1 (ADR-0006). */
export const DETAIL_FILTER_HI = 2;

/**
 * Test-only switch (never set outside tests; not part of the package API): `cut` replaces the fade
 * by a step at the middle of the band, the break the fade test must catch.
 */
export const detailFilterTestHooks = { cut: false };

/** Weight (0 … 1) of a feature family of size `size` m under the level filter `filterM` m. */
export function detailWeight(size: number, filterM: number): number {
  if (!(filterM > 0)) return 1;
  const x = size / filterM;
  if (detailFilterTestHooks.cut) return x < (DETAIL_FILTER_LO + DETAIL_FILTER_HI) / 2 ? 0 : 1;
  return smootherstep(DETAIL_FILTER_LO, DETAIL_FILTER_HI, x);
}

/** Checks a filter scale: a finite number ≥ 0 (0: the full field). */
export function checkFilter(filterM: number): void {
  if (!(filterM >= 0) || !Number.isFinite(filterM))
    throw new RangeError(`drawn field: filter scale ${filterM} m is not a finite number ≥ 0`);
}
