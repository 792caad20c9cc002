/**
 * The level filter of a patch (ADR-0006, ADR-0009): a level-L patch draws the field filtered to
 * its own lattice spacing, the nominal cell arc (π/2 · R) / (2^L · 64) — a cube face spans a
 * quarter turn, a patch 64 cells. Each level up doubles it exactly (a power-of-two division), so a
 * child's "parent filter" 2 · levelFilterM(R, L) has the same bits as levelFilterM(R, L − 1) and a
 * fully morphed child lands on its parent's own vertices bit for bit.
 */
import { PATCH_GRID } from './PatchFormat';

/** Nominal cell arc per metre of radius at level 0: (π/2) / 64 (ADR-0009). */
export const LEVEL_FILTER_ARC = Math.PI / 2 / (PATCH_GRID - 1);

/** Filter scale of a level-`level` patch on a body of radius `radius` m, m. */
export function levelFilterM(radius: number, level: number): number {
  return (radius * LEVEL_FILTER_ARC) / 2 ** level;
}
