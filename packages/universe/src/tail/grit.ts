/**
 * Regolith grit (ADR-0006): two octaves of gradient noise on cubic lattices in body-fixed metres
 * (direction × radius), spacings GRIT_SPACING_M and half of it, amplitudes GRIT_AMPLITUDE_M and half
 * of it, damped by air as (1 − air)⁴. Exact arithmetic: lattice gradients from hashes (components
 * k/511.5 − 1 ∈ [−1, 1]), quintic fade 6f⁵ − 15f⁴ + 10f³ with its exact derivative.
 *
 * Bound (proved): per octave n = Σ_corners w·(g·d) with trilinear fade weights w ≥ 0 summing to 1,
 * |g_a| ≤ 1. Per axis, Σ w·|d_a| = (1 − s)f + s(1 − f) = ½ − (f − ½)(1 − 2s) ≤ ½ because s(f) ≥ ½
 * exactly when f ≥ ½. Hence |n| ≤ 3 · ½ = GRIT_OCTAVE_BOUND.
 *
 * Reference: K. Perlin, "Improving noise", SIGGRAPH 2002 (quintic fade, gradient noise).
 */
import type { Body } from '../body/Body';
import type { Vec3 } from '../math/vec3';
import { hash3 } from '../math/hash';
import { detailWeight } from '../math/detailFilter';
import { latticeHash } from './latticeHash';
import { GRIT_AMPLITUDE_M, GRIT_OCTAVE_BOUND, GRIT_PASS, GRIT_SPACING_M } from './tailTunables';
import type { ElevationSample } from '../field/elevation';

/** Octave result scratch: value and gradient with respect to lattice coordinates. */
const oct = new Float64Array(4);

function grad(h: number, axis: number): number {
  return ((h >>> (10 * axis)) & 1023) / 511.5 - 1;
}

/** One octave of gradient noise at lattice coordinates (x, y, z) into `oct`. */
function noiseD(seed: number, x: number, y: number, z: number): void {
  const ix = Math.floor(x);
  const iy = Math.floor(y);
  const iz = Math.floor(z);
  const fx = x - ix;
  const fy = y - iy;
  const fz = z - iz;
  const sx = fx * fx * fx * (fx * (fx * 6 - 15) + 10);
  const sy = fy * fy * fy * (fy * (fy * 6 - 15) + 10);
  const sz = fz * fz * fz * (fz * (fz * 6 - 15) + 10);
  const dsx = 30 * fx * fx * (fx * (fx - 2) + 1);
  const dsy = 30 * fy * fy * (fy * (fy - 2) + 1);
  const dsz = 30 * fz * fz * (fz * (fz - 2) + 1);
  let n = 0;
  let nx = 0;
  let ny = 0;
  let nz = 0;
  for (let c = 0; c < 8; c++) {
    const ox = c & 1;
    const oy = (c >> 1) & 1;
    const oz = c >> 2;
    const h = latticeHash(seed, ix + ox, iy + oy, iz + oz);
    const gx = grad(h, 0);
    const gy = grad(h, 1);
    const gz = grad(h, 2);
    const dx = fx - ox;
    const dy = fy - oy;
    const dz = fz - oz;
    const v = gx * dx + gy * dy + gz * dz;
    const wx = ox ? sx : 1 - sx;
    const wy = oy ? sy : 1 - sy;
    const wz = oz ? sz : 1 - sz;
    const dwx = ox ? dsx : -dsx;
    const dwy = oy ? dsy : -dsy;
    const dwz = oz ? dsz : -dsz;
    const w = wx * wy * wz;
    n += w * v;
    nx += dwx * wy * wz * v + w * gx;
    ny += wx * dwy * wz * v + w * gy;
    nz += wx * wy * dwz * v + w * gz;
  }
  oct[0] = n;
  oct[1] = nx;
  oct[2] = ny;
  oct[3] = nz;
}

/**
 * Grit damping by air, (1 − air)⁴ (the micro craters' aeolian law, ADR-0006): 1 on airless bodies,
 * → 0 under thick air (wind-blown fill smooths sub-metre relief). Mars (air ≈ 0.41) keeps 12 %, so
 * its plains read ~2–3° RMS slope at 1 m as HiRISE stereo measures (Kirk et al. 2008).
 */
export function gritScale(body: Body): number {
  const a = 1 - body.grammar.air;
  return a * a * a * a;
}

/** Proved bound on |grit|, m. */
export function gritBound(body: Body): number {
  return GRIT_OCTAVE_BOUND * (GRIT_AMPLITUDE_M + GRIT_AMPLITUDE_M / 2) * gritScale(body);
}

/** Octave seeds hash3(body seed, GRIT_PASS, octave), kept for the last body asked. */
let seedOf = -1;
const seeds = new Uint32Array(2);

/**
 * Regolith grit (m) and its tangential gradient (m per radian) at unit direction (x, y, z), under
 * the level filter `filterM` (0: unfiltered).
 */
export function gritAt(
  body: Body,
  x: number,
  y: number,
  z: number,
  out: ElevationSample,
  filterM = 0,
): ElevationSample {
  const R = body.radius;
  const damp = gritScale(body);
  let h = 0;
  let gx = 0;
  let gy = 0;
  let gz = 0;
  let spacing = GRIT_SPACING_M;
  let amp = GRIT_AMPLITUDE_M * damp;
  if (body.seed !== seedOf) {
    seedOf = body.seed;
    seeds[0] = hash3(body.seed, GRIT_PASS, 0);
    seeds[1] = hash3(body.seed, GRIT_PASS, 1);
  }
  for (let o = 0; o < 2; o++) {
    // The level filter (math/detailFilter.ts) by the octave's lattice spacing; w = 1 is exact.
    const w = detailWeight(spacing, filterM);
    if (w === 0) break;
    const scale = R / spacing;
    noiseD(seeds[o], x * scale, y * scale, z * scale);
    const a = w * amp;
    h += a * oct[0];
    const k = a * scale;
    gx += k * oct[1];
    gy += k * oct[2];
    gz += k * oct[3];
    spacing /= 2;
    amp /= 2;
  }
  const radial = gx * x + gy * y + gz * z;
  out.h = h;
  out.gx = gx - radial * x;
  out.gy = gy - radial * y;
  out.gz = gz - radial * z;
  return out;
}

/** One grit octave's constants under a level filter (the GPU producer's input, ADR-0020). */
export interface GritOctave {
  /** Lattice stream seed, uint32: hash3(body seed, GRIT_PASS, octave). */
  seed: number;
  /** Lattice spacing, m (a power of two, so P / spacing is exact in any binary precision). */
  spacing: number;
  /** Height of one noise unit, m: amplitude × air damping × level-filter weight (0: the octave is off). */
  amplitude: number;
}

/**
 * The constants `gritAt` uses for each of its two octaves under filter `filterM`, in its order:
 * lattice coordinates are (direction × radius) / spacing, the octave adds amplitude · noise. The
 * GPU producer's kernel reads these; its browser test compares it with `gritAt` itself.
 */
export function gritOctaves(body: Body, filterM = 0): GritOctave[] {
  const out: GritOctave[] = [];
  let spacing = GRIT_SPACING_M;
  let amp = GRIT_AMPLITUDE_M * gritScale(body);
  for (let o = 0; o < 2; o++) {
    out.push({
      seed: hash3(body.seed, GRIT_PASS, o),
      spacing,
      amplitude: detailWeight(spacing, filterM) * amp,
    });
    spacing /= 2;
    amp /= 2;
  }
  return out;
}

/** Point form taking a direction object. */
export function gritD(body: Body, dir: Readonly<Vec3>, out: ElevationSample): ElevationSample {
  return gritAt(body, dir.x, dir.y, dir.z, out);
}
