/**
 * Canvas read-back for browser tests: asks the app to render a frame and return the canvas as a PNG
 * data URL (`window.__landfall.capture()`, same task as the render), saves it under the test's output
 * folder, and decodes it into RGBA in the page.
 */
import type { Page, TestInfo } from '@playwright/test';
import { writeFileSync } from 'node:fs';

export interface Rgba {
  width: number;
  height: number;
  data: number[];
}

export async function captureCanvas(page: Page, testInfo: TestInfo, name: string): Promise<Rgba> {
  const url = await page.evaluate(() =>
    (window as unknown as { __landfall: { capture(): string } }).__landfall.capture(),
  );
  const png = Buffer.from(url.split(',')[1], 'base64');
  writeFileSync(testInfo.outputPath(`${name}.png`), png);
  await testInfo.attach(name, { body: png, contentType: 'image/png' });
  return page.evaluate(async (data) => {
    const img = new Image();
    img.src = data;
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

export function luma(img: Rgba, x: number, y: number): number {
  const i = (y * img.width + x) * 4;
  return 0.2126 * img.data[i] + 0.7152 * img.data[i + 1] + 0.0722 * img.data[i + 2];
}

/** Per column, the first row from the top where `run` consecutive rows exceed `threshold` luma. */
export function horizonRows(img: Rgba, threshold = 10, run = 4): number[] {
  const rows: number[] = [];
  for (let x = 0; x < img.width; x++) {
    for (let y = 0; y + run <= img.height; y++) {
      let ok = true;
      for (let k = 0; k < run && ok; k++) ok = luma(img, x, y + k) > threshold;
      if (ok) {
        rows.push(y);
        break;
      }
    }
  }
  return rows;
}

export function median(v: number[]): number {
  const s = [...v].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : s[Math.floor(s.length / 2)];
}
