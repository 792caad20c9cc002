/**
 * The flight model's numbers (ADR-0014): the fixed tick, the ship, the contact geometry and the
 * touchdown limits. Every value here has a row in ADR-0014's Contracts table.
 */

/** Fixed simulation tick, s (50 Hz). Every state change happens in whole ticks. */
export const SIM_TICK_S = 0.02;
/** Most ticks one rendered frame may run (warp and autopilot speed-up are capped by it). */
export const MAX_TICKS_PER_FRAME = 2000;

/** Ship mass without propellant, kg. */
export const SHIP_DRY_MASS_KG = 4000;
/** Propellant at a fresh start, kg. */
export const SHIP_FUEL_KG = 8000;
/** Main engine thrust at full throttle, N. */
export const SHIP_MAX_THRUST_N = 250000;
/** Effective exhaust velocity, m/s (Isp 900 s × g0): Tsiolkovsky mass flow ṁ = F / vₑ. */
export const SHIP_EXHAUST_VELOCITY_MS = 8826;
/** RCS angular acceleration about each ship axis at full deflection, rad/s². */
export const RCS_ANGULAR_ACCEL = 0.8;
/** Throttle slew rate for keyboard control, 1/s. */
export const THROTTLE_RATE_PER_S = 1.5;

/** Ship origin (centre of mass) above the base plane of the feet, along the ship's +Y axis, m. */
export const LEG_HEIGHT_M = 2;
/** Horizontal distance of each of the four feet from the ship's axis, m. */
export const FOOT_SPREAD_M = 2.2;

/** Touchdown: the largest safe descent speed relative to the ground, m/s. */
export const LANDING_MAX_VERTICAL_SPEED_MS = 3;
/** Touchdown: the largest safe speed across the ground, m/s. */
export const LANDING_MAX_HORIZONTAL_SPEED_MS = 1.5;
/** Touchdown: the steepest safe slope of the canonical ground under the ship, degrees. */
export const LANDING_MAX_SLOPE_DEG = 15;
/** Touchdown: the largest safe tilt of the ship's axis from the local vertical, degrees. */
export const LANDING_MAX_TILT_DEG = 15;
/** A foot deeper than this below the ground counts as contact even while climbing, m. */
export const CONTACT_DEEP_M = 0.5;

/** Time warp: allowed factors, in order. */
export const WARP_LEVELS: readonly number[] = [1, 5, 10, 50, 100, 1000];
/** Time warp needs the ship this far above the body's relief bound (maxReliefM), m. */
export const WARP_MIN_CLEARANCE_M = 5000;
