/**
 * Stage 1 of the canonical field (ADR-0004): large-scale bands. A band noise n (value-noise fBm in
 * 3-D direction space, so no face seams) shaped by the body's landform family:
 *
 *   flooding   F(n) = ℓ + (n − ℓ)·(keep + (1 − keep)·S(n)), keep = 1 − flooding, S a smoothstep
 *              shoreline around ℓ: lowlands flatten into maria / plains.
 *   cratered   h = A·F(n)
 *   volcanic   h = A·(0.3·F(n) + T(n))             T: smoothstep mountains / mesas above a level
 *   ridged     h = A·((1 − ρ)·F(n) + ρ·(R(m) − ½))  R(m) = (1 − √(m² + ε²))², m the ridge noise
 *   tesserae   h = A·(F(n) + ρ·T(n)·R(m))          ridged tesserae on the highlands only
 *   continents h = A·(0.7·(2·C(n) − 1) + 0.3·n)     C: shelf smoothstep, dry ocean basins
 *
 * with A = BAND_RELIEF_SHARE·maxRelief and ρ = RIDGE_SHARE. Also returns the ladder mask
 * M = 1 − burial·flooding·(1 − S(n)): flooded lowlands keep fewer, shallower features.
 * Values and gradients are with respect to the 3-D direction (not yet projected).
 */
import type { Body } from '../body/Body';
import { hashCombine } from '../math/hash';
import { smoothstepD, valueD } from '../math/smooth';
import { noise4, noiseCell, valueNoiseD, type NoiseCell, type Noise4 } from '../math/valueNoise';
import {
  BAND_BASE_FREQUENCY,
  BAND_FLOOD_BURIAL,
  BAND_FLOOD_LEVEL,
  BAND_FLOOD_WIDTH,
  BAND_GAIN,
  BAND_MOUNTAIN_LEVEL,
  BAND_MOUNTAIN_WIDTH,
  BAND_OCTAVES,
  BAND_RELIEF_SHARE,
  BAND_SHELF_WIDTH,
  PASS_BANDS,
  PASS_RIDGES,
  RIDGE_BASE_FREQUENCY,
  RIDGE_OCTAVES,
  RIDGE_SHARE,
  RIDGE_SHARPNESS,
} from './tunables';

/**
 * Band height h with 3-D gradient g, the ladder mask m with its gradient, and the flooding
 * shoreline S (1 above the shore, 0 in flooded lowlands) with its gradient (units.ts reads it).
 */
export interface BandSample {
  shore: number;
  sx: number;
  sy: number;
  sz: number;
  h: number;
  gx: number;
  gy: number;
  gz: number;
  m: number;
  mx: number;
  my: number;
  mz: number;
}

export function bandSample(): BandSample {
  return { shore: 1, sx: 0, sy: 0, sz: 0, h: 0, gx: 0, gy: 0, gz: 0, m: 1, mx: 0, my: 0, mz: 0 };
}

const bandCells: NoiseCell[] = Array.from({ length: BAND_OCTAVES }, noiseCell);
const ridgeCells: NoiseCell[] = Array.from({ length: RIDGE_OCTAVES }, noiseCell);
const o = noise4();
const n = noise4();
const m = noise4();
const s = valueD();
const t = valueD();

const seeds = new WeakMap<Body, { bands: Uint32Array; ridges: Uint32Array }>();

/** Per-octave stream seeds hashCombine(hashCombine(bodySeed, pass), octave), memoised per body. */
export function octaveSeeds(body: Body): { bands: Uint32Array; ridges: Uint32Array } {
  let s = seeds.get(body);
  if (!s) {
    const mk = (pass: number, n: number): Uint32Array =>
      Uint32Array.from({ length: n }, (_, i) => hashCombine(hashCombine(body.seed, pass), i));
    s = { bands: mk(PASS_BANDS, BAND_OCTAVES), ridges: mk(PASS_RIDGES, RIDGE_OCTAVES) };
    seeds.set(body, s);
  }
  return s;
}

/** Direction of the current sample and the noise lattice point (typed: no boxed doubles). */
const D = new Float64Array(3);
const P = new Float64Array(3);

/** 2 × normalised fBm (≈ unit spread) of value noise at direction D, first octave at `f0`. */
function fbmD(seed: Uint32Array, f0: number, cells: NoiseCell[], out: Noise4): Noise4 {
  let f = f0;
  let a = 1;
  let norm = 0;
  out.v = 0;
  out.dx = 0;
  out.dy = 0;
  out.dz = 0;
  for (let i = 0; i < cells.length; i++) {
    P[0] = D[0] * f;
    P[1] = D[1] * f;
    P[2] = D[2] * f;
    valueNoiseD(seed, i, P, cells[i], o);
    out.v += a * o.v;
    out.dx += a * f * o.dx;
    out.dy += a * f * o.dy;
    out.dz += a * f * o.dz;
    norm += a;
    a *= BAND_GAIN;
    f *= 2;
  }
  const k = 2 / norm;
  out.v *= k;
  out.dx *= k;
  out.dy *= k;
  out.dz *= k;
  return out;
}

/** Bands of `body` at unit direction i of `dirs` (x, y, z interleaved) into `out` (3-D gradients). */
export function bandsD(body: Body, dirs: ArrayLike<number>, i: number, out: BandSample): BandSample {
  D[0] = dirs[3 * i];
  D[1] = dirs[3 * i + 1];
  D[2] = dirs[3 * i + 2];
  const g = body.grammar;
  const amp = BAND_RELIEF_SHARE * g.maxReliefM;
  const os = octaveSeeds(body);
  fbmD(os.bands, BAND_BASE_FREQUENCY, bandCells, n);
  const nv = n.v;
  // Flooding F(n) and its slope dF/dn.
  const keep = 1 - g.flooding;
  smoothstepD(BAND_FLOOD_LEVEL - BAND_FLOOD_WIDTH, BAND_FLOOD_LEVEL + BAND_FLOOD_WIDTH, nv, s);
  const mul = keep + (1 - keep) * s.v;
  const fv = BAND_FLOOD_LEVEL + (nv - BAND_FLOOD_LEVEL) * mul;
  const fd = mul + (nv - BAND_FLOOD_LEVEL) * (1 - keep) * s.d;
  const burial = BAND_FLOOD_BURIAL * g.flooding;
  out.m = 1 - burial * (1 - s.v);
  const md = burial * s.d;
  let h: number;
  let dn: number; // dh/dn
  let dm = 0; // dh/dm (ridge noise)
  const lf = g.landform;
  if (lf === 'continents') {
    smoothstepD(-BAND_SHELF_WIDTH, BAND_SHELF_WIDTH, nv, t);
    h = 0.7 * (2 * t.v - 1) + 0.3 * nv;
    dn = 1.4 * t.d + 0.3;
  } else if (lf === 'volcanic') {
    smoothstepD(BAND_MOUNTAIN_LEVEL, BAND_MOUNTAIN_LEVEL + BAND_MOUNTAIN_WIDTH, nv, t);
    h = 0.3 * fv + t.v;
    dn = 0.3 * fd + t.d;
  } else if (lf === 'ridged' || lf === 'tesserae') {
    fbmD(os.ridges, RIDGE_BASE_FREQUENCY, ridgeCells, m);
    const sq = Math.sqrt(m.v * m.v + RIDGE_SHARPNESS * RIDGE_SHARPNESS);
    const r = (1 - sq) * (1 - sq);
    const rd = (-2 * (1 - sq) * m.v) / sq;
    if (lf === 'ridged') {
      h = (1 - RIDGE_SHARE) * fv + RIDGE_SHARE * (r - 0.5);
      dn = (1 - RIDGE_SHARE) * fd;
      dm = RIDGE_SHARE * rd;
    } else {
      smoothstepD(BAND_MOUNTAIN_LEVEL, BAND_MOUNTAIN_LEVEL + BAND_MOUNTAIN_WIDTH, nv, t);
      h = fv + RIDGE_SHARE * t.v * r;
      dn = fd + RIDGE_SHARE * t.d * r;
      dm = RIDGE_SHARE * t.v * rd;
    }
  } else {
    h = fv;
    dn = fd;
  }
  out.h = amp * h;
  out.gx = amp * (dn * n.dx + dm * m.dx);
  out.gy = amp * (dn * n.dy + dm * m.dy);
  out.gz = amp * (dn * n.dz + dm * m.dz);
  out.shore = s.v;
  out.sx = s.d * n.dx;
  out.sy = s.d * n.dy;
  out.sz = s.d * n.dz;
  out.mx = md * n.dx;
  out.my = md * n.dy;
  out.mz = md * n.dz;
  return out;
}
