// Companion specs: the smoke checks must be able to fail on planted violations.
import { expect, test, type Page } from '@playwright/test';
import {
  assertFrameDrawn,
  collectErrors,
  decodePng,
  pixelStats,
  pngStats,
  rgbaStats,
} from '@landfall/testkit';

/** A canvas painted by `paint` (2-D context) under a bright, many-coloured DOM HUD. */
async function canvasUnderHud(page: Page, paint: string): Promise<void> {
  await page.setContent(`<body style="margin:0;background:#000">
    <canvas id="c" width="320" height="200" style="position:absolute;left:0;top:0"></canvas>
    <div id="hud" style="position:absolute;left:0;top:0;width:320px;height:200px;font:bold 22px sans-serif;
      color:#fff;background:linear-gradient(90deg,rgba(255,0,0,.6),rgba(0,255,0,.6),rgba(0,0,255,.6))">
      ALT 1234 m  VEL 56 m/s<br>FUEL 78 %  LANDED</div>
    <script>const x = document.getElementById('c').getContext('2d'); ${paint}</script></body>`);
}

test('assertFrameDrawn rejects a blank page', async ({ page }) => {
  await page.setContent(
    '<body style="margin:0;background:#000"><canvas width="320" height="200"></canvas></body>',
  );
  const stats = await pixelStats(page);
  expect(() => assertFrameDrawn(stats)).toThrow(/undrawn/);
});

test('assertFrameDrawn reads the canvas, not the page: a black canvas under a drawn HUD fails', async ({
  page,
}) => {
  await canvasUnderHud(page, "x.fillStyle = '#000'; x.fillRect(0, 0, 320, 200);");
  // The planted break: the whole page (HUD included) looks drawn, which is what a page read saw.
  const page_ = await pngStats(page, await page.screenshot());
  expect(() => assertFrameDrawn(page_)).not.toThrow();
  const canvas = await pixelStats(page);
  expect(canvas.width).toBe(320);
  expect(() => assertFrameDrawn(canvas)).toThrow(/undrawn/);
  // The HUD is back afterwards (the read-back hides it only for the screenshot).
  await expect(page.locator('#hud')).toBeVisible();
});

test('assertFrameDrawn accepts a drawn canvas under the same HUD', async ({ page }) => {
  await canvasUnderHud(
    page,
    "const g = x.createLinearGradient(0, 0, 0, 200); g.addColorStop(0, '#203050'); g.addColorStop(1, '#a08060'); x.fillStyle = g; x.fillRect(0, 0, 320, 200);",
  );
  assertFrameDrawn(await pixelStats(page));
});

test('collectErrors sees a planted console error', async ({ page }) => {
  const errors = collectErrors(page);
  await page.setContent('<script>console.error("planted failure")</script>');
  await expect.poll(() => errors.length).toBe(1);
  expect(errors[0]).toContain('planted failure');
});

/** Six known pixels, 3 × 2, row-major: red, green, blue / white, black, (10, 20, 30). */
const KNOWN = [
  255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255, 0, 0, 0, 255, 10, 20, 30, 255,
];

test('decodePng returns the exact pixels of a PNG, as bytes or as a data URL', async ({ page }) => {
  const url = await page.evaluate((px) => {
    const c = document.createElement('canvas');
    c.width = 3;
    c.height = 2;
    const ctx = c.getContext('2d')!;
    ctx.putImageData(new ImageData(new Uint8ClampedArray(px), 3, 2), 0, 0);
    return c.toDataURL('image/png');
  }, KNOWN);
  const fromUrl = await decodePng(page, url);
  expect(fromUrl).toEqual({ width: 3, height: 2, data: KNOWN });
  expect(await decodePng(page, Buffer.from(url.split(',')[1], 'base64'))).toEqual(fromUrl);
  const stats = rgbaStats(fromUrl);
  expect(stats.distinctColours).toBe(6);
  // Rec. 709 weights by hand; 1e-9: float64 sums of three terms, far below one luma step.
  const rows = [255 / 3, (255 + 0.2126 * 10 + 0.7152 * 20 + 0.0722 * 30) / 3];
  expect(stats.rowLuma[0]).toBeCloseTo(rows[0], 9);
  expect(stats.rowLuma[1]).toBeCloseTo(rows[1], 9);
  expect(stats.meanLuma).toBeCloseTo((rows[0] + rows[1]) / 2, 9);
});

test('decodePng refuses what is not a PNG, by name', async ({ page }) => {
  await expect(decodePng(page, 'data:image/jpeg;base64,AAAA')).rejects.toThrow(
    /expected PNG bytes or a PNG data URL/,
  );
});
