import { describe, expect, it } from 'vitest';
import { fmix32, hash2, hash3, hashString, unitFromHash, rehash } from './hash';

describe('hash', () => {
  it('is pure and bit-exact (golden values)', () => {
    expect(fmix32(0)).toBe(0);
    expect(fmix32(1)).toBe(0x514e28b7);
    expect(hash2(1, 2)).toBe(hash2(1, 2));
    expect(hashString('luna')).toBe(hashString('luna'));
  });

  it('distinguishes argument order and neighbours', () => {
    expect(hash2(1, 2)).not.toBe(hash2(2, 1));
    expect(hash3(7, 0, 1)).not.toBe(hash3(7, 1, 0));
    expect(hashString('luna')).not.toBe(hashString('lunb'));
    expect(rehash(5, 0)).not.toBe(rehash(5, 1));
  });

  it('maps to [0, 1) and is roughly uniform', () => {
    const bins = new Array<number>(10).fill(0);
    let lo = 1;
    let hi = 0;
    for (let i = 0; i < 100000; i++) {
      const u = unitFromHash(hash3(42, i, -i));
      lo = Math.min(lo, u);
      hi = Math.max(hi, u);
      bins[Math.floor(u * 10)]++;
    }
    expect(lo).toBeGreaterThanOrEqual(0);
    expect(hi).toBeLessThan(1);
    // 100,000 draws in 10 bins: sd ≈ 95 per bin; 600 is > 6 sd, a broken mixer fails it.
    for (const b of bins) expect(Math.abs(b - 10000)).toBeLessThan(600);
    expect(unitFromHash(0xffffffff)).toBeLessThan(1);
  });
});
