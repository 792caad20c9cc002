/**
 * The CDLOD vertex morph, written once (DrawPatch's rule, ADR-0008 and ADR-0012):
 *   kDist = clamp((dist − morphStart) / max(morphEnd − morphStart, 1e-6), 0, 1)
 *   k     = the edge override of the vertex's edge when it is ≥ 0 (west i = 0, east i = 64,
 *           south j = 0, north j = 64, applied in that order so north wins at a corner), else kDist;
 *           then a corner vertex's own override when it is ≥ 0 (SW, SE, NW, NE: the level filter
 *           moves corners, and every patch at a corner point must show one level's field there)
 *   p'    = p + (delta · morphScale) · k
 * over an abstract arithmetic: the terrain material instantiates it with TSL nodes, the rock
 * seater with float64 numbers and the watertightness check with float32-rounded numbers, so the
 * expression the GPU runs and the one the CPU checks are the same code, operation for operation.
 */
import { PATCH_GRID } from '@landfall/streamer';

/** Arithmetic over scalars `S` and booleans `B` (TSL nodes, or numbers and booleans). */
export interface MorphArithmetic<S, B> {
  lit(v: number): S;
  add(a: S, b: S): S;
  sub(a: S, b: S): S;
  mul(a: S, b: S): S;
  div(a: S, b: S): S;
  max(a: S, b: S): S;
  clamp01(a: S): S;
  eq(a: S, b: S): B;
  ge(a: S, b: S): B;
  and(a: B, b: B): B;
  select(c: B, a: S, b: S): S;
}

/** Inputs of the morph factor of one vertex (i, j of the PATCH_GRID² lattice). */
export interface MorphFactorInput<S> {
  /** Distance of the unmorphed vertex from the eye, m. */
  dist: S;
  morphStart: S;
  morphEnd: S;
  i: S;
  j: S;
  /** Edge overrides west, east, south, north: −1 free, else the forced factor. */
  edgeW: S;
  edgeE: S;
  edgeS: S;
  edgeN: S;
  /** Corner overrides south-west, south-east, north-west, north-east: −1 free, else the forced factor. */
  cornerSW: S;
  cornerSE: S;
  cornerNW: S;
  cornerNE: S;
}

/** Smallest morph span the division sees (a zero span would divide by zero). */
export const MORPH_MIN_SPAN = 1e-6;

function forced<S, B>(a: MorphArithmetic<S, B>, on: B, edge: S, k: S): S {
  return a.select(a.and(on, a.ge(edge, a.lit(0))), edge, k);
}

/** The morph factor k of one vertex. */
export function morphFactor<S, B>(a: MorphArithmetic<S, B>, m: MorphFactorInput<S>): S {
  const span = a.max(a.sub(m.morphEnd, m.morphStart), a.lit(MORPH_MIN_SPAN));
  const kDist = a.clamp01(a.div(a.sub(m.dist, m.morphStart), span));
  const last = a.lit(PATCH_GRID - 1);
  const zero = a.lit(0);
  const w = a.eq(m.i, zero);
  const e = a.eq(m.i, last);
  const kW = forced(a, w, m.edgeW, kDist);
  const kE = forced(a, e, m.edgeE, kW);
  const s = a.eq(m.j, zero);
  const n = a.eq(m.j, last);
  const kS = forced(a, s, m.edgeS, kE);
  const kN = forced(a, n, m.edgeN, kS);
  const kSW = forced(a, a.and(w, s), m.cornerSW, kN);
  const kSE = forced(a, a.and(e, s), m.cornerSE, kSW);
  const kNW = forced(a, a.and(w, n), m.cornerNW, kSE);
  return forced(a, a.and(e, n), m.cornerNE, kNW);
}

/** One coordinate (or a vector, for TSL) of the morphed position: p + (delta · scale) · k. */
export function morphPosition<S, B>(a: MorphArithmetic<S, B>, p: S, delta: S, scale: S, k: S): S {
  return a.add(p, a.mul(a.mul(delta, scale), k));
}

/** float64 numbers (the rock seater). */
export const float64Morph: MorphArithmetic<number, boolean> = {
  lit: (v) => v,
  add: (x, y) => x + y,
  sub: (x, y) => x - y,
  mul: (x, y) => x * y,
  div: (x, y) => x / y,
  max: (x, y) => Math.max(x, y),
  clamp01: (x) => Math.min(1, Math.max(0, x)),
  eq: (x, y) => x === y,
  ge: (x, y) => x >= y,
  and: (x, y) => x && y,
  select: (c, x, y) => (c ? x : y),
};

const f = Math.fround;

/** float32 numbers, every operation rounded as a GPU's float32 unit rounds it (checks). */
export const float32Morph: MorphArithmetic<number, boolean> = {
  lit: (v) => f(v),
  add: (x, y) => f(x + y),
  sub: (x, y) => f(x - y),
  mul: (x, y) => f(x * y),
  div: (x, y) => f(x / y),
  max: (x, y) => Math.max(x, y),
  clamp01: (x) => Math.min(1, Math.max(0, x)),
  eq: (x, y) => x === y,
  ge: (x, y) => x >= y,
  and: (x, y) => x && y,
  select: (c, x, y) => (c ? x : y),
};
