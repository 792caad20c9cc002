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
 *
 * Error-driven split (issue #12, `ssePixels` > 0; ADR-0008): a resident node N of level l splits
 * below its own distance
 *
 *   S_N = min(clamp(ERROR_PER_MORPH_DELTA · δ_N · focal / ssePixels, S_c(l), S_d(l)), S_parent / 2)
 *
 * where δ_N is the largest morph delta of its payload (how far its surface lies from its parent's
 * mesh, m; `npm run bench -- sse` measures the patch's error against the full drawn field at about
 * that size), S_d / S_c are S(l) at DENSEST_CELL_PIXELS / COARSEST_CELL_PIXELS, and the halving
 * keeps today's ratio between a node's split and its children's (roots: no parent term). So
 * smooth ground stays coarse and rough ground refines. A child's morph range is
 * [MORPH_START_FRACTION · S_parent, S_parent]: it appears fully morphed and is unmorphed before it
 * splits, as with the fixed ranges; where neighbours' ranges differ, the draw set forces their
 * shared edge and corner to one factor (balance.ts).
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
/** Screen-space error target of the error-driven split, px (ADR-0008). */
export const SSE_TARGET_PIXELS = 4.5;
/** A patch's error against the full drawn field per metre of its largest morph delta (ADR-0008). */
export const ERROR_PER_MORPH_DELTA = 2;
/** The coarsest the error-driven split lets a node's cells get on screen, px (ADR-0008). */
export const COARSEST_CELL_PIXELS = 24;
/** Levels past the body's depth cap the error-driven split may refine to (ADR-0008). */
export const SSE_EXTRA_LEVELS = 2;
/** The finest the error-driven split lets a node's cells get on screen, px (ADR-0008). */
export const DENSEST_CELL_PIXELS = 5;
/** Quads along a patch edge. */
const CELLS = PATCH_GRID - 1;

export interface LodParams {
  /** R + maxRelief of the body, m. */
  shellRadius: number;
  cellPixels: number;
  /** Focal length in pixels: viewportHeight / (2·tan(fovY/2)). */
  focal: number;
  /** Error-driven split target, px (see above); 0 or absent: split at S(l) alone. */
  ssePixels?: number;
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

/**
 * The error-driven split distance of a level-`level` node whose largest morph delta is `deltaM` m
 * (before the parent's halving term; see above), m. Requires `p.ssePixels` > 0.
 */
export function errorSplitDistance(p: LodParams, level: number, deltaM: number): number {
  const cellFocal = (nodeSize(p, level) / CELLS) * p.focal;
  const lo = cellFocal / COARSEST_CELL_PIXELS;
  const hi = cellFocal / DENSEST_CELL_PIXELS;
  return Math.min(hi, Math.max(lo, (ERROR_PER_MORPH_DELTA * deltaM * p.focal) / (p.ssePixels as number)));
}

/** Nominal morph end of a level-l patch (its parent's split distance), m. */
export function morphEnd(p: LodParams, level: number): number {
  return 2 * splitDistance(p, level);
}

/** Nominal morph start of a level-l patch, m. */
export function morphStart(p: LodParams, level: number): number {
  return MORPH_START_FRACTION * morphEnd(p, level);
}
