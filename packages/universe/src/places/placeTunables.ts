/**
 * How the field builds named places (ADR-0018): one frozen record whose exact float64 bits feed
 * the world digest's registry hash. Widths are in units of the feature's radius R (chord of its
 * angular radius) unless named otherwise.
 */

/** Half-width of the shoreline ramp of a mare, basin or mons footprint, in R. ADR-0018. */
export const PLACE_SHORE_WIDTH = 0.15;
/** Share of the ladder's relief a basin floor keeps. ADR-0018. */
export const PLACE_BASIN_KEEP = 0.5;
/** Share of the ladder's relief a shield volcano's flanks keep. ADR-0018. */
export const PLACE_MONS_KEEP = 0.2;
/** Share of the ladder's relief inside a fresh named crater (fresh = 1); older ones keep more. ADR-0018. */
export const PLACE_CRATER_KEEP = 0.15;
/** Summit caldera radius, in R of the shield. ADR-0018. */
export const PLACE_CALDERA_RADIUS = 0.12;
/** Summit caldera depth over the shield's summit height. ADR-0018. */
export const PLACE_CALDERA_DEPTH = 0.1;
/** A canyon's flat floor half-width over its half-width, at most (the rest is wall). ADR-0018. */
export const PLACE_CANYON_FLOOR = 0.6;
/**
 * A canyon's mean wall slope (rise over run): the wall spans depth / this horizontally, so
 * Valles Marineris' 7–9 km walls average ~24° and peak at 1.5× (~34°); Lucchitta et al. 1992
 * give 20–30°. ADR-0018.
 */
export const PLACE_CANYON_WALL_TAN = 0.45;
/** A canyon's flat floor half-width over its half-width, at least (narrow deep chasmata). ADR-0018. */
export const PLACE_CANYON_FLOOR_MIN = 0.15;
/**
 * A named caldera's wall, as a share of its radius (flat floor inside): Olympus Mons' 2.4 km pit
 * of 30 km radius gets a 4.5 km wide wall, ~32° mean (Mouginis-Mark & Robinson 1992: steep
 * scarps). ADR-0018.
 */
export const PLACE_CALDERA_WALL = 0.15;
/** A mons' basal escarpment width, in R of the shield (Olympus: ~12 km for a 6 km cliff). ADR-0018. */
export const PLACE_ESCARPMENT_WIDTH = 0.04;
/** A rupes' end taper, as a share of its half-length. ADR-0018. */
export const PLACE_CANYON_TAPER = 0.1;
/**
 * Under a level filter of spacing F (math/detailFilter.ts), a canyon wall spans at least this
 * many F (√(wall² + (this·F)²) about its middle): a wall narrower than the patch's cells is drawn
 * as a staircase of cell-wide teeth. ADR-0018.
 */
export const PLACE_CANYON_FILTER_CELLS = 2;

/** A lobate scarp's steep face, as a share of its width (the back limb is the rest). ADR-0018. */
export const PLACE_SCARP_FACE = 0.15;

export const PLACE_TUNABLES = Object.freeze({
  scarpFace: PLACE_SCARP_FACE,
  shoreWidth: PLACE_SHORE_WIDTH,
  basinKeep: PLACE_BASIN_KEEP,
  monsKeep: PLACE_MONS_KEEP,
  craterKeep: PLACE_CRATER_KEEP,
  calderaRadius: PLACE_CALDERA_RADIUS,
  calderaDepth: PLACE_CALDERA_DEPTH,
  canyonFloor: PLACE_CANYON_FLOOR,
  canyonWallTan: PLACE_CANYON_WALL_TAN,
  canyonFloorMin: PLACE_CANYON_FLOOR_MIN,
  calderaWall: PLACE_CALDERA_WALL,
  escarpmentWidth: PLACE_ESCARPMENT_WIDTH,
  canyonTaper: PLACE_CANYON_TAPER,
  canyonFilterCells: PLACE_CANYON_FILTER_CELLS,
});
