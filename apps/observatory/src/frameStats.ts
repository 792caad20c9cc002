/**
 * `frameStats`: summarises a list of frame times (ms) as count, median, 95th percentile, maximum
 * and mean. Percentiles use the nearest-rank method on the sorted samples (no interpolation), so
 * every figure is one of the measured samples.
 */

export interface FrameStats {
  frames: number;
  p50: number;
  p95: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentile `q` in (0, 1] of ascending `sorted` (non-empty). */
function nearestRank(sorted: Float64Array, q: number): number {
  const rank = Math.ceil(q * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** Throws on an empty list or a sample that is not a finite, non-negative number. */
export function frameStats(samples: ArrayLike<number>): FrameStats {
  if (samples.length === 0) throw new Error('frameStats: no samples');
  const sorted = Float64Array.from(samples);
  let sum = 0;
  for (let i = 0; i < sorted.length; i++) {
    const v = sorted[i];
    if (!Number.isFinite(v) || v < 0)
      throw new Error(`frameStats: sample ${i} is ${v}, not a finite time >= 0`);
    sum += v;
  }
  sorted.sort();
  return {
    frames: sorted.length,
    p50: nearestRank(sorted, 0.5),
    p95: nearestRank(sorted, 0.95),
    max: sorted[sorted.length - 1],
    mean: sum / sorted.length,
  };
}
