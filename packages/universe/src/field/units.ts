/**
 * The terrain-unit signal of the canonical field (ADR-0004): one function, `plainWeightD`, gives
 * the weight w ∈ [0, 1] of the young flooded unit (maria, smooth plains) at a sample, with its 3-D
 * gradient; 1 − w is the old unit (highlands). The ladder's two sums are blended by it:
 *   ladder = (1 − w)·L_old + w·L_young,  ∇ = (1 − w)·∇L_old + w·∇L_young + (L_young − L_old)·∇w.
 * w is the band stage's flooding shoreline 1 − S(n) joined with the named maria (ADR-0018):
 * w = 1 − (1 − w_band)·k, k = Π(1 − w_mare) from the place stage.
 */
import type { Body } from '../body/Body';
import type { Vec3 } from '../math/vec3';
import { bandSample, bandsD, type BandSample } from './bands';
import { namedMareKD, placeAdd, type PlaceAdd } from './placeStage';

/** The young unit's weight and its 3-D gradient. */
export interface UnitSample {
  w: number;
  wx: number;
  wy: number;
  wz: number;
}

export function unitSample(): UnitSample {
  return { w: 0, wx: 0, wy: 0, wz: 0 };
}

/**
 * Young-unit weight at the sample whose bands are `band` into `out`. Bodies whose flooding is 0,
 * and those whose young unit is only the named maria (`lowlandUnit` false), have none here (w = 0).
 */
export function plainWeightD(body: Body, band: Readonly<BandSample>, out: UnitSample): UnitSample {
  if (body.grammar.flooding === 0 || !body.grammar.lowlandUnit) {
    out.w = 0;
    out.wx = 0;
    out.wy = 0;
    out.wz = 0;
    return out;
  }
  out.w = 1 - band.shore;
  out.wx = -band.sx;
  out.wy = -band.sy;
  out.wz = -band.sz;
  return out;
}

/** Joins the named maria (k = Π(1 − w_mare) in `places`) into `out`: w ← 1 − (1 − w)·k. */
export function joinNamedMareD(out: UnitSample, places: Readonly<PlaceAdd>): UnitSample {
  const k = places.k;
  if (k === 1 && places.kx === 0 && places.ky === 0 && places.kz === 0) return out;
  const o = 1 - out.w;
  out.wx = out.wx * k - o * places.kx;
  out.wy = out.wy * k - o * places.ky;
  out.wz = out.wz * k - o * places.kz;
  out.w = 1 - o * k;
  return out;
}

const band = bandSample();
const one = new Float64Array(3);
const unitScratch = unitSample();
const mare = placeAdd();

/**
 * Young-unit weight and its gradient at unit direction `dir` into `out`: the point form of the
 * canonical field's unit (`plainWeightD` joined with the named maria, as in canonical.ts).
 */
export function plainWeightSampleAt(body: Body, dir: Readonly<Vec3>, out: UnitSample): UnitSample {
  one[0] = dir.x;
  one[1] = dir.y;
  one[2] = dir.z;
  bandsD(body, one, 0, band);
  plainWeightD(body, band, out);
  return joinNamedMareD(out, namedMareKD(body, dir.x, dir.y, dir.z, mare));
}

/** Young-unit weight at unit direction `dir` (point form of the canonical unit, for tools and tests). */
export function plainWeightAt(body: Body, dir: Readonly<Vec3>): number {
  return plainWeightSampleAt(body, dir, unitScratch).w;
}
