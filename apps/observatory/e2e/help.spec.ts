/**
 * The observatory's help (H or ?) lists every control and every URL parameter; the HUD says where
 * the eye is in a person's words (latitude/longitude, height, terrain unit) and keeps the engine
 * counters in a block that opens with `. Screenshots at 960×540: help open, HUD over Luna and
 * over Mars (with LANDFALL_SHOTS=<dir> they are also written there, e.g. docs/screenshots).
 */
import { expect, test, type Page } from '@playwright/test';
import {
  collectErrors,
  expectOverlayCloses,
  landfallState,
  openApp,
  openHelpListing,
  shot,
  waitFixedPoint,
} from '@landfall/testkit';
import { BINDINGS } from '../src/Controls';
import { PARAM_DOCS } from '../src/ui/paramDocs';
import { NAMED_PLACES } from '@landfall/universe';

test.use({ viewport: { width: 960, height: 540 } });

/**
 * Before a screenshot: waits for the streamer's fixed point or `ms`, whichever is first, when
 * screenshots are wanted (LANDFALL_SHOTS); otherwise a few frames (software rendering is slow).
 */
async function settle(page: Page, ms: number): Promise<void> {
  await waitFixedPoint(page, process.env.LANDFALL_SHOTS ? ms : 3000).catch(() => undefined);
}

test('H opens help listing every control and URL parameter; Esc closes it', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const errors = collectErrors(page);
  await openApp(page, 'observatory', { body: 'luna', lat: -5, lon: 5, h: 2, heading: 40, sunEl: 30 });
  const help = await openHelpListing(page, [
    ...BINDINGS.map(([cell, text]) => ({ cell, text })),
    ...PARAM_DOCS.map(([cell]) => ({ cell })),
  ]);
  await settle(page, 90_000);
  await shot(page, testInfo, 'observatory-help');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await page.keyboard.press('?');
  await expect(help).toBeVisible();
  await page.keyboard.press('?');
  await expect(help).toBeHidden();
  expect(errors).toEqual([]);
});

test('help and picker close by Esc and ×, help also by its key, focus in and out; Go to opens the picker', async ({
  page,
}) => {
  // Software rendering on a busy machine: each overlay step waits seconds for the page.
  test.setTimeout(360_000);
  const errors = collectErrors(page);
  await openApp(page, 'observatory', { body: 'luna', lat: -5, lon: 5, h: 2, hud: 0 });
  await page.keyboard.press('h');
  await expectOverlayCloses(page, page.locator('#help'), '?');
  // Its body select has focus, so G types there (keyCloses: false) and Esc or × close it.
  await page.locator('#open-picker').click();
  const picker = page.locator('#picker');
  await expect(picker).toBeVisible();
  await expect(page.locator('#pick-body')).toBeFocused();
  await expectOverlayCloses(page, picker, 'g', { keyCloses: false });
  expect(errors).toEqual([]);
});

function nearestPlaceName(body: string, lat: number, lon: number): string {
  const rad = Math.PI / 180;
  let best = '';
  let bestD = Infinity;
  for (const p of NAMED_PLACES) {
    if (p.body !== body) continue;
    const a =
      Math.sin(((p.latDeg - lat) * rad) / 2) ** 2 +
      Math.cos(p.latDeg * rad) * Math.cos(lat * rad) * Math.sin(((p.lonDeg - lon) * rad) / 2) ** 2;
    if (a < bestD) {
      bestD = a;
      best = p.name;
    }
  }
  return best;
}

for (const v of [
  {
    name: 'luna',
    params: { body: 'luna', lat: -1, lon: 24, h: 2, heading: 40, sunAz: 120, sunEl: 30 },
    unit: 'mare (low plain)',
  },
  {
    name: 'mars',
    params: { body: 'mars', lat: -4.6, lon: 137.4, h: 2, heading: 200, sunAz: 20, sunEl: 50 },
    unit: '',
  },
]) {
  test(`HUD over ${v.name}: position, height, terrain unit; engine block opens; compact mode`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(240_000);
    const errors = collectErrors(page);
    await openApp(page, 'observatory', v.params);
    const main = page.locator('.hud-main');
    const lat = Math.abs(v.params.lat).toFixed(4);
    await expect(main).toContainText(`${v.params.body === 'luna' ? 'Luna' : 'Mars'}  ${lat}° S`);
    await expect(main).toContainText(`${Math.abs(v.params.lon).toFixed(4)}° E`);
    await expect(main).toContainText('eye 2.0 m above the ground');
    const state = await landfallState(page);
    const ground = state.ground as { unit: string };
    if (v.unit) expect(ground.unit).toBe(v.unit);
    await expect(main).toContainText(`terrain ${ground.unit}`);
    // The nearest named place by great-circle distance over the registry's IAU positions,
    // computed here (not by the HUD's code).
    await expect(main).toContainText(
      `nearest ${nearestPlaceName(v.params.body, v.params.lat, v.params.lon)}, `,
    );
    // The engine's words are not in the main panel; they are in the debug block once opened.
    await expect(main).not.toContainText('starved');
    const debug = page.locator('.hud-debug-text');
    await expect(debug).toBeHidden();
    await page.keyboard.press('Backquote');
    await expect(debug).toBeVisible();
    await expect(debug).toContainText('starved');
    await expect(debug).toContainText(`${v.params.body}/`);
    await page.keyboard.press('Backquote');
    await settle(page, 90_000);
    await shot(page, testInfo, `observatory-hud-${v.name}`);
    await page.keyboard.press('c');
    await expect(main).toHaveText(new RegExp(`^${v.name === 'luna' ? 'Luna' : 'Mars'} · .* · 2\\.0 m up · `));
    await shot(page, testInfo, `observatory-hud-compact-${v.name}`);
    expect(errors).toEqual([]);
  });
}
