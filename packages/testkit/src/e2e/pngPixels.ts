/**
 * The one PNG decoder of the browser tests: the page's own image decoder turns PNG bytes (a
 * screenshot) or a PNG data URL (an app's canvas capture) into RGBA, which is read here in Node.
 * Colour statistics are computed from that RGBA, so every spec measures pixels the same way.
 */
import type { Page } from '@playwright/test';

/** Decoded pixels, row-major, 4 bytes (R, G, B, A) per pixel. */
export interface Rgba {
  width: number;
  height: number;
  data: number[];
}

export interface PixelStats {
  width: number;
  height: number;
  distinctColours: number;
  meanLuma: number;
  /** Mean luma of each row, top to bottom. */
  rowLuma: number[];
}

/** Decodes PNG bytes or a `data:image/png;base64,…` URL in the page into RGBA. */
export async function decodePng(page: Page, png: Buffer | string): Promise<Rgba> {
  const url = typeof png === 'string' ? png : `data:image/png;base64,${png.toString('base64')}`;
  if (!url.startsWith('data:image/png;base64,')) {
    throw new Error(`decodePng: expected PNG bytes or a PNG data URL, got '${url.slice(0, 32)}…'`);
  }
  return page.evaluate(async (src) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    return {
      width: c.width,
      height: c.height,
      data: Array.from(ctx.getImageData(0, 0, c.width, c.height).data),
    };
  }, url);
}

/** Rec. 709 luma of pixel (x, y), 0–255. */
export function luma(img: Rgba, x: number, y: number): number {
  const i = (y * img.width + x) * 4;
  return 0.2126 * img.data[i] + 0.7152 * img.data[i + 1] + 0.0722 * img.data[i + 2];
}

/** Distinct RGB colours, mean luma and per-row mean luma of decoded pixels. */
export function rgbaStats(img: Rgba): PixelStats {
  const colours = new Set<number>();
  const rowLuma: number[] = [];
  let total = 0;
  for (let y = 0; y < img.height; y++) {
    let row = 0;
    for (let x = 0; x < img.width; x++) {
      const i = (y * img.width + x) * 4;
      colours.add((img.data[i] << 16) | (img.data[i + 1] << 8) | img.data[i + 2]);
      row += luma(img, x, y);
    }
    rowLuma.push(row / img.width);
    total += row;
  }
  return {
    width: img.width,
    height: img.height,
    distinctColours: colours.size,
    meanLuma: total / (img.width * img.height),
    rowLuma,
  };
}

/** Decodes a PNG in the page and summarises its pixels. */
export async function pngStats(page: Page, png: Buffer | string): Promise<PixelStats> {
  return rgbaStats(await decodePng(page, png));
}
