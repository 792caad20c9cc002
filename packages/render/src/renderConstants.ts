/**
 * Render contracts (ADR-0011 coordinates and depth, ADR-0012 material, ADR-0013 scatter). Plain
 * numbers with no three.js import so tools can read them in Node.
 */

/** Meshes kept on the GPU after they leave the draw set (recently drawn LRU) (ADR-0011). */
export const PATCH_MESH_IDLE_CAP = 64;
/** Camera near plane, m (ADR-0011). */
export const NEAR_PLANE_M = 0.02;
/** Camera far plane, m: beyond Jupiter's moons seen from orbit (ADR-0011). */
export const FAR_PLANE_M = 1e9;
/** A frame loop draws an unchanged frame again at least this often, ms (ADR-0011, render on change). */
export const RENDER_KEEPALIVE_MS = 2000;
/** Bits of the WebGL2 default depth buffer the logarithmic depth is written into (ADR-0011). */
export const DEPTH_BITS_WEBGL2 = 24;

/** Period of the grain noise domain, m: every grain wavelength divides it (ADR-0012). */
export const GRAIN_PERIOD_M = 64;
/** Longest grain wavelength, m; each further octave is a quarter of the previous (ADR-0012). */
export const GRAIN_TOP_WAVELENGTH_M = 2;
/** Grain octaves (2 m, 0.5 m, 0.125 m, 3.1 cm) (ADR-0012). */
export const GRAIN_OCTAVES = 4;
/** Grain albedo amplitude, ± fraction of the albedo (ADR-0012). */
export const GRAIN_AMPLITUDE = 0.22;
/** Grain relief: each octave's height amplitude over its wavelength (ADR-0012). */
export const GRAIN_RELIEF_SLOPE = 0.03;
/**
 * Lattice cell edge of the largest per-pixel crater rung, m (ADR-0012). Rungs halve it
 * (1, 0.5, 0.25, 0.125, 0.0625 m); every edge divides GRAIN_PERIOD_M, so the crater lattices wrap
 * with the grain domain. A rung's nominal diameter is edge / MICRO_CELL_PER_D (the drawn tail's
 * micro ladder continued down: 33 cm … 2 cm, craters span [D, 2D)).
 */
export const PIXEL_CRATER_TOP_CELL_M = 1;
/** Per-pixel crater rungs (ADR-0012). */
export const PIXEL_CRATER_RUNGS = 5;
/** Lattice cell edge of the largest clod rung, m; the next two halve it (ADR-0012). */
export const CLOD_TOP_CELL_M = 0.0625;
/**
 * Light that fills the sun's cast shadows, as a view factor of sunlit ground (ADR-0012): a point
 * in a lander's or a rock's shadow, a few metres across, sees the sunlit ground around the shadow
 * over its rough local horizon (clods, rims, pebbles) and the sunlit caster itself. Times the
 * regolith's albedo, the sun and its elevation sine, like the ground bounce.
 */
export const SHADOW_FILL_VIEW = 0.3;

/** Slope (1 − n·up) where bedrock starts to show (ADR-0012). */
export const BEDROCK_SLOPE_START = 0.12;
/** Slope where the surface is all bedrock (≈ 42°) (ADR-0012). */
export const BEDROCK_SLOPE_FULL = 0.26;
/** Ambient fraction of the sun on an airless body (starlight, earthshine) (ADR-0012). */
export const AIRLESS_AMBIENT = 0.015;
/**
 * View factor of sunlit relief above the local horizon that flat ground sees, lighting it by the
 * ground's bounce (ADR-0012): 0.08 ≈ a 9° band of lit slopes all round (sin² 9° + relief).
 */
export const BOUNCE_RELIEF_VIEW = 0.08;
/** Sun irradiance scale applied to the albedo (ADR-0012). */
export const SUN_INTENSITY = 2.2;
/** Regolith luminance that gets exposure 1 (Luna's highland regolith) (ADR-0012). */
export const EXPOSURE_REFERENCE_LUMA = 0.155;
/** Exposure bounds (ADR-0012): at most 1, so a body darker than the reference renders darker. */
export const EXPOSURE_MIN = 0.3;
export const EXPOSURE_MAX = 1;
/** Aerial-perspective extinction per metre at air = 1 (ADR-0012). */
export const AERIAL_DENSITY_PER_M = 0.00004;
/** Scale height of the aerial-perspective air: the haze thins above the ground (ADR-0012; Mars' 11.1 km, NSSDCA). */
export const AIR_SCALE_HEIGHT_M = 11000;

/** Rocks kept from one scatter query, at most (coarse classes first) (ADR-0013). */
export const ROCKS_PER_QUERY_CAP = 65536;
/** Scatter slots seated per frame (time slice) (ADR-0013). */
export const ROCK_SLOTS_PER_FRAME = 512;
/** Rocks start fading (dithered) at this eye distance, m (ADR-0013). */
export const ROCK_FADE_START_M = 120;
/** Rocks are gone beyond this eye distance, m (ADR-0013). */
export const ROCK_FADE_END_M = 180;
/** Pebbles (diameter < ROCK_COBBLE_MIN_M) are gone beyond this eye distance, m (ADR-0013). */
export const ROCK_PEBBLE_FADE_END_M = 8;
/** Cobbles (ROCK_COBBLE_MIN_M ≤ diameter < ROCK_BLOCK_MIN_M) are gone beyond this distance, m (ADR-0013). */
export const ROCK_COBBLE_FADE_END_M = 32;
/** Smallest cobble diameter, m (scatter size class 2, ADR-0013). */
export const ROCK_COBBLE_MIN_M = 0.125;
/** Smallest block diameter, m (scatter size class 4, ADR-0013). */
export const ROCK_BLOCK_MIN_M = 0.5;
/** Blocks (ROCK_BLOCK_MIN_M ≤ diameter < ROCK_BOULDER_MIN_M) are gone beyond this distance, m (ADR-0013). */
export const ROCK_BLOCK_FADE_END_M = 96;
/** Smallest boulder diameter, m (scatter size class 5; boulders fade at ROCK_FADE_END_M) (ADR-0013). */
export const ROCK_BOULDER_MIN_M = 1;
/** Each tier starts fading at this fraction of its fade end (ADR-0013). */
export const ROCK_FADE_START_SHARE = 0.75;
/** Procedural rock shapes: even ones smooth, odd ones angular (ADR-0013). */
export const ROCK_SHAPES = 8;
/** Instances per (tier, shape) mesh, at most (ADR-0013). */
export const ROCK_INSTANCE_CAP = 16384;
/** Rock albedo tint at tone 0, × the body's bedrock albedo (ADR-0013). */
export const ROCK_TINT_MIN = 1.3;
/** Rock albedo tint at tone 1, × the body's bedrock albedo (ADR-0013). */
export const ROCK_TINT_MAX = 2.3;

/** Half-width of the sun's shadow map box around the eye, m (ADR-0012): cast shadows reach this far. */
export const SUN_SHADOW_RANGE_M = 24;
/** Sun shadow map size, texels per side (ADR-0012): 48 m over 2048 texels, 2.3 cm per texel. */
export const SUN_SHADOW_MAP_PX = 2048;
/** Depth of the shadow box along the sun beyond its half-width, m: casters up-sun that reach in. */
export const SUN_SHADOW_DEPTH_M = 200;

/** Stars drawn as instanced quads (ADR-0013 sky section). */
export const STAR_COUNT = 1800;
/** Sun angular radius used for the disc, radians (ADR-0012). */
export const SUN_DISC_RADIUS_RAD = 0.0047;
