/**
 * How the terrain material lights a surface point (ADR-0012), as TSL functions with declared
 * layouts: the lunar-Lambert reflectance of an airless regolith, the sky's diffuse light on a
 * tilted surface, the sunlit ground's light bounced onto it, and the aerial perspective that
 * fades distant ground into the horizon haze.
 * Reference: McEwen 1996, "A precise lunar photometric function", LPSC 27 (the L(α) polynomial);
 * lunar-Lambert form after McEwen 1991, Icarus 92.
 */
import type { Node } from 'three/webgpu';
import { acos, clamp, dot, exp, float, Fn, max, mix } from 'three/tsl';
import { AERIAL_DENSITY_PER_M, BOUNCE_RELIEF_VIEW } from '../renderConstants';

type N = Node<'float'>;
type V3 = Node<'vec3'>;

/** Degrees per radian: McEwen's L(α) takes the phase angle in degrees. */
const DEG_PER_RAD = 57.29577951308232;
/** L(α) = 1 − C1·α + C2·α² − C3·α³ (McEwen 1996, α in degrees). */
const MCEWEN_C1 = 0.019;
const MCEWEN_C2 = 2.42e-4;
const MCEWEN_C3 = 1.46e-6;
/** Smallest μ₀ + μ the lunar term divides by (grazing sun and eye together). */
const MIN_COSINE_SUM = 1e-4;
/** Sky light on a surface tilted to n: SKY_BASE + SKY_SLOPE · (n·up), 1 facing up, 0.2 facing down. */
const SKY_BASE = 0.6;
const SKY_SLOPE = 0.4;

/** McEwen's phase weight L(α), α in radians, clamped to 0 … 1. */
export const lunarPhaseWeight = Fn(([phase]: [N]) => {
  const a = phase.mul(DEG_PER_RAD);
  return clamp(
    float(1).sub(a.mul(MCEWEN_C1)).add(a.mul(a).mul(MCEWEN_C2)).sub(a.mul(a).mul(a).mul(MCEWEN_C3)),
    0,
    1,
  );
}).setLayout({ name: 'lfLunarPhaseWeight', type: 'float', inputs: [{ name: 'phase', type: 'float' }] });

/**
 * Lunar-Lambert reflectance 2L·μ₀/(μ₀+μ) + (1−L)·μ₀ for unit normal `n`, unit vectors `toSun` and
 * `toEye`; blended towards plain Lambert (μ₀) by `air` (0 airless … 1 thick air).
 */
export const surfaceReflectance = Fn(([n, toSun, toEye, air]: [V3, V3, V3, N]) => {
  const mu0 = max(dot(n, toSun), 0);
  const mu = max(dot(n, toEye), 0);
  const L = lunarPhaseWeight(acos(clamp(dot(toSun, toEye), -1, 1)));
  const lunar = L.mul(2)
    .mul(mu0)
    .div(max(mu0.add(mu), MIN_COSINE_SUM))
    .add(float(1).sub(L).mul(mu0));
  return mix(lunar, mu0, air);
}).setLayout({
  name: 'lfSurfaceReflectance',
  type: 'float',
  inputs: [
    { name: 'n', type: 'vec3' },
    { name: 'toSun', type: 'vec3' },
    { name: 'toEye', type: 'vec3' },
    { name: 'air', type: 'float' },
  ],
});

/** Fraction of the sky's light a surface with unit normal `n` receives (`up` the local vertical). */
export const skyLight = Fn(([n, up]: [V3, V3]) => dot(n, up).mul(SKY_SLOPE).add(SKY_BASE)).setLayout({
  name: 'lfSkyLight',
  type: 'float',
  inputs: [
    { name: 'n', type: 'vec3' },
    { name: 'up', type: 'vec3' },
  ],
});

/** Aerial perspective: the haze fraction 1 − exp(−dist · air · AERIAL_DENSITY_PER_M), dist in m. */
export const aerialFog = Fn(([dist, air]: [N, N]) =>
  float(1).sub(exp(dist.mul(air).mul(-AERIAL_DENSITY_PER_M))),
).setLayout({
  name: 'lfAerialFog',
  type: 'float',
  inputs: [
    { name: 'dist', type: 'float' },
    { name: 'air', type: 'float' },
  ],
});

/**
 * The share of the sunlit ground's reflected light a surface with unit normal `n` receives
 * (`up` the local vertical, `toSun` unit): the flat sunlit ground's irradiance μ₀ = max(toSun·up,
 * 0) times the surface's view factor of the ground, (1 − n·up)/2 for an unbounded plain
 * (Lambertian radiance A·E/π over the lower hemisphere's projected solid angle), plus
 * BOUNCE_RELIEF_VIEW for the relief above the local horizon (crater walls, clods, rocks) that even
 * flat ground sees. Multiplied by the ground's albedo and the sun's irradiance by the caller.
 */
export const groundBounce = Fn(([n, up, toSun]: [V3, V3, V3]) => {
  const mu0 = max(dot(toSun, up), 0);
  const view = float(1).sub(dot(n, up)).mul(0.5).add(BOUNCE_RELIEF_VIEW);
  return mu0.mul(view);
}).setLayout({
  name: 'lfGroundBounce',
  type: 'float',
  inputs: [
    { name: 'n', type: 'vec3' },
    { name: 'up', type: 'vec3' },
    { name: 'toSun', type: 'vec3' },
  ],
});
