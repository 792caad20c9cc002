/**
 * The crawl measure against synthetic frames whose truth is known by construction: a band-limited
 * random texture moved by a sub-pixel offset (content that only moved: low crawl) and the same
 * texture re-drawn with new random phases in place (a pattern that changed: high crawl).
 */
import { describe, expect, it } from 'vitest';
import type { Rgba } from '@landfall/testkit';
import { crawl } from './lookMetrics';

const W = 128;
const H = 96;

/** A grey image of a sum of sinusoids with wavelengths 3–12 px, shifted by (dx, dy) px. */
function texture(seed: number, dx: number, dy: number): Rgba {
  let s = seed;
  const rnd = (): number => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
  const waves = Array.from({ length: 24 }, () => {
    const lambda = 3 + 9 * rnd();
    const a = 2 * Math.PI * rnd();
    return {
      kx: (Math.cos(a) * 2 * Math.PI) / lambda,
      ky: (Math.sin(a) * 2 * Math.PI) / lambda,
      ph: 2 * Math.PI * rnd(),
    };
  });
  const data: number[] = new Array(W * H * 4);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      let v = 0;
      for (const wv of waves) v += Math.cos(wv.kx * (x - dx) + wv.ky * (y - dy) + wv.ph);
      const g = Math.round(128 + 8 * v);
      const i = (y * W + x) * 4;
      data[i] = data[i + 1] = data[i + 2] = Math.max(0, Math.min(255, g));
      data[i + 3] = 255;
    }
  return { width: W, height: H, data };
}

const region = { x0: 0, y0: 0, x1: W, y1: H };

describe('crawl', () => {
  it('is low for content that only moved by a sub-pixel step', () => {
    const c = crawl(texture(7, 0, 0), texture(7, 0.8, 0.3), region);
    // Bilinear re-sampling of the 2–8 px band and 8-bit rounding leave a residual well under 0.3.
    expect(c).toBeLessThan(0.3);
  });

  it('is high for a band pattern that changed in place', () => {
    const c = crawl(texture(7, 0, 0), texture(8, 0, 0), region);
    // Independent patterns: the residual RMS is about √2 of the band RMS, at least 1 after the search.
    expect(c).toBeGreaterThan(0.9);
  });
});
