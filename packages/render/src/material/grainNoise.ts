/**
 * The grain band's noise (ADR-0012) as TSL functions with declared layouts: value noise on integer
 * lattices that wrap at `period / wavelength` cells, so the noise is exactly periodic in
 * GRAIN_PERIOD_M metres and a domain reduced modulo that period on the CPU is seamless. Octaves
 * quarter the wavelength; each fades out as its wavelength nears two pixel footprints (no
 * shimmer). `grainDetail` returns, from the same octaves, the albedo multiplier
 * 1 + GRAIN_AMPLITUDE · noise (noise ≈ −1 … 1, weak at 2 m and 0.5 m) and a relief height in metres whose octave
 * amplitude is GRAIN_RELIEF_SLOPE times its wavelength (undulation and grit; craters and clods are
 * craterDetail's). The lattice is shifted by a whole number of cells per body
 * (`seedCells`, from the body's seed), which keeps it periodic and makes each body's grain its own.
 */
import type { Node } from 'three/webgpu';
import { float, floor, Fn, fract, hash, If, mix, mod, smoothstep, vec2, vec3 } from 'three/tsl';
import {
  GRAIN_AMPLITUDE,
  GRAIN_OCTAVES,
  GRAIN_PERIOD_M,
  GRAIN_RELIEF_SLOPE,
  GRAIN_TOP_WAVELENGTH_M,
} from '../renderConstants';

type N = Node<'float'>;
type V3 = Node<'vec3'>;

/**
 * Each octave's albedo weight, largest wavelength first: the 2 m and 0.5 m octaves are kept weak
 * (Apollo surface frames show no soft metre-scale blotches on level regolith; its tone varies at
 * the scale of clods, pebbles and small craters, which craterDetail carries).
 */
const ALBEDO_OCTAVE_WEIGHTS = [0.25, 0.45, 0.7, 0.5];
/** Each octave's wavelength relative to the one above it. */
const OCTAVE_LACUNARITY = 4;
/** An octave fades out while its wavelength falls from FADE_START_PX to FADE_END_PX pixel footprints. */
const FADE_START_PX = 4;
const FADE_END_PX = 2;

/**
 * Odd multipliers that spread a cell's y and z over the 32-bit seed of three's PCG `hash`.
 * Reference: Teschner et al. 2003, "Optimized Spatial Hashing for Collision Detection of
 * Deformable Objects", VMV (the xor of coordinate × large-prime products).
 */
const CELL_PRIME_Y = 73856093;
const CELL_PRIME_Z = 19349663;

/** Pseudo-random 0 … 1 of a lattice cell (non-negative integer coordinates). */
const latticeHash = Fn(([c]: [V3]) =>
  hash(c.x.toUint().bitXor(c.y.toUint().mul(CELL_PRIME_Y)).bitXor(c.z.toUint().mul(CELL_PRIME_Z))),
).setLayout({
  name: 'lfLatticeHash',
  type: 'float',
  inputs: [{ name: 'c', type: 'vec3' }],
});

/** Periodic trilinear value noise, 0 … 1, with `cells` lattice cells per period. */
const periodicValueNoise = Fn(([p, cells]: [V3, N]) => {
  const i = floor(p);
  const f = fract(p);
  const u = f.mul(f).mul(f.mul(-2).add(3));
  const h = (dx: number, dy: number, dz: number): N => latticeHash(mod(i.add(vec3(dx, dy, dz)), cells));
  const x00 = mix(h(0, 0, 0), h(1, 0, 0), u.x);
  const x10 = mix(h(0, 1, 0), h(1, 1, 0), u.x);
  const x01 = mix(h(0, 0, 1), h(1, 0, 1), u.x);
  const x11 = mix(h(0, 1, 1), h(1, 1, 1), u.x);
  return mix(mix(x00, x10, u.y), mix(x01, x11, u.y), u.z);
}).setLayout({
  name: 'lfPeriodicValueNoise',
  type: 'float',
  inputs: [
    { name: 'p', type: 'vec3' },
    { name: 'cells', type: 'float' },
  ],
});

/**
 * The grain at `domain` (m, periodic) seen with a pixel `footprint` (m), its lattice shifted by
 * `seedCells` (whole cells): x = albedo multiplier, y = relief height (m).
 */
export const grainDetail = Fn(([domain, footprint, seedCells]: [V3, N, V3]) => {
  // (albedo sum, height m); an octave is evaluated only where its fade is above 0 (below
  // FADE_END_PX footprints per wavelength): elsewhere it adds exactly 0, so the skip changes no
  // pixel and distant ground pays for none of it (issue 13, the H200 frame).
  const sum = vec2(0, 0).toVar('lfGrainSum');
  let lambda = GRAIN_TOP_WAVELENGTH_M;
  for (let o = 0; o < GRAIN_OCTAVES; o++) {
    const l = lambda;
    If(footprint.lessThan(l / FADE_END_PX), () => {
      const fade = float(1).sub(smoothstep(l / FADE_START_PX, l / FADE_END_PX, footprint));
      const cells = GRAIN_PERIOD_M / l;
      const v = periodicValueNoise(domain.div(l).add(mod(seedCells, cells)), cells)
        .mul(2)
        .sub(1)
        .mul(fade);
      sum.addAssign(vec2(v.mul(ALBEDO_OCTAVE_WEIGHTS[o] ?? 0), v.mul(l * GRAIN_RELIEF_SLOPE)));
    });
    lambda /= OCTAVE_LACUNARITY;
  }
  return vec2(sum.x.mul(GRAIN_AMPLITUDE).add(1), sum.y);
}).setLayout({
  name: 'lfGrainDetail',
  type: 'vec2',
  inputs: [
    { name: 'domain', type: 'vec3' },
    { name: 'footprint', type: 'float' },
    { name: 'seedCells', type: 'vec3' },
  ],
});
