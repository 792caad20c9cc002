/**
 * Canvas read-back for browser tests: asks the app to render a frame and return the canvas as a PNG
 * data URL (`window.__landfall.capture()`, same task as the render), saves it under the test's output
 * folder, and decodes it into RGBA (./pngPixels).
 */
import type { Page, TestInfo } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { decodePng, luma, type Rgba } from './pngPixels';

export async function captureCanvas(page: Page, testInfo: TestInfo, name: string): Promise<Rgba> {
  const url = await page.evaluate(() =>
    (window as unknown as { __landfall: { capture(): string } }).__landfall.capture(),
  );
  const png = Buffer.from(url.split(',')[1], 'base64');
  writeFileSync(testInfo.outputPath(`${name}.png`), png);
  await testInfo.attach(name, { body: png, contentType: 'image/png' });
  return decodePng(page, url);
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
