/**
 * Image measures for the look spec (issue 13): the fine-band energy of a region (a difference of
 * box blurs, 3 px minus 9 px wide, passes features of about 2–8 px), the darkest luma of a region
 * at a low quantile, and the mean colour's hue. Pure functions of decoded RGBA (testkit `Rgba`).
 */
import { luma, type Rgba } from '@landfall/testkit';

export interface Region {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Luma plane of the image. */
function lumaPlane(img: Rgba): Float64Array {
  const out = new Float64Array(img.width * img.height);
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++) out[y * img.width + x] = luma(img, x, y);
  return out;
}

/** Mean of a (2r+1)² box around (x, y), clamped to the image. */
function boxMean(l: Float64Array, w: number, h: number, x: number, y: number, r: number): number {
  let s = 0;
  let n = 0;
  for (let dy = -r; dy <= r; dy++) {
    const yy = Math.min(h - 1, Math.max(0, y + dy));
    for (let dx = -r; dx <= r; dx++) {
      s += l[yy * w + Math.min(w - 1, Math.max(0, x + dx))];
      n++;
    }
  }
  return s / n;
}

/**
 * Fine-band energy of a region: RMS of (3×3 box − 9×9 box) luma over the region's mean luma, so
 * it measures contrast at about 2–8 px independently of exposure.
 */
export function fineBandEnergy(img: Rgba, r: Region): number {
  const l = lumaPlane(img);
  let sq = 0;
  let sum = 0;
  let n = 0;
  for (let y = r.y0; y < r.y1; y++)
    for (let x = r.x0; x < r.x1; x++) {
      const band = boxMean(l, img.width, img.height, x, y, 1) - boxMean(l, img.width, img.height, x, y, 4);
      sq += band * band;
      sum += l[y * img.width + x];
      n++;
    }
  return Math.sqrt(sq / n) / Math.max(1e-9, sum / n);
}

/** Luma at quantile `q` (0 … 1) of a region. */
export function lumaQuantile(img: Rgba, r: Region, q: number): number {
  const v: number[] = [];
  for (let y = r.y0; y < r.y1; y++) for (let x = r.x0; x < r.x1; x++) v.push(luma(img, x, y));
  v.sort((a, b) => a - b);
  return v[Math.min(v.length - 1, Math.floor(q * v.length))];
}

/** Pixels of a region brighter than the median of their 5×5 neighbourhood by more than `by` luma. */
export function specks(img: Rgba, r: Region, by: number): number {
  let count = 0;
  const nb: number[] = [];
  for (let y = r.y0 + 2; y < r.y1 - 2; y++)
    for (let x = r.x0 + 2; x < r.x1 - 2; x++) {
      nb.length = 0;
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) nb.push(luma(img, x + dx, y + dy));
      nb.sort((a, b) => a - b);
      if (luma(img, x, y) > nb[12] + by) count++;
    }
  return count;
}

/** Mean sRGB colour of a region and its hue (degrees), saturation (0 … 1) and luma. */
export function meanColour(img: Rgba, r: Region): { rgb: number[]; hue: number; sat: number; luma: number } {
  const s = [0, 0, 0];
  let n = 0;
  for (let y = r.y0; y < r.y1; y++)
    for (let x = r.x0; x < r.x1; x++) {
      const i = (y * img.width + x) * 4;
      for (let c = 0; c < 3; c++) s[c] += img.data[i + c];
      n++;
    }
  const [R, G, B] = s.map((v) => v / n);
  const max = Math.max(R, G, B);
  const min = Math.min(R, G, B);
  const d = max - min;
  let hue = 0;
  if (d > 0) {
    if (max === R) hue = 60 * (((G - B) / d + 6) % 6);
    else if (max === G) hue = 60 * ((B - R) / d + 2);
    else hue = 60 * ((R - G) / d + 4);
  }
  return { rgb: [R, G, B], hue, sat: max > 0 ? d / max : 0, luma: 0.2126 * R + 0.7152 * G + 0.0722 * B };
}

/** Band-passed luma of the whole image: (3×3 box − 9×9 box), the fine band's own pass (2–8 px). */
export function bandPlane(img: Rgba): Float64Array {
  const l = lumaPlane(img);
  const out = new Float64Array(l.length);
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++)
      out[y * img.width + x] =
        boxMean(l, img.width, img.height, x, y, 1) - boxMean(l, img.width, img.height, x, y, 4);
  return out;
}

/** Bilinear sample of a plane at (x, y), clamped to the image. */
function bilinear(p: Float64Array, w: number, h: number, x: number, y: number): number {
  const cx = Math.min(w - 1.001, Math.max(0, x));
  const cy = Math.min(h - 1.001, Math.max(0, y));
  const x0 = Math.floor(cx);
  const y0 = Math.floor(cy);
  const fx = cx - x0;
  const fy = cy - y0;
  const i = y0 * w + x0;
  return (p[i] * (1 - fx) + p[i + 1] * fx) * (1 - fy) + (p[i + w] * (1 - fx) + p[i + w + 1] * fx) * fy;
}

/** Largest per-tile image shift searched between consecutive frames, px (1 cm at 2 m moves < 1 px). */
const CRAWL_SEARCH_PX = 2;
/** Shift search step, px: bilinear sub-pixel steps. */
const CRAWL_STEP_PX = 0.25;

/**
 * Pattern crawl between two frames: per `tile`-px tile of the region, the band-passed `next`
 * against the band-passed `prev` shifted by the best sub-pixel offset within ±CRAWL_SEARCH_PX
 * (the eye's known small step moves ground content by under a pixel; the per-tile search
 * compensates it, perspective included). The residual's RMS over the tile's band RMS is 0 for
 * content that only moved and ≈ √2 for a band pattern that changed in place. Returns the median
 * over tiles (a rock re-seated in one tile is content, not crawl).
 */
export function crawl(prev: Rgba, next: Rgba, r: Region, tile = 32): number {
  const w = next.width;
  const h = next.height;
  const a = bandPlane(prev);
  const b = bandPlane(next);
  const ratios: number[] = [];
  for (let ty = r.y0; ty + tile <= r.y1; ty += tile)
    for (let tx = r.x0; tx + tile <= r.x1; tx += tile) {
      let energy = 0;
      for (let y = ty; y < ty + tile; y++) for (let x = tx; x < tx + tile; x++) energy += b[y * w + x] ** 2;
      if (energy <= 0) continue;
      let best = Infinity;
      for (let sy = -CRAWL_SEARCH_PX; sy <= CRAWL_SEARCH_PX; sy += CRAWL_STEP_PX)
        for (let sx = -CRAWL_SEARCH_PX; sx <= CRAWL_SEARCH_PX; sx += CRAWL_STEP_PX) {
          let res = 0;
          for (let y = ty; y < ty + tile && res < best; y++)
            for (let x = tx; x < tx + tile; x++) {
              const d = b[y * w + x] - bilinear(a, w, h, x + sx, y + sy);
              res += d * d;
            }
          if (res < best) best = res;
        }
      ratios.push(Math.sqrt(best / energy));
    }
  if (ratios.length === 0) throw new Error('crawl: the region holds no tile with band energy');
  ratios.sort((x, y) => x - y);
  return ratios[Math.floor(ratios.length / 2)];
}
