/**
 * The named places' records for the GPU producer's compose kernel (ADR-0020 items 18–19): universe's
 * `placeFeatures` of a body — floods (basins, maria), named craters, shields, canyon segments and
 * calderas, in registry order — packed once per body, then the body's albedo map where it has one.
 *
 * A record is PLACE_RECORD_WORDS (15 vec4). Every kind: the centre's hi/lo words of C·R (words 0–2,
 * 4–6), 1/ρ² in m⁻² and 2R/ρ² (8, 9), then (kind, mare flag, level m, keep) at 52 and support² in m²
 * at 56. A crater's words 0–51 are the crater ladder's candidate layout (ladderKernel.ts
 * `LADDER_CANDIDATE_WORDS`, written by `packCandidateWords`), read with the same crater profile. A
 * canyon segment: its great-circle normal n (20–22) and tangent t (24–26), then uHalf, inA, inB,
 * outA (28–31) and outB, depA, depB, fCap (32–35), chords and metres as placeFeatures.ts states; a
 * scarp (rupes) the same n and t, then uHalf and sHalf (28, 29). A shield: escarpment height, its q
 * and calderaK (28–30).
 *
 * The albedo map (albedoTone.ts) follows the places: a header (background, dark, bright, chasma
 * albedo; the two edge-noise seeds as 16-bit halves, exact in float32) and one record per province
 * (centre, east and north axes in vec4 0–2, then 1/a², 1/b², albedo). `placesRefusal` names a body
 * whose places include a kind the kernel does not evaluate (none since item 20).
 */
import {
  albedoMap,
  FEATURE_CALDERA,
  FEATURE_CANYON,
  FEATURE_CRATER,
  FEATURE_FLOOD,
  FEATURE_SCARP,
  FEATURE_SHIELD,
  placeFeatures,
  type Body,
} from '@landfall/universe';
import { packCandidateWords } from './GpuLadder';

/** 32-bit words of one place record: the candidate layout (52), (kind, mare, level, keep), (support², 0, 0, 0). */
export const PLACE_RECORD_WORDS = 60;

const KIND_NAMES = ['flood', 'crater', 'shield', 'canyon', 'scarp', 'caldera'];
const ON_GPU: ReadonlySet<number> = new Set([
  FEATURE_FLOOD,
  FEATURE_CRATER,
  FEATURE_SHIELD,
  FEATURE_CANYON,
  FEATURE_SCARP,
  FEATURE_CALDERA,
]);

/** Why `body`'s places cannot be evaluated on the GPU, or '' when they can (every kind now). */
export function placesRefusal(body: Body): string {
  const other = new Set<string>();
  for (const f of placeFeatures(body))
    if (!ON_GPU.has(f.kind)) other.add(KIND_NAMES[f.kind] ?? `kind ${f.kind}`);
  return other.size > 0 ? `${body.id}'s places include ${[...other].sort().join(', ')}` : '';
}

/** A body's records: `count` places, then (where `albedo` > 0) the albedo header and `albedo` provinces. */
export interface PlaceRecords {
  count: number;
  albedo: number;
  data: Float32Array;
}

const cache = new Map<string, PlaceRecords>();

/** The place records of `body` (at least one record's room: a binding may not be empty). */
export function placeRecords(body: Body): PlaceRecords {
  const hit = cache.get(body.id);
  if (hit) return hit;
  const why = placesRefusal(body);
  if (why) throw new RangeError(`placeRecords: ${why}`);
  const all = placeFeatures(body);
  const map = albedoMap(body);
  const provinces = map ? map.provinces.length : 0;
  const records = all.length + (map ? 1 + provinces : 0);
  const R = body.radius;
  const data = new Float32Array(PLACE_RECORD_WORDS * Math.max(1, records));
  all.forEach((p, i) => {
    const o = PLACE_RECORD_WORDS * i;
    packCandidateWords(data, o, R, p.cx, p.cy, p.cz, p.invRho2, p.kind === FEATURE_CRATER ? p.shape : null);
    if (p.kind === FEATURE_CANYON || p.kind === FEATURE_SCARP) {
      data.set([p.nx, p.ny, p.nz], o + 20);
      data.set([p.tx, p.ty, p.tz], o + 24);
      if (p.kind === FEATURE_CANYON)
        data.set([p.uHalf, p.inA, p.inB, p.outA, p.outB, p.depA, p.depB, p.fCap], o + 28);
      else data.set([p.uHalf, p.sHalf], o + 28);
    } else if (p.kind === FEATURE_SHIELD) {
      data.set([p.escarp, p.escarpQ, p.calderaK], o + 28);
    }
    data[o + 52] = p.kind;
    data[o + 53] = p.mare;
    data[o + 54] = p.level;
    data[o + 55] = p.keep;
    data[o + 56] = p.support2 * R * R;
  });
  if (map) {
    const o = PLACE_RECORD_WORDS * all.length;
    data.set([map.background, map.dark, map.bright, map.canyon], o);
    for (let i = 0; i < 2; i++) {
      data[o + 4 + 2 * i] = map.seeds[i] & 0xffff;
      data[o + 5 + 2 * i] = map.seeds[i] >>> 16;
    }
    map.provinces.forEach((v, i) => {
      const r = o + PLACE_RECORD_WORDS * (1 + i);
      data.set([v.cx, v.cy, v.cz, 0, v.ex, v.ey, v.ez, 0, v.nx, v.ny, v.nz, 0, v.ia2, v.ib2, v.albedo], r);
    });
  }
  const out = { count: all.length, albedo: provinces, data };
  cache.set(body.id, out);
  return out;
}
