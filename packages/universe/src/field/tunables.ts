/**
 * Every tunable of the canonical field (ADR-0004), one frozen typed record per stage. Each value
 * is also an exported constant with its own ADR Contracts row; the records' exact float64 bits
 * feed the world digest's registry hash (ADR-0005), so changing any of them changes the level id.
 */
import {
  CRATER_DEPTH_RATIO,
  CRATER_EJECTA_REACH,
  CRATER_FLOOR_RADIUS,
  CRATER_PEAK_LOBES,
  CRATER_PEAK_RADIUS,
  CRATER_PEAK_SHARE,
  CRATER_RIM_SCALLOP,
  CRATER_SCALLOP_REACH,
  CRATER_TERRACE_MAX,
  CRATER_TERRACE_PINCH,
  CRATER_TERRACE_RATIO,
  CRATER_TERRACE_SHARE,
  CRATER_TERRACE_WAVE,
  CRATER_RIM_RATIO,
  CRATER_SMALL_FALL,
  CRATER_SMALL_SCALE_M,
} from '../math/craterProfile';

/** Shortest wavelength the canonical field carries, m (the ladder's smallest rung). ADR-0004. */
export const CANONICAL_DETAIL_FLOOR = 8;
/** Nominal relief amplitude at the detail floor, m. ADR-0004. */
export const CANONICAL_AMPLITUDE_FLOOR = 0.5;

/** Share of maxReliefM below which relief is untouched by the final soft limit. ADR-0004. */
export const RELIEF_KNEE = 0.5;

/** Random-stream pass ids of the canonical field (ADR-0002: never reused or renumbered). */
export const PASS_BANDS = 1;
export const PASS_RIDGES = 2;
export const PASS_BASIN = 3;
export const PASS_LADDER = 4;

/** Octaves of the band noise. ADR-0004. */
export const BAND_OCTAVES = 7;
/** Lattice cells per unit of direction space in the first band octave. ADR-0004. */
export const BAND_BASE_FREQUENCY = 1.25;
/** Amplitude ratio between successive band octaves (frequency doubles). ADR-0004. */
export const BAND_GAIN = 0.5;
/** Share of the body's maximum relief given to the bands. ADR-0004. */
export const BAND_RELIEF_SHARE = 0.5;
/** Band-noise level below which lowlands flood. ADR-0004. */
export const BAND_FLOOD_LEVEL = -0.1;
/** Half-width of the flooding shoreline ramp, in band-noise units. ADR-0004. */
export const BAND_FLOOD_WIDTH = 0.15;
/** Share of the ladder's relief buried in fully flooded lowlands at flooding 1. ADR-0004. */
export const BAND_FLOOD_BURIAL = 0.8;
/** Band-noise level where mountains (Io) and tesserae (Venus) begin. ADR-0004. */
export const BAND_MOUNTAIN_LEVEL = 0.2;
/** Width of the mountain / tessera ramp, in band-noise units. ADR-0004. */
export const BAND_MOUNTAIN_WIDTH = 0.3;
/** Half-width of the continental shelf ramp (Earth), in band-noise units. ADR-0004. */
export const BAND_SHELF_WIDTH = 0.08;
/** Octaves of the ridge noise (ridged ice, tesserae). ADR-0004. */
export const RIDGE_OCTAVES = 4;
/** Lattice cells per unit of direction space in the first ridge octave. ADR-0004. */
export const RIDGE_BASE_FREQUENCY = 16;
/** Crest rounding of the ridges (ε in √(n² + ε²)). ADR-0004. */
export const RIDGE_SHARPNESS = 0.15;
/** Share of the band relief drawn as ridges on ridged and tessera landforms. ADR-0004. */
export const RIDGE_SHARE = 0.5;

/** Lattice cell size over the rung's smallest diameter (sets the saturation density). ADR-0004. */
export const LADDER_CELL_OVER_DIAMETER = 2.5;
/** Largest lattice cell, direction-space units (coarse rungs keep density via existence). */
export const LADDER_MAX_CELL = 1;
/** Probability that a lattice cell holds a feature. ADR-0004. */
export const LADDER_EXISTENCE = 0.5;
/** A rung's overlaps fold through softLimit(S, this × the rung's fresh depth). ADR-0004. */
export const LADDER_FOLD_OVER_DEPTH = 3;
/** Boulder clock: freshness 1 − this·(age/4 Gyr)·(1 − youth) that boulder fields are thresholded on. ADR-0004. */
export const CRATER_DEGRADATION = 0.7;
/**
 * Topographic diffusivity of 1 km craters, m²/Gyr (Fassett & Thomson 2014: ≈ 5.5 m²/Myr on the
 * Moon over the last ~3 Gyr), scaled ∝ D (Fassett et al. 2018: smaller craters degrade with a
 * smaller effective diffusivity). ADR-0004.
 */
export const CRATER_DIFFUSIVITY_1KM = 5500;
/**
 * Aeolian infill diffusivity at full aeolian activity (4·air·(1 − air) = 1), m²/Gyr: wind-blown
 * fill adds activity × this to κ, so small
 * craters on bodies with air fill and soften. Calibrated (not measured) to Mars' plains at ~2–3°
 * RMS slope at 1 m (Kirk et al. 2008, HiRISE stereo at the Phoenix sites); Mars' small craters are
 * infilled and obliterated far faster than lunar ones (Hartmann 2005; Golombek et al. 2014). ADR-0004.
 */
export const CRATER_AEOLIAN_DIFFUSIVITY = 5000;
/**
 * Onset of aeolian infill, Gyr: the aeolian part of β acts on t²/(t + this) rather than on the age
 * t (≈ t − this when old, ≈ t²/this when young), so the youngest Martian craters keep walls near
 * repose (fresh Martian walls reach 30°+, Melosh 1989; small Martian craters take ~10⁷ yr to fill,
 * Golombek et al. 2014) while old ones soften as before. ADR-0004.
 */
export const CRATER_AEOLIAN_ONSET_GYR = 0.01;
/** Decay rate of a bowl's depth per κt/D² ((2·2.405)², its fundamental Bessel mode). ADR-0004. */
export const CRATER_DIFFUSION_MODE = 23;
/**
 * Remnant craters per visible crater where every crater made was erased (ADR-0004, ladderPlan.ts):
 * the craters that equilibrium erased from the counts still leave subdued, flat-floored bowls, so a
 * saturated surface stays cratered everywhere though its counts stop rising (Gault 1970). Capped
 * by the lattice's empty cells. Calibrated (not measured) with CRATER_REMNANT_DEPTH to LOLA's lunar
 * highland median slope at 17 m, ~7.5° (Rosenburg et al. 2011); 2 until terrain v13, when Luna's
 * highland took in its band lowlands (which the relief knee does not soften).
 */
export const CRATER_REMNANT_SHARE = 0.5;
/**
 * Remnants are drawn only where diffusion alone would leave the erased craters at least this share
 * of their fresh depth (at the middle of their ages): there saturation (overprinting, ejecta burial)
 * erased them from the counts; where diffusion erased them it left nothing to draw. ADR-0004.
 */
export const CRATER_REMNANT_MIN_FRESH = 0.4;
/** Largest depth over diameter of a remnant crater (fresh simple craters: 0.2, Pike 1977). ADR-0004. */
export const CRATER_REMNANT_DEPTH = 0.15;
/** Knob / pit height over diameter for small non-impact features. ADR-0004. */
export const BUMP_HEIGHT_RATIO = 0.08;
/** Diameter at which knob height saturates (h = ratio·D / (1 + D / this)), m. ADR-0004. */
export const BUMP_SATURATION_M = 5000;
/**
 * Where knobs and pits are lenticulae (Europa: grammar.lenticulae), with a strong preferred
 * diameter of ~10 km (Pappalardo et al. 1998), they are drawn only in rungs whose middle diameter
 * is at least this; below it a rung holds its craters alone, m. ADR-0004.
 */
export const LENTICULA_MIN_M = 4000;

export const FIELD_TUNABLES = Object.freeze({
  detailFloorM: CANONICAL_DETAIL_FLOOR,
  amplitudeFloorM: CANONICAL_AMPLITUDE_FLOOR,
  reliefKnee: RELIEF_KNEE,
  passBands: PASS_BANDS,
  passRidges: PASS_RIDGES,
  passBasin: PASS_BASIN,
  passLadder: PASS_LADDER,
});

export const BAND_TUNABLES = Object.freeze({
  octaves: BAND_OCTAVES,
  baseFrequency: BAND_BASE_FREQUENCY,
  gain: BAND_GAIN,
  reliefShare: BAND_RELIEF_SHARE,
  floodLevel: BAND_FLOOD_LEVEL,
  floodWidth: BAND_FLOOD_WIDTH,
  floodBurial: BAND_FLOOD_BURIAL,
  mountainLevel: BAND_MOUNTAIN_LEVEL,
  mountainWidth: BAND_MOUNTAIN_WIDTH,
  shelfWidth: BAND_SHELF_WIDTH,
  ridgeOctaves: RIDGE_OCTAVES,
  ridgeBaseFrequency: RIDGE_BASE_FREQUENCY,
  ridgeSharpness: RIDGE_SHARPNESS,
  ridgeShare: RIDGE_SHARE,
});

export const LADDER_TUNABLES = Object.freeze({
  cellOverDiameter: LADDER_CELL_OVER_DIAMETER,
  maxCell: LADDER_MAX_CELL,
  existence: LADDER_EXISTENCE,
  foldOverDepth: LADDER_FOLD_OVER_DEPTH,
  craterDegradation: CRATER_DEGRADATION,
  craterDiffusivity1km: CRATER_DIFFUSIVITY_1KM,
  craterDiffusionMode: CRATER_DIFFUSION_MODE,
  craterAeolianDiffusivity: CRATER_AEOLIAN_DIFFUSIVITY,
  craterAeolianOnsetGyr: CRATER_AEOLIAN_ONSET_GYR,
  craterRemnantShare: CRATER_REMNANT_SHARE,
  craterRemnantMinFresh: CRATER_REMNANT_MIN_FRESH,
  craterRemnantDepth: CRATER_REMNANT_DEPTH,
  bumpHeightRatio: BUMP_HEIGHT_RATIO,
  bumpSaturationM: BUMP_SATURATION_M,
  lenticulaMinM: LENTICULA_MIN_M,
});

export const CRATER_TUNABLES = Object.freeze({
  depthRatio: CRATER_DEPTH_RATIO,
  rimRatio: CRATER_RIM_RATIO,
  ejectaReach: CRATER_EJECTA_REACH,
  floorRadius: CRATER_FLOOR_RADIUS,
  peakRadius: CRATER_PEAK_RADIUS,
  peakShare: CRATER_PEAK_SHARE,
  peakLobes: CRATER_PEAK_LOBES,
  smallFall: CRATER_SMALL_FALL,
  smallScaleM: CRATER_SMALL_SCALE_M,
  terraceShare: CRATER_TERRACE_SHARE,
  terraceMax: CRATER_TERRACE_MAX,
  terraceRatio: CRATER_TERRACE_RATIO,
  terraceWave: CRATER_TERRACE_WAVE,
  terracePinch: CRATER_TERRACE_PINCH,
  rimScallop: CRATER_RIM_SCALLOP,
  scallopReach: CRATER_SCALLOP_REACH,
});
