/**
 * CDLOD ranges (ADR-0008; Strugar 2010, "Continuous Distance-Dependent Level of Detail").
 *
 * A node of level l splits while the distance from the eye to its bounding sphere (the drawn
 * surface's, i.e. the relief shell, not the datum) is below splitDistance(l):
 *
 *   S(l) = cell(l) · focal / cellPixels
 *
 * with cell(l) = size(l)/64, size(l) = 2·(R + maxRelief)/2^l an upper bound of a level-l node's
 * edge length, and focal = viewportHeight / (2·tan(fovY/2)) in pixels; S(l − 1) = 2·S(l) exactly.
 * A level-l patch morphs into its parent's mesh over [MORPH_START_FRACTION·2·S(l), 2·S(l)]: beyond
 * 2·S(l) its parent would have been drawn. Edges shared with a finer or coarser neighbour are
 * closed exactly by the per-edge morph override in the draw set (see DrawPatch.edgeMorph), which
 * the 2:1 balance makes sufficient.
 */

import { PATCH_GRID } from '../patch/PatchFormat';

/** Default pixels one grid cell may subtend before its node splits (ADR-0008). */
export const CELL_PIXELS = 10;
/** Morph starts at this fraction of a level's morph end 2·S(l) (ADR-0008). */
export const MORPH_START_FRACTION = 0.7;
/** morphStart for a patch that never morphs (a root): finite, so GPU math stays finite (ADR-0008). */
export const NO_MORPH_START = 1e30;
/** morphEnd for a patch that never morphs (ADR-0008). */
export const NO_MORPH_END = 2e30;
/** Quads along a patch edge. */
const CELLS = PATCH_GRID - 1;

export interface LodParams {
  /** R + maxRelief of the body, m. */
  shellRadius: number;
  cellPixels: number;
  /** Focal length in pixels: viewportHeight / (2·tan(fovY/2)). */
  focal: number;
}

/** Focal length in pixels of a vertical field of view `fovY` (rad) over `viewportHeight` px. */
export function focalPixels(fovY: number, viewportHeight: number): number {
  if (!(fovY > 0 && fovY < Math.PI)) throw new RangeError(`fovY ${fovY} is not in (0, π)`);
  if (!(viewportHeight > 0)) throw new RangeError(`viewportHeight ${viewportHeight} is not positive`);
  return viewportHeight / (2 * Math.tan(fovY / 2));
}

/** Upper bound of a level-l node's edge length, m. */
export function nodeSize(p: LodParams, level: number): number {
  return (2 * p.shellRadius) / 2 ** level;
}

/** Distance below which a level-l node splits, m. */
export function splitDistance(p: LodParams, level: number): number {
  return ((nodeSize(p, level) / CELLS) * p.focal) / p.cellPixels;
}

/** Nominal morph end of a level-l patch (its parent's split distance), m. */
export function morphEnd(p: LodParams, level: number): number {
  return 2 * splitDistance(p, level);
}

/** Nominal morph start of a level-l patch, m. */
export function morphStart(p: LodParams, level: number): number {
  return MORPH_START_FRACTION * morphEnd(p, level);
}
