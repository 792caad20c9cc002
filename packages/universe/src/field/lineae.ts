/**
 * Europa's lineae (ADR-0018 "Body landforms"): long dark reddish-brown bands, an albedo signal
 * only. Arcs (arcLattice.ts) at LINEA_FREQS, great circles to small circles of ~0.5 rad radius (the
 * arcuate and cycloid-like segments of Galileo and Voyager maps), each a band
 *
 *   stain = LINEA_STAIN·(1 − (s/m)²)²·e(u),  m ∈ [LINEA_HALF_WIDTH_MIN_M, …_MAX_M]·scale/radius,
 *
 * scale 1 on the LINEA_FREQS octaves and LINEA_NARROW_SCALE on the LINEA_NARROW_FREQS ones (long
 * narrow lineae, the dense network of Galileo's regional mosaics),
 * joined with the ridges' margins and the chaos matrix as 1 − Π(1 − stain).
 */
import type { Body } from '../body/Body';
import { hashCombine, rehash, unitFromHash } from '../math/hash';
import { smoothstepD, valueD } from '../math/smooth';
import { ridgeOctaves, type RidgeOctave } from './icyRidges';
import { ARC_REACH_MAX, ARC_STRIDE, arcSet, checkOctave, gatherArcs, type ArcOctave } from './arcLattice';
import {
  LINEA_FREQS,
  LINEA_HALF_WIDTH_MAX_M,
  LINEA_HALF_WIDTH_MIN_M,
  LINEA_NARROW_FREQS,
  LINEA_NARROW_SCALE,
  LINEA_STAIN,
  PASS_LINEAE,
  RIDGE_TAPER,
  RIDGE_WIDTH_MAX_M,
} from './landformTunables';

export interface LineaOctave {
  lattice: Readonly<ArcOctave>;
  uHalf: number;
  /** Half-width scale of its lineae (1, or LINEA_NARROW_SCALE). */
  widthScale: number;
}

const octaves = new WeakMap<Body, LineaOctave[]>();

/** The lineae octaves of `body`: LINEA_FREQS (seeds 0…), then LINEA_NARROW_FREQS (seeds 100…). */
export function lineaOctaves(body: Body): LineaOctave[] {
  let o = octaves.get(body);
  if (o) return o;
  const octave = (freq: number, stream: number, widthScale: number): LineaOctave => {
    const margin = (LINEA_HALF_WIDTH_MAX_M * widthScale) / body.radius;
    const reach = (0.999 * ARC_REACH_MAX) / freq;
    return {
      lattice: checkOctave({
        seed: hashCombine(hashCombine(body.seed, PASS_LINEAE), stream),
        freq,
        perCell: 4,
        chance: 0.9,
        kMin: 0,
        kMax: Math.sqrt(1 - 2.25 * reach * reach),
        reach,
      }),
      uHalf: (0.98 * (reach - margin)) / Math.SQRT2,
      widthScale,
    };
  };
  o = [
    ...LINEA_FREQS.map((freq, i) => octave(freq, i, 1)),
    ...LINEA_NARROW_FREQS.map((freq, i) => octave(freq, 100 + i, LINEA_NARROW_SCALE)),
  ];
  octaves.set(body, o);
  return o;
}

const arcs = arcSet();
const e = valueD();

/**
 * A band of half-width m (direction units) seen by cells of `f` (LINEA_FILTER_CELLS × the level
 * filter over the radius): drawn at half-width me = min(max(m, f), cap) and weight m/max(m, f), so
 * a band narrower than two cells widens to that and fades by as much (its darkness across it kept)
 * rather than being sampled into a saw-tooth; `cap` is the octave's support margin. Leaves me in
 * FILTERED[0], the weight factor in FILTERED[1].
 */
const FILTERED = new Float64Array(2);
/**
 * Half-width of a drawn band, at least, in level-filter cells: the band's (1 − (s/m)²)² profile is
 * about m wide at half its peak, so 2 keeps that to two cells (ADR-0018).
 */
export const LINEA_FILTER_CELLS = 2;
function filteredBand(m: number, f: number, cap: number): void {
  const w = m > f ? m : f;
  FILTERED[0] = w < cap ? w : cap;
  FILTERED[1] = m / w;
}

/**
 * One stained band as `lineaeStain` and `ridgeStain` draw it under filter `filterM` (for a kernel
 * that evaluates them elsewhere: ADR-0020): its drawn half-width `me` (direction units), half-length
 * `uHalf` and peak stain `amp` (LINEA_STAIN × the filter's fade); the band is
 * amp·(1 − (s/me)²)²·e(u) where |s| < me and |u| < uHalf.
 */
export interface StainBand {
  me: number;
  uHalf: number;
  amp: number;
}

/** The band of linea arc `h` of lineae octave `oct` of `body` under `filterM` into `out`. */
export function lineaBand(
  body: Body,
  oct: Readonly<LineaOctave>,
  h: number,
  filterM: number,
  out: StainBand,
): StainBand {
  const f = (LINEA_FILTER_CELLS * filterM) / body.radius;
  const scale = oct.widthScale;
  const cap = (LINEA_HALF_WIDTH_MAX_M * scale) / body.radius;
  const m =
    ((LINEA_HALF_WIDTH_MIN_M +
      (LINEA_HALF_WIDTH_MAX_M - LINEA_HALF_WIDTH_MIN_M) * unitFromHash(rehash(h, 1))) *
      scale) /
    body.radius;
  filteredBand(m, f, cap);
  out.me = FILTERED[0];
  out.uHalf = oct.uHalf * (0.5 + 0.5 * unitFromHash(rehash(h, 2)));
  out.amp = FILTERED[1] * LINEA_STAIN;
  return out;
}

/** The dark margin of stained ridge arc `h` of ridge octave `oct` of `body` under `filterM` into `out`. */
export function ridgeMarginBand(
  body: Body,
  oct: Readonly<RidgeOctave>,
  h: number,
  filterM: number,
  out: StainBand,
): StainBand {
  const f = (LINEA_FILTER_CELLS * filterM) / body.radius;
  // The ridge octaves' support margin (icyRidges.ts: 3 × RIDGE_WIDTH_MAX_M).
  const cap = (3 * RIDGE_WIDTH_MAX_M) / body.radius;
  const wShare = unitFromHash(rehash(h, 1));
  filteredBand((LINEA_HALF_WIDTH_MAX_M * (0.3 + 0.3 * wShare)) / body.radius, f, cap);
  out.me = FILTERED[0];
  out.uHalf = oct.uHalf * (0.4 + 0.6 * unitFromHash(rehash(h, 2)));
  out.amp = FILTERED[1] * LINEA_STAIN;
  return out;
}

const band: StainBand = { me: 0, uHalf: 0, amp: 0 };

/** The factor 1 − band(s, u) of one band at (x, y, z) of arc `at` of `a` (1 outside it). */
function bandKeep(a: Float64Array, at: number, x: number, y: number, z: number, b: StainBand): number {
  const me = b.me;
  const s = (x * a[at + 3] + y * a[at + 4] + z * a[at + 5] - a[at + 9]) * a[at + 10];
  const q = (s * s) / (me * me);
  if (!(q < 1)) return 1;
  const u = x * a[at + 6] + y * a[at + 7] + z * a[at + 8];
  const au = u < 0 ? -u : u;
  if (!(au < b.uHalf)) return 1;
  smoothstepD((1 - RIDGE_TAPER) * b.uHalf, b.uHalf, au, e);
  return 1 - b.amp * (1 - q) * (1 - q) * (1 - e.v);
}

/**
 * Lineae dark-material weight (0 … LINEA_STAIN) at unit direction (x, y, z) of `body`, drawn at the
 * level filter `filterM` (m; 0: unfiltered).
 */
export function lineaeStain(body: Body, x: number, y: number, z: number, filterM = 0): number {
  let keep = 1;
  for (const oct of lineaOctaves(body)) {
    gatherArcs(oct.lattice, x, y, z, arcs);
    const a = arcs.arcs;
    for (let i = 0; i < arcs.count; i++) {
      const at = ARC_STRIDE * i;
      keep *= bandKeep(a, at, x, y, z, lineaBand(body, oct, a[at + 11], filterM, band));
    }
  }
  return 1 - keep;
}

/**
 * Dark-margin weight of the stained ridges at (x, y, z): 1 − Π(1 − LINEA_STAIN·(1 − (s/m)²)²·e(u)),
 * m = LINEA_HALF_WIDTH_MAX_M scaled by the ridge's width share, drawn at the level filter `filterM`
 * as the lineae are. Albedo only.
 */
export function ridgeStain(body: Body, x: number, y: number, z: number, filterM = 0): number {
  let keep = 1;
  for (const oct of ridgeOctaves(body)) {
    if (!oct.stained) continue;
    gatherArcs(oct.lattice, x, y, z, arcs);
    const a = arcs.arcs;
    for (let i = 0; i < arcs.count; i++) {
      const at = ARC_STRIDE * i;
      keep *= bandKeep(a, at, x, y, z, ridgeMarginBand(body, oct, a[at + 11], filterM, band));
    }
  }
  return 1 - keep;
}
