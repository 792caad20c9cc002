/**
 * Tunables of the drawn tail (ADR-0006): the micro crater ladder below the canonical floor and the
 * regolith grit. One frozen record; every exported number has a row in ADR-0006's Contracts table.
 */
import { CANONICAL_DETAIL_FLOOR } from '../field/tunables';

/** Pass id of the micro crater ladder's random streams (ADR-0002: pass ids are never reused). */
export const MICRO_CRATER_PASS = 0x7a11;
/** Pass id of the regolith grit's lattice gradients. */
export const GRIT_PASS = 0x7a12;
/**
 * First rung number of the micro ladder. Canonical rungs count up from 0 at the body's largest
 * crater (at most ~22 halvings from 2,500 km to 8 m); micro rungs are numbered from here, so no
 * micro rung's hash stream can coincide with a canonical one.
 */
export const MICRO_RUNG_BASE = 64;
/** Number of micro rungs: nominal diameters 4, 2, 1 m (craters span [D, 2D) on rung D). */
export const MICRO_RUNG_COUNT = 3;
/**
 * Nominal diameter of the top micro rung, m: half the canonical floor, so its craters ([D, 2D))
 * end exactly where the canonical ladder's smallest rung begins.
 */
export const MICRO_TOP_DIAMETER = CANONICAL_DETAIL_FLOOR / 2;
/** Smallest crater diameter the tail draws, m (nominal diameter of the bottom rung). */
export const MICRO_DETAIL_FLOOR = 1;
/**
 * Equilibrium crater density C in N(≥D) = C·D⁻² (N per m², D in m): about 6.5 % of geometric
 * saturation 1.54·D⁻² (Gault 1970); Trask (1966) measured ≈ 10^-1.1 on lunar maria.
 */
export const MICRO_EQUILIBRIUM_C = 0.13;
/**
 * Diameter at which the micro ladder takes its body's crater share, m: the canonical ladder's
 * smallest craters. Where the body's old unit is younger than equilibrium there (production over
 * equilibrium < 1, ADR-0004: Io 0.005, Triton 0.24, Europa 0.29, Enceladus 0.49 at 8 m) the micro rungs keep
 * that share of equilibrium's craters, as the ladder's smallest rung does; elsewhere it is 1.
 */
export const MICRO_SHARE_DIAMETER = CANONICAL_DETAIL_FLOOR;
/** Lattice cell edge of a rung in units of its nominal diameter. */
export const MICRO_CELL_PER_D = 3;
/** Thickness of the radial shell that accepts a cell's jittered point, in nominal diameters. */
export const MICRO_SHELL_PER_D = 3;
/** Fresh simple-crater depth/diameter (Pike 1977: d/D ≈ 0.2 — a fresh 8 m crater is 1.6 m deep). */
export const MICRO_DEPTH_RATIO = 0.2;
/** Fresh rim height/diameter (Pike 1977: ≈ 0.036). */
export const MICRO_RIM_RATIO = 0.036;
/** Depth of a fully degraded crater as a fraction of the fresh depth. */
export const MICRO_DEGRADED_DEPTH = 0.25;
/** Reach of a crater's rim apron, in rim radii squared (1.5 rim radii). */
export const MICRO_REACH_U = 2.25;
/**
 * Half-width, in u = (r/Rc)², of the C¹ blend joining a micro crater's bowl to its apron at the rim
 * (u ∈ [1 − w, 1 + w]): in r it spans [0.775, 1.183]·Rc, 0.41 rim radii, so 0.20 m on the smallest
 * crater (Rc = 0.5 m) — above every drawn cell at the depth caps (ADR-0008: 0.15 m on Luna).
 */
export const MICRO_RIM_BLEND_U = 0.4;
/** Soft limit of the folded crater sum, m: |fold| < this for any overlap. */
export const MICRO_CRATER_CEILING = 1.5;
/** Grit lattice spacing of the first octave, m (features ≈ 8 m). */
export const GRIT_SPACING_M = 4;
/** Grit amplitude of the first octave, m (the second has half the spacing and half the amplitude). */
export const GRIT_AMPLITUDE_M = 0.25;
/** Proved bound of |one grit octave| for gradient components in [−1, 1] (see grit.ts). */
export const GRIT_OCTAVE_BOUND = 1.5;

/** Every tail tunable in one frozen record (ADR-0006), for tools and the observatory to display. */
export const TAIL_TUNABLES = Object.freeze({
  microCraterPass: MICRO_CRATER_PASS,
  gritPass: GRIT_PASS,
  microRungBase: MICRO_RUNG_BASE,
  microRungCount: MICRO_RUNG_COUNT,
  microTopDiameterM: MICRO_TOP_DIAMETER,
  microDetailFloorM: MICRO_DETAIL_FLOOR,
  microEquilibriumC: MICRO_EQUILIBRIUM_C,
  microShareDiameterM: MICRO_SHARE_DIAMETER,
  microCellPerD: MICRO_CELL_PER_D,
  microShellPerD: MICRO_SHELL_PER_D,
  microDepthRatio: MICRO_DEPTH_RATIO,
  microRimRatio: MICRO_RIM_RATIO,
  microDegradedDepth: MICRO_DEGRADED_DEPTH,
  microReachU: MICRO_REACH_U,
  microRimBlendU: MICRO_RIM_BLEND_U,
  microCraterCeilingM: MICRO_CRATER_CEILING,
  gritSpacingM: GRIT_SPACING_M,
  gritAmplitudeM: GRIT_AMPLITUDE_M,
  gritOctaveBound: GRIT_OCTAVE_BOUND,
});
