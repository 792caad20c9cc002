/**
 * Mercury's lobate scarps (ADR-0018 "Body landforms"): arcuate thrust fronts on small-circle arcs
 * (arcLattice.ts) in SCARP_FREQS octaves, each with the named rupes' profile (placeStage.ts):
 *
 *   f = H·r(a)·(1 − g(a))·e(u),  a = s/sHalf ∈ (−1, 1),
 *   r = smoothstep(−1, κ, a), g = smoothstep(κ, 1, a), κ = −1 + 2·PLACE_SCARP_FACE
 *
 * a steep front over PLACE_SCARP_FACE of the width, then a long gentle back limb; e(u) the end
 * taper (RIDGE_TAPER of the half-length). The arcs' curvature (radius 1–3× their half-length) makes
 * them lobate. Summed (thrusts do not erase each other at this scale). C¹; exactly 0 outside support.
 */
import type { Body } from '../body/Body';
import { hashCombine, rehash, unitFromHash } from '../math/hash';
import { smoothstepD, valueD } from '../math/smooth';
import { PLACE_SCARP_FACE } from '../places/placeTunables';
import { ARC_REACH_MAX, ARC_STRIDE, arcSet, checkOctave, gatherArcs, type ArcOctave } from './arcLattice';
import {
  PASS_SCARPS,
  RIDGE_TAPER,
  SCARP_FREQS,
  SCARP_HEIGHT_LARGE_M,
  SCARP_HEIGHT_SMALL_M,
  SCARP_WIDTH_LARGE_M,
  SCARP_WIDTH_SMALL_M,
} from './landformTunables';
import type { LandformSample } from './landforms';

export interface ScarpOctave {
  lattice: Readonly<ArcOctave>;
  uHalf: number;
  sHalf: number;
  hMin: number;
  hMax: number;
}

const octaves = new WeakMap<Body, ScarpOctave[]>();

export function scarpOctaves(body: Body): ScarpOctave[] {
  let o = octaves.get(body);
  if (o) return o;
  const seed = hashCombine(body.seed, PASS_SCARPS);
  o = SCARP_FREQS.map((freq, i) => {
    const reach = (0.999 * ARC_REACH_MAX) / freq;
    const sHalf = (i === 0 ? SCARP_WIDTH_LARGE_M : SCARP_WIDTH_SMALL_M) / (2 * body.radius);
    const uHalf = (0.98 * (reach - sHalf)) / Math.SQRT2;
    // Arc radius σ between 1.5× the reach (the lattice bound) and 3× the half-length.
    const sMin = 1.5 * reach;
    const sMax = Math.max(sMin, 3 * uHalf);
    const range = i === 0 ? SCARP_HEIGHT_LARGE_M : SCARP_HEIGHT_SMALL_M;
    return {
      lattice: checkOctave({
        seed: hashCombine(seed, i),
        freq,
        perCell: 2,
        chance: 0.7,
        kMin: Math.sqrt(1 - sMax * sMax),
        kMax: Math.sqrt(1 - sMin * sMin),
        reach,
      }),
      uHalf,
      sHalf,
      hMin: range[0],
      hMax: range[1],
    };
  });
  octaves.set(body, o);
  return o;
}

/**
 * One arc's scarp terms from its hash `h` (the arc record's word 11) into `out`: the side its front
 * faces (±1, outward or inward of the arc), its half-length and its height. For a kernel that sums
 * the scarps elsewhere (the GPU producer, ADR-0020) as `lobateScarpsD` does.
 */
export function scarpArcTerms(
  oct: Readonly<ScarpOctave>,
  h: number,
  out: { side: number; uHalf: number; height: number },
): { side: number; uHalf: number; height: number } {
  out.side = unitFromHash(rehash(h, 5)) < 0.5 ? -1 : 1;
  out.uHalf = oct.uHalf * (0.5 + 0.5 * unitFromHash(rehash(h, 2)));
  out.height = oct.hMin + (oct.hMax - oct.hMin) * unitFromHash(rehash(h, 3));
  return out;
}

const terms = { side: 0, uHalf: 0, height: 0 };
const arcs = arcSet();
const rise = valueD();
const fall = valueD();
const e = valueD();
const KNEE = -1 + 2 * PLACE_SCARP_FACE;

/** Mercury's scarps at unit direction (x, y, z) added into `out` (v and 3-D gradient). */
export function lobateScarpsD(
  body: Body,
  x: number,
  y: number,
  z: number,
  out: LandformSample,
): LandformSample {
  for (const oct of scarpOctaves(body)) {
    gatherArcs(oct.lattice, x, y, z, arcs);
    const a = arcs.arcs;
    for (let i = 0; i < arcs.count; i++) {
      const at = ARC_STRIDE * i;
      const h = a[at + 11];
      const inv = a[at + 10];
      const s = (x * a[at + 3] + y * a[at + 4] + z * a[at + 5] - a[at + 9]) * inv;
      scarpArcTerms(oct, h, terms);
      const side = terms.side;
      const as = (side * s) / oct.sHalf;
      if (!(as > -1 && as < 1)) continue;
      const uHalf = terms.uHalf;
      const u = x * a[at + 6] + y * a[at + 7] + z * a[at + 8];
      const au = u < 0 ? -u : u;
      if (!(au < uHalf)) continue;
      smoothstepD((1 - RIDGE_TAPER) * uHalf, uHalf, au, e);
      const ev = 1 - e.v;
      const ed = u < 0 ? e.d : -e.d;
      const height = terms.height;
      smoothstepD(-1, KNEE, as, rise);
      smoothstepD(KNEE, 1, as, fall);
      const c = rise.v * (1 - fall.v);
      const cd = rise.d * (1 - fall.v) - rise.v * fall.d; // d c / d a
      const fs = (height * cd * ev * side * inv) / oct.sHalf; // ∂f/∂(p·n)
      const fu = height * c * ed;
      out.v += height * c * ev;
      out.gx += fs * a[at + 3] + fu * a[at + 6];
      out.gy += fs * a[at + 4] + fu * a[at + 7];
      out.gz += fs * a[at + 5] + fu * a[at + 8];
    }
  }
  return out;
}
