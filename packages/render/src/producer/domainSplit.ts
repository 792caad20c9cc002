/**
 * The domain split of the GPU producer (ADR-0020): each sample's body-fixed position
 * P = direction × radius, computed in float64, as two float32 words hi = f32(P), lo = f32(P − hi)
 * per axis — GRIT_SAMPLE_WORDS (6) per sample. Every kernel reads its samples in this form, so a
 * vertex two patches share reaches every kernel as the same words.
 */
import type { Body } from '@landfall/universe';
import { GRIT_SAMPLE_WORDS } from './gritKernel';

/** The split words of `patches`' directions, `samplesPerPatch` each, in order. */
export function positionWords(
  patches: readonly { body: Body; dirs: Float64Array }[],
  samplesPerPatch: number,
): Float32Array {
  const out = new Float32Array(GRIT_SAMPLE_WORDS * samplesPerPatch * patches.length);
  patches.forEach((p, i) => {
    if (p.dirs.length < 3 * samplesPerPatch)
      throw new RangeError(
        `positionWords: patch ${i} has ${p.dirs.length / 3} directions, not ${samplesPerPatch}`,
      );
    const R = p.body.radius;
    let s = i * samplesPerPatch * GRIT_SAMPLE_WORDS;
    for (let k = 0; k < 3 * samplesPerPatch; k += 3, s += GRIT_SAMPLE_WORDS) {
      for (let q = 0; q < 3; q++) {
        const P = p.dirs[k + q] * R;
        const hi = Math.fround(P);
        out[s + q] = hi;
        out[s + 3 + q] = P - hi;
      }
    }
  });
  return out;
}
