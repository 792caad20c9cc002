/**
 * Hostile-input kit for browser tests: markup payloads that would set a marker if any of their code
 * ran, the check that neither the marker nor any element from a payload exists, opening a raw URL
 * (hash included) and waiting for the app, and proof that the app keeps drawing (its own frame
 * counter advances and the canvas, with the DOM overlays hidden, is not one flat colour).
 */
import { expect, type Page } from '@playwright/test';
import { APP_PORTS } from '../vite/appConfig';
import type { App, LandfallState } from './helpers';
import { pngStats } from './pngPixels';

/** Set by a payload's code if it ever runs; must stay undefined. */
export const MARKER = '__landfallPwned';

/** Markup payloads: an event handler, an inline script, an SVG handler. */
export const PAYLOADS = {
  img: `<img src=x onerror="window.${MARKER}='img'">`,
  script: `"><script>window.${MARKER}='script'</script>`,
  svg: `<svg onload="window.${MARKER}='svg'">`,
} as const;

/** A URL on an app with a raw query string and hash (the caller encodes what it wants encoded). */
export function rawUrl(app: App, search: string, hash = ''): string {
  return `http://127.0.0.1:${APP_PORTS[app].preview}/${search}${hash}`;
}

/** Opens `url` and waits until `window.__landfall` is ready or reports an error. */
export async function openRaw(page: Page, url: string, timeoutMs = 120_000): Promise<LandfallState> {
  await page.goto(url);
  await page.waitForFunction(
    () => {
      const s = (window as unknown as { __landfall?: LandfallState }).__landfall;
      return s?.ready === true || !!s?.error;
    },
    null,
    { timeout: timeoutMs, polling: 250 },
  );
  return (await page.evaluate(
    () => (window as unknown as { __landfall?: LandfallState }).__landfall,
  )) as LandfallState;
}

/**
 * No payload ran and none became markup: the marker is unset, and the document holds no element a
 * payload would create (an `img[src=x]`, an inline script, any element with an on* attribute).
 * The element check matters because the CSP alone already stops the handlers from running.
 */
export async function assertNoInjection(page: Page): Promise<void> {
  const found = await page.evaluate((marker) => {
    const w = window as unknown as Record<string, unknown>;
    const onAttr = [...document.querySelectorAll('*')].filter((e) =>
      [...e.attributes].some((a) => a.name.toLowerCase().startsWith('on')),
    ).length;
    return {
      marker: w[marker],
      img: document.querySelectorAll('img[src="x"]').length,
      inlineScripts: document.querySelectorAll('script:not([src])').length,
      onAttr,
    };
  }, MARKER);
  expect(found).toEqual({ marker: undefined, img: 0, inlineScripts: 0, onAttr: 0 });
}

/** Waits until the app's frame counter (`window.__landfall.frames`) has advanced by `n`. */
export async function assertFramesContinue(page: Page, n = 5, timeoutMs = 60_000): Promise<void> {
  const frames = () =>
    page.evaluate(() => (window as unknown as { __landfall?: { frames?: number } }).__landfall?.frames);
  const start = await frames();
  expect(typeof start).toBe('number');
  await page.waitForFunction(
    ([from, by]) =>
      ((window as unknown as { __landfall?: { frames?: number } }).__landfall?.frames ?? -1) >= from + by,
    [start as number, n] as const,
    { timeout: timeoutMs, polling: 100 },
  );
}

/**
 * Distinct colours of the canvas alone: a screenshot of the canvas element with every DOM overlay
 * hidden, so HUD text over a black canvas cannot pass.
 */
export async function canvasColours(page: Page): Promise<number> {
  const png = await page.locator('canvas#view').screenshot({
    style: 'body > :not(canvas) { visibility: hidden !important; }',
  });
  return (await pngStats(page, png)).distinctColours;
}

/** The canvas shows a drawn scene: more than a handful of colours (a cleared canvas has one). */
export async function assertCanvasDrawn(page: Page, timeoutMs = 150_000): Promise<void> {
  // 8 colours: a cleared or single-fill canvas has 1–2; any lit terrain or sky gradient has hundreds.
  // Polled until the first ground arrives: an airless body's day sky is black with no stars
  // (ADR-0012, the sunlit ground's glare), so until a patch is resident the canvas is one colour
  // (stop 32's CI: 1 colour at "resolving ground 1/6"). 150 s: a first patch under software
  // rendering in CI has taken up to ~60 s; a canvas that never draws still fails, within the
  // spec budget of 180 s.
  await expect
    .poll(() => canvasColours(page), { timeout: timeoutMs, intervals: [500, 1000, 2000] })
    .toBeGreaterThan(8);
}
