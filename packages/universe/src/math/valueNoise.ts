/**
 * 3-D value noise with its exact gradient (ADR-0004): hashed corner values in [−1, 1] on the
 * integer lattice, blended with Perlin's quintic weights (C²). Exact arithmetic only.
 *
 * `NoiseCell` remembers the blend coefficients of the last lattice cell it served. Reusing them is
 * a pure speed-up — the coefficients are a function of (seed, cell) only — so results are the same
 * bits whatever the evaluation order.
 */
import { hashCell3, unitFromHash } from './hash';
import { quintic, quinticD } from './smooth';

/** Noise value and its gradient with respect to the lattice coordinates. */
export interface Noise4 {
  v: number;
  dx: number;
  dy: number;
  dz: number;
}

export function noise4(): Noise4 {
  return { v: 0, dx: 0, dy: 0, dz: 0 };
}

/** Per-stream memo of one cell's trilinear coefficients. */
export interface NoiseCell {
  seed: number;
  ix: number;
  iy: number;
  iz: number;
  valid: boolean;
  c: Float64Array;
}

export function noiseCell(): NoiseCell {
  return { seed: 0, ix: 0, iy: 0, iz: 0, valid: false, c: new Float64Array(8) };
}

function corner(seed: number, ix: number, iy: number, iz: number): number {
  return 2 * unitFromHash(hashCell3(seed, ix, iy, iz)) - 1;
}

function fill(cell: NoiseCell, seed: number, ix: number, iy: number, iz: number): void {
  const c000 = corner(seed, ix, iy, iz);
  const c100 = corner(seed, ix + 1, iy, iz);
  const c010 = corner(seed, ix, iy + 1, iz);
  const c110 = corner(seed, ix + 1, iy + 1, iz);
  const c001 = corner(seed, ix, iy, iz + 1);
  const c101 = corner(seed, ix + 1, iy, iz + 1);
  const c011 = corner(seed, ix, iy + 1, iz + 1);
  const c111 = corner(seed, ix + 1, iy + 1, iz + 1);
  const c = cell.c;
  c[0] = c000;
  c[1] = c100 - c000;
  c[2] = c010 - c000;
  c[3] = c001 - c000;
  c[4] = c110 - c010 - c100 + c000;
  c[5] = c101 - c001 - c100 + c000;
  c[6] = c011 - c001 - c010 + c000;
  c[7] = c111 - c011 - c101 - c110 + c100 + c001 + c010 - c000;
  cell.seed = seed;
  cell.ix = ix;
  cell.iy = iy;
  cell.iz = iz;
  cell.valid = true;
}

/**
 * Value noise at lattice coordinates p = (x, y, z) under stream seed `seeds[si]`, with its
 * gradient, into `out`. Coordinates and seed come in typed arrays so no double is boxed per call.
 */
export function valueNoiseD(
  seeds: Uint32Array,
  si: number,
  p: Float64Array,
  cell: NoiseCell,
  out: Noise4,
): Noise4 {
  const seed = seeds[si];
  const x = p[0];
  const y = p[1];
  const z = p[2];
  const ix = Math.floor(x);
  const iy = Math.floor(y);
  const iz = Math.floor(z);
  if (!cell.valid || cell.ix !== ix || cell.iy !== iy || cell.iz !== iz || cell.seed !== seed) {
    fill(cell, seed, ix, iy, iz);
  }
  const fx = x - ix;
  const fy = y - iy;
  const fz = z - iz;
  const wx = quintic(fx);
  const wy = quintic(fy);
  const wz = quintic(fz);
  const c = cell.c;
  out.v = c[0] + c[1] * wx + c[2] * wy + c[3] * wz + c[4] * wx * wy + c[5] * wx * wz + c[6] * wy * wz;
  out.v += c[7] * wx * wy * wz;
  out.dx = quinticD(fx) * (c[1] + c[4] * wy + c[5] * wz + c[7] * wy * wz);
  out.dy = quinticD(fy) * (c[2] + c[4] * wx + c[6] * wz + c[7] * wx * wz);
  out.dz = quinticD(fz) * (c[3] + c[5] * wx + c[6] * wy + c[7] * wx * wy);
  return out;
}
