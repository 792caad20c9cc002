/**
 * The named places' records for the GPU producer's compose kernel (ADR-0020 item 18): universe's
 * `placeFeatures` of a body — floods (basins, maria) and named craters, in registry order — packed
 * once per body. A crater's first 13 vec4 are the crater ladder's candidate layout (ladderKernel.ts
 * `LADDER_CANDIDATE_WORDS`: centre hi/lo words of C·R, 1/ρ² in m⁻², 2R/ρ², the ejecta reach, rim,
 * depth, k, qf, peak, qp, terrace strength, the tangent basis and twelve phases), so the kernel reads
 * it with the same crater profile (`craterProfileWgsl`); a flood fills the centre and 1/ρ² words.
 * Then (kind, mare flag, level m, keep) and (support² in m², 0, 0, 0). `placesRefusal` names a body
 * whose places include a kind the kernel does not evaluate (shields, canyons, scarps, calderas).
 */
import { FEATURE_CRATER, FEATURE_FLOOD, placeFeatures, type Body } from '@landfall/universe';
import { packCandidateWords } from './GpuLadder';

/** 32-bit words of one place record: the candidate layout (52), (kind, mare, level, keep), (support², 0, 0, 0). */
export const PLACE_RECORD_WORDS = 60;

const KIND_NAMES = ['flood', 'crater', 'shield', 'canyon', 'scarp', 'caldera'];

/** Why `body`'s places cannot be evaluated on the GPU, or '' when they can (floods and craters only). */
export function placesRefusal(body: Body): string {
  const other = new Set<string>();
  for (const f of placeFeatures(body))
    if (f.kind !== FEATURE_FLOOD && f.kind !== FEATURE_CRATER)
      other.add(KIND_NAMES[f.kind] ?? `kind ${f.kind}`);
  return other.size > 0 ? `${body.id}'s places include ${[...other].sort().join(', ')}` : '';
}

const cache = new Map<string, { count: number; data: Float32Array }>();

/** The place records of `body` (at least one record's room: a binding may not be empty). */
export function placeRecords(body: Body): { count: number; data: Float32Array } {
  const hit = cache.get(body.id);
  if (hit) return hit;
  const why = placesRefusal(body);
  if (why) throw new RangeError(`placeRecords: ${why}`);
  const all = placeFeatures(body);
  const R = body.radius;
  const data = new Float32Array(PLACE_RECORD_WORDS * Math.max(1, all.length));
  all.forEach((p, i) => {
    const o = PLACE_RECORD_WORDS * i;
    packCandidateWords(data, o, R, p.cx, p.cy, p.cz, p.invRho2, p.kind === FEATURE_CRATER ? p.shape : null);
    data[o + 52] = p.kind;
    data[o + 53] = p.mare;
    data[o + 54] = p.level;
    data[o + 55] = p.keep;
    data[o + 56] = p.support2 * R * R;
  });
  const out = { count: all.length, data };
  cache.set(body.id, out);
  return out;
}
