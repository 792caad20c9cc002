import { describe, expect, it } from 'vitest';
import { frameStats } from './frameStats';

describe('frameStats', () => {
  it('takes nearest-rank percentiles of the sorted samples', () => {
    const samples = Array.from({ length: 20 }, (_, i) => 20 - i); // 20, 19, …, 1
    const s = frameStats(samples);
    expect(s.frames).toBe(20);
    expect(s.p50).toBe(10); // rank ceil(0.5 * 20) = 10
    expect(s.p95).toBe(19); // rank ceil(0.95 * 20) = 19
    expect(s.max).toBe(20);
    expect(s.mean).toBe(10.5);
  });

  it('summarises a single sample as itself', () => {
    expect(frameStats([3.25])).toEqual({ frames: 1, p50: 3.25, p95: 3.25, max: 3.25, mean: 3.25 });
  });

  it('rejects empty lists and non-finite or negative samples', () => {
    expect(() => frameStats([])).toThrow(/no samples/);
    expect(() => frameStats([1, Number.NaN])).toThrow(/sample 1 is NaN/);
    expect(() => frameStats([1, -2])).toThrow(/sample 1 is -2/);
    expect(() => frameStats([Infinity])).toThrow(/sample 0 is Infinity/);
  });
});
