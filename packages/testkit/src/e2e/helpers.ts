/**
 * Browser-test helpers shared by every spec: open an app with URL parameters, collect console
 * errors, wait for the app's readiness object `window.__landfall`, capture a PNG, and read
 * statistics of the canvas's own pixels back (never the page's: a DOM HUD is not a drawn frame).
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { APP_PORTS } from '../vite/appConfig';
import { pngStats, type PixelStats } from './pngPixels';

export type App = keyof typeof APP_PORTS;

export interface LandfallState {
  ready: boolean;
  backend?: string;
  error?: string;
  [key: string]: unknown;
}

/** Collects console errors and uncaught page errors from the moment it is called. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  return errors;
}

export function appUrl(app: App, params: Record<string, string | number> = {}): string {
  const q = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
  const s = q.toString();
  return `http://127.0.0.1:${APP_PORTS[app].preview}/${s ? `?${s}` : ''}`;
}

/** Opens an app and waits until `window.__landfall.ready` (or an error) within `timeoutMs`. */
export async function openApp(
  page: Page,
  app: App,
  params: Record<string, string | number> = {},
  timeoutMs = 120_000,
): Promise<LandfallState> {
  await page.goto(appUrl(app, params));
  await page.waitForFunction(
    () => {
      const s = (window as unknown as { __landfall?: LandfallState }).__landfall;
      return s?.ready === true || !!s?.error;
    },
    null,
    {
      timeout: timeoutMs,
      polling: 250,
    },
  );
  return landfallState(page);
}

/** Saves a PNG of the page under the test's output folder and attaches it to the report. */
export async function capture(page: Page, testInfo: TestInfo, name: string): Promise<Buffer> {
  const png = await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
  await testInfo.attach(name, { body: png, contentType: 'image/png' });
  return png;
}

/**
 * A screenshot of the page for the report, also written to the folder LANDFALL_SHOTS names when
 * set (the documentation's pictures, e.g. docs/screenshots).
 */
export async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
  if (process.env.LANDFALL_SHOTS) copyFileSync(path, join(process.env.LANDFALL_SHOTS, `${name}.png`));
}

/** Waits until the observatory's streamer reports its fixed point (`__landfall.fixedPoint`). */
export async function waitFixedPoint(page: Page, timeoutMs: number): Promise<void> {
  await page.waitForFunction(
    () => (window as unknown as { __landfall?: { fixedPoint?: boolean } }).__landfall?.fixedPoint === true,
    null,
    { timeout: timeoutMs, polling: 500 },
  );
}

/** Opens the observatory and waits for its streamer's fixed point (`waitFixedPoint`). */
export async function openSettled(
  page: Page,
  params: Record<string, string | number>,
  timeoutMs: number,
): Promise<LandfallState> {
  await openApp(page, 'observatory', params);
  await waitFixedPoint(page, timeoutMs);
  return landfallState(page);
}

/** Attribute that marks the canvas `canvasScreenshot` keeps visible. */
const KEEP = 'data-landfall-read-back';

/**
 * A PNG of the app's canvas ALONE (the largest canvas on the page): every other element — HUD,
 * messages, overlays — is hidden by a style sheet for the screenshot, which is clipped to the
 * canvas. A DOM HUD over a black canvas therefore reads black. Works on both backends (the
 * compositor's copy, CDPScreenshotNewSurface for WebGPU), so it needs no hook in the app.
 */
export async function canvasScreenshot(page: Page): Promise<Buffer> {
  const found = await page.evaluate((keep) => {
    let best: HTMLCanvasElement | null = null;
    for (const c of Array.from(document.querySelectorAll('canvas'))) {
      const r = c.getBoundingClientRect();
      const area = r.width * r.height;
      if (!best || area > best.getBoundingClientRect().width * best.getBoundingClientRect().height) best = c;
    }
    if (!best) return false;
    best.setAttribute(keep, '');
    const style = document.createElement('style');
    style.id = keep;
    // visibility is inherited and may be overridden by a descendant: only the canvas is painted.
    style.textContent = `body * { visibility: hidden !important; } canvas[${keep}] { visibility: visible !important; }`;
    document.head.appendChild(style);
    return true;
  }, KEEP);
  if (!found) throw new Error('canvasScreenshot: the page has no canvas');
  try {
    return await page.locator(`canvas[${KEEP}]`).screenshot();
  } finally {
    await page.evaluate((keep) => {
      document.getElementById(keep)?.remove();
      document.querySelector(`canvas[${keep}]`)?.removeAttribute(keep);
    }, KEEP);
  }
}

/** Statistics of the app's canvas pixels alone (not the page: the HUD does not count). */
export async function pixelStats(page: Page): Promise<PixelStats> {
  return pngStats(page, await canvasScreenshot(page));
}

/** The app's current readiness object. */
export async function landfallState(page: Page): Promise<LandfallState> {
  return (await page.evaluate(
    () => (window as unknown as { __landfall?: LandfallState }).__landfall,
  )) as LandfallState;
}

/**
 * The smoke assertion on the canvas's pixels: a drawn frame is not one flat colour and not black.
 * Thresholds: 8 distinct colours (a cleared canvas has 1; lit terrain under a sky has hundreds),
 * mean luma 2 of 255 (a black canvas reads 0). Throws with the figures (companion specs in
 * tools/e2e/rig.spec.ts show it fails on a blank page and on a black canvas under a drawn HUD).
 */
export function assertFrameDrawn(stats: PixelStats): void {
  if (stats.distinctColours < 8 || stats.meanLuma < 2) {
    throw new Error(
      `frame looks undrawn: ${stats.distinctColours} distinct colours, mean luma ${stats.meanLuma.toFixed(2)}`,
    );
  }
}

/**
 * Reads the canvas until `assertFrameDrawn` passes, or throws its last message after `timeoutMs`.
 * An app is ready after its first frame, not after its first ground patch: until the workers'
 * first patches arrive an airless body's view is black sky, so a single read at `ready` races.
 */
export async function waitFrameDrawn(page: Page, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      assertFrameDrawn(await pixelStats(page));
      return;
    } catch (e) {
      if (Date.now() > until) throw e;
    }
    await page.waitForTimeout(250);
  }
}
