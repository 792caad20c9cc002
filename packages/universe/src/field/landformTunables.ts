/**
 * The bodies' own landforms (ADR-0018 "Body landforms"): one frozen record whose exact float64 bits
 * feed the world digest's registry hash. Lengths are metres (converted to radians by the body's
 * radius where they are used); octave frequencies are lattice cells per unit of direction space
 * (arcLattice.ts).
 *
 * Sources: Europa double ridges ~1–2 km wide with a central trough, 100–300 m high, km to hundreds of
 * km long (Greenberg et al. 1998; Greeley et al. 2004, "Geology of Europa", in Jupiter, CUP; Giese
 * et al. 1999 stereo); triple bands / lineae: dark diffuse margins either side, up to ~10–20 km
 * wide (Greeley et al. 2004; Figueredo & Greeley 2004 global map); chaos: km-scale plates in a
 * hummocky matrix, ~10 % of the surface at ≥ 200 m resolution and more at finer (Riley et al.
 * 2000), plates and ridges 100–200 m high, total relief ~500 m (Schenk & Pappalardo 2004);
 * Mercury lobate scarps: tens to hundreds of km long, up to ~3 km relief (Watters et al. 2009,
 * 2015; Discovery Rupes ~650 km, ~2 km).
 */

/** Pass ids of the landform streams (never reused). ADR-0018. */
export const PASS_ICE_RIDGES = 11;
export const PASS_LINEAE = 12;
export const PASS_CHAOS = 13;
export const PASS_RAFTS = 14;
export const PASS_SCARPS = 15;
export const PASS_PLATES = 16;

/** Double-ridge width (whole, crest to crest plus flanks), m: smallest and largest. ADR-0018. */
export const RIDGE_WIDTH_MIN_M = 1000;
export const RIDGE_WIDTH_MAX_M = 2000;
/** Double-ridge crest height, m: smallest and largest. ADR-0018. */
export const RIDGE_HEIGHT_MIN_M = 100;
export const RIDGE_HEIGHT_MAX_M = 300;
/** Central trough floor over the crest height (the trough is a notch, not a valley). ADR-0018. */
export const RIDGE_TROUGH = 0.3;
/** End taper of a ridge, as a share of its half-length. ADR-0018. */
export const RIDGE_TAPER = 0.25;
/** Lattice frequencies of the isolated double-ridge octaves (long, with dark margins). ADR-0018. */
export const RIDGE_FREQS = Object.freeze([2, 4, 8]);
/** Lattice frequencies of the ridge sets (the ridged plains: swaths of parallel ridges). ADR-0018. */
export const RIDGE_SET_FREQS = Object.freeze([5, 10, 20]);
/** Crest height of a ridge set's ridges, m: smallest and largest. ADR-0018. */
export const RIDGE_SET_HEIGHT_MIN_M = 60;
export const RIDGE_SET_HEIGHT_MAX_M = 180;
/** Spacing of a ridge set's ridges over their width: smallest and largest. ADR-0018. */
export const RIDGE_SET_SPACING_MIN = 1.3;
export const RIDGE_SET_SPACING_MAX = 2.6;
/** A ridge set's extent across its ridges over its extent along them (an elongated band). ADR-0018. */
export const RIDGE_SET_ASPECT = 0.35;
/** A ridge set member's width over the set's width, at least (hashed per member up to 1). ADR-0018. */
export const RIDGE_SET_MEMBER_MIN = 0.6;

/** Half-width of a linea's dark band, m: smallest and largest. ADR-0018. */
export const LINEA_HALF_WIDTH_MIN_M = 3000;
export const LINEA_HALF_WIDTH_MAX_M = 9000;
/**
 * Lattice frequencies of the lineae octaves: arcs up to ~0.85 rad (~1,300 km, the long global
 * lineae such as Agenor and Minos) down to ~0.07 rad (~100 km) long. ADR-0018.
 */
export const LINEA_FREQS = Object.freeze([0.7, 1, 1.4, 2, 2.8, 4, 5.6]);
/**
 * Lattice frequencies of the narrow lineae octaves (long bands of LINEA_NARROW_SCALE × the width:
 * the dense network of narrow lineae of Galileo's regional mosaics) and that scale. ADR-0018.
 */
export const LINEA_NARROW_FREQS = Object.freeze([1.4, 2, 2.8, 4]);
export const LINEA_NARROW_SCALE = 0.35;
/** Peak dark-material weight of a linea (1 = full lineae colour). ADR-0018. */
export const LINEA_STAIN = 0.85;
/**
 * Lenticulae dark spots: the knobs and pits of the ladder on a lenticulae body (Europa) are stained
 * to this peak dark-material weight out to LENTICULA_SPOT_REACH × their radius (the reddish-brown
 * spots and dark-floored pits and domes of Pappalardo et al. 1998). ADR-0018.
 */
export const LENTICULA_STAIN = 0.7;
export const LENTICULA_SPOT_REACH = 1.2;
/**
 * Lenticulae are ~5–20 km across (Pappalardo et al. 1998: a preferred ~10 km): rungs whose
 * diameters start at or above this, m, keep their knobs and pits unstained (large domes and pits,
 * not spots). ADR-0018.
 */
export const LENTICULA_SPOT_MAX_M = 20000;

/** Chaos patch extent (the lobed outline's farthest reach along its long axis), m: smallest and largest. ADR-0018. */
export const CHAOS_RADIUS_MIN_M = 16000;
export const CHAOS_RADIUS_MAX_M = 45000;
/**
 * Lobing of a chaos patch's outline A (q scaled by (1 − A·n)/(1 + A·n), n the outline noise in
 * [−1, 1]) and the lobes' spacing, m. ADR-0018.
 */
export const CHAOS_OUTLINE = 0.4;
export const CHAOS_OUTLINE_SPACING_M = 12000;
/** Share of the outline noise drawn at the finer, ragged spacing, and that spacing, m. ADR-0018. */
export const CHAOS_RAGGED = 0.35;
export const CHAOS_RAGGED_SPACING_M = 4000;
/** Largest elongation of a chaos patch (long axis over short axis). ADR-0018. */
export const CHAOS_ELONGATION = 2.2;
/** Lattice frequency of chaos patches, candidates per cell and each one's existence chance. ADR-0018. */
export const CHAOS_FREQ = 10;
export const CHAOS_PER_CELL = 4;
export const CHAOS_CHANCE = 0.9;
/** Depth of the chaos matrix below the plates, m. ADR-0018. */
export const CHAOS_MATRIX_DEPTH_M = 150;
/** Amplitude of the matrix's hummocks, m, and their lattice spacing, m. ADR-0018. */
export const CHAOS_HUMMOCK_M = 40;
export const CHAOS_HUMMOCK_SPACING_M = 800;
/**
 * Raft lattice spacing, m; a raft's half-sizes (each axis drawn apart) over the spacing; its centre's
 * jitter over the spacing; share of cells with a raft. √3·HALF_MAX + JITTER < ½ keeps a turned raft
 * inside its cell. ADR-0018.
 */
export const CHAOS_RAFT_SPACING_M = 6000;
export const CHAOS_RAFT_HALF_MIN = 0.12;
export const CHAOS_RAFT_HALF_MAX = 0.26;
export const CHAOS_RAFT_JITTER = 0.04;
export const CHAOS_RAFT_CHANCE = 0.9;
/**
 * Plate lattice spacing, m, and its share of cells with a plate: a second, coarser raft lattice
 * (the same half-size and jitter fractions) for the large plates of Conamara-type chaos — plates
 * up to ~10 km among smaller ones (Spaun et al. 1998; Collins et al. 2000). ADR-0018.
 */
export const CHAOS_PLATE_SPACING_M = 16000;
export const CHAOS_PLATE_CHANCE = 0.5;

/** Lobate scarp relief, m, on the large and the small octave. ADR-0018. */
export const SCARP_HEIGHT_LARGE_M = Object.freeze([1000, 3000]);
export const SCARP_HEIGHT_SMALL_M = Object.freeze([300, 1200]);
/** Lobate scarp width (steep front + gentle back limb), m, large and small octave. ADR-0018. */
export const SCARP_WIDTH_LARGE_M = 30000;
export const SCARP_WIDTH_SMALL_M = 12000;
/** Lattice frequencies of the large and small scarps. ADR-0018. */
export const SCARP_FREQS = Object.freeze([3, 8]);

/** Every landform tunable as one flat numeric record (arrays by index), in digest order. */
export const LANDFORM_TUNABLES: Readonly<Record<string, number>> = Object.freeze({
  ridgeWidthMin: RIDGE_WIDTH_MIN_M,
  ridgeWidthMax: RIDGE_WIDTH_MAX_M,
  ridgeHeightMin: RIDGE_HEIGHT_MIN_M,
  ridgeHeightMax: RIDGE_HEIGHT_MAX_M,
  ridgeTrough: RIDGE_TROUGH,
  ridgeTaper: RIDGE_TAPER,
  ...Object.fromEntries(RIDGE_FREQS.map((f, i) => [`ridgeFreq${i}`, f])),
  ...Object.fromEntries(RIDGE_SET_FREQS.map((f, i) => [`ridgeSetFreq${i}`, f])),
  ridgeSetHeightMin: RIDGE_SET_HEIGHT_MIN_M,
  ridgeSetHeightMax: RIDGE_SET_HEIGHT_MAX_M,
  ridgeSetSpacingMin: RIDGE_SET_SPACING_MIN,
  ridgeSetSpacingMax: RIDGE_SET_SPACING_MAX,
  ridgeSetAspect: RIDGE_SET_ASPECT,
  ridgeSetMemberMin: RIDGE_SET_MEMBER_MIN,
  lineaHalfWidthMin: LINEA_HALF_WIDTH_MIN_M,
  lineaHalfWidthMax: LINEA_HALF_WIDTH_MAX_M,
  ...Object.fromEntries(LINEA_FREQS.map((f, i) => [`lineaFreq${i}`, f])),
  ...Object.fromEntries(LINEA_NARROW_FREQS.map((f, i) => [`lineaNarrowFreq${i}`, f])),
  lineaNarrowScale: LINEA_NARROW_SCALE,
  lineaStain: LINEA_STAIN,
  lenticulaStain: LENTICULA_STAIN,
  lenticulaSpotReach: LENTICULA_SPOT_REACH,
  lenticulaSpotMax: LENTICULA_SPOT_MAX_M,
  chaosRadiusMin: CHAOS_RADIUS_MIN_M,
  chaosRadiusMax: CHAOS_RADIUS_MAX_M,
  chaosFreq: CHAOS_FREQ,
  chaosOutline: CHAOS_OUTLINE,
  chaosOutlineSpacing: CHAOS_OUTLINE_SPACING_M,
  chaosRagged: CHAOS_RAGGED,
  chaosRaggedSpacing: CHAOS_RAGGED_SPACING_M,
  chaosElongation: CHAOS_ELONGATION,
  chaosPerCell: CHAOS_PER_CELL,
  chaosChance: CHAOS_CHANCE,
  chaosDepth: CHAOS_MATRIX_DEPTH_M,
  chaosHummock: CHAOS_HUMMOCK_M,
  chaosHummockSpacing: CHAOS_HUMMOCK_SPACING_M,
  chaosRaftSpacing: CHAOS_RAFT_SPACING_M,
  chaosRaftHalfMin: CHAOS_RAFT_HALF_MIN,
  chaosRaftHalfMax: CHAOS_RAFT_HALF_MAX,
  chaosRaftChance: CHAOS_RAFT_CHANCE,
  chaosRaftJitter: CHAOS_RAFT_JITTER,
  chaosPlateSpacing: CHAOS_PLATE_SPACING_M,
  chaosPlateChance: CHAOS_PLATE_CHANCE,
  scarpHeightLargeMin: SCARP_HEIGHT_LARGE_M[0],
  scarpHeightLargeMax: SCARP_HEIGHT_LARGE_M[1],
  scarpHeightSmallMin: SCARP_HEIGHT_SMALL_M[0],
  scarpHeightSmallMax: SCARP_HEIGHT_SMALL_M[1],
  scarpWidthLarge: SCARP_WIDTH_LARGE_M,
  scarpWidthSmall: SCARP_WIDTH_SMALL_M,
  ...Object.fromEntries(SCARP_FREQS.map((f, i) => [`scarpFreq${i}`, f])),
});
