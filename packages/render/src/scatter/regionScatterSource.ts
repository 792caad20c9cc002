/**
 * The universe's rocks as a `ScatterSource` (ADR-0013): for each size class (ADR-0007) the rocks
 * within its tier's range (rockTiers.ts) plus the caller's margin of the eye, resolved by the
 * streamer's `rocksNearPacked` (packages/streamer/src/worker/rocksNear.ts: only the cells of the
 * class's slot grid within range, in the eye's region and its eight neighbours on the same face,
 * coarse classes first). `regionScatterSource` resolves them on the calling thread;
 * `pooledScatterSource` asks the streamer's worker pool (the same function, the same bits: a
 * re-query resolves 20–60k slots, 1–3 s under load, which must not stall frames) and falls back
 * to the calling thread where the pool's workers have no such method.
 */
import { ROCK_CLASSES, rockClassMinDiameter, type Body } from '@landfall/universe';
import { ROCK_STRIDE, rocksNearPacked } from '@landfall/streamer';
import type { ScatterRockLike, ScatterSource } from './ScatterRocks';
import { rockTier, tierFadeEnd } from './rockTiers';

/** Per size class, its tier's range plus `margin`, m (the ranges `rocksNearPacked` takes). */
export function rockClassRanges(margin: number): number[] {
  const out: number[] = [];
  for (let c = 0; c < ROCK_CLASSES; c++) out.push(tierFadeEnd(rockTier(rockClassMinDiameter(c))) + margin);
  return out;
}

/** The rocks of a packed answer (ROCK_STRIDE float64 per rock). */
export function unpackRocks(packed: Float64Array): ScatterRockLike[] {
  if (packed.length % ROCK_STRIDE !== 0)
    throw new Error(
      `unpackRocks: ${packed.length} values is not a whole number of ${ROCK_STRIDE}-value rocks`,
    );
  const out: ScatterRockLike[] = [];
  for (let k = 0; k < packed.length; k += ROCK_STRIDE) {
    out.push({
      position: packed.subarray(k, k + 3),
      rotation: packed.subarray(k + 3, k + 7),
      scale: packed.subarray(k + 7, k + 10),
      shape: packed[k + 10],
      tone: packed[k + 11],
      burial: packed[k + 12],
    });
  }
  return out;
}

export const regionScatterSource = {
  rocksNear(body: Body, eye: ArrayLike<number>, margin: number): ScatterRockLike[] {
    return unpackRocks(rocksNearPacked(body, [eye[0], eye[1], eye[2]], rockClassRanges(margin)));
  },
} satisfies ScatterSource;

/** What `pooledScatterSource` needs of a streamer: its worker pool's rock query, if it has one. */
export interface RockQueryLike {
  rocksNear?(
    eye: readonly number[],
    ranges: readonly number[],
    signal?: AbortSignal,
  ): Promise<Float64Array | null>;
}

/**
 * A source whose re-queries run in `streamer`'s worker pool (cancellable through the signal);
 * a streamer without the query resolves them on this thread.
 */
export function pooledScatterSource(streamer: RockQueryLike): ScatterSource {
  return {
    async rocksNear(body, eye, margin, signal) {
      const ranges = rockClassRanges(margin);
      if (!streamer.rocksNear) return regionScatterSource.rocksNear(body, eye, margin);
      const packed = await streamer.rocksNear([eye[0], eye[1], eye[2]], ranges, signal);
      return packed ? unpackRocks(packed) : regionScatterSource.rocksNear(body, eye, margin);
    },
  };
}
