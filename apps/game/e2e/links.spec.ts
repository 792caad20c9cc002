/**
 * The cross-app links keep the place: the game's "Observatory →" opens the observatory at the
 * ship's body, latitude and longitude, and the observatory's "Game →" opens the game with the
 * ship landed there. Both links sit on an opaque backing (readable over a bright Mars).
 */
import { expect, test, type Page } from '@playwright/test';
import { collectErrors, openApp, appUrl } from '@landfall/testkit';

const DEG = Math.PI / 180;

/** Latitude/longitude of the ship from the game's published state (body-fixed position). */
async function shipLatLon(page: Page): Promise<[number, number]> {
  const p = await page.evaluate(
    () => (window as unknown as { __landfall: { state: () => { pBf: number[] } } }).__landfall.state().pBf,
  );
  const r = Math.hypot(p[0], p[1], p[2]);
  return [Math.asin(p[2] / r) / DEG, Math.atan2(p[1], p[0]) / DEG];
}

/** The link's URL with the other app's preview port (the apps sit on adjacent ports). */
async function linkOf(page: Page): Promise<URL> {
  return new URL((await page.locator('#other-app').getAttribute('href'))!);
}

async function backingAlpha(page: Page): Promise<number> {
  const bg = await page.locator('.links').evaluate((e) => getComputedStyle(e).backgroundColor);
  const m = /rgba?\(([^)]+)\)/.exec(bg)!;
  const parts = m[1].split(',').map(Number);
  return parts.length === 4 ? parts[3] : 1;
}

test('game → observatory → game keeps body, latitude and longitude', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = collectErrors(page);
  const site = { lat: -4.6, lon: 137.4 };
  await openApp(page, 'game', { body: 'mars', start: 'landed', ...site, terrain: 'placeholder' });
  const [lat0, lon0] = await shipLatLon(page);
  // The landed start stands the ship at the asked site (to float64 rounding of the trig).
  expect(Math.abs(lat0 - site.lat)).toBeLessThan(1e-9);
  expect(Math.abs(lon0 - site.lon)).toBeLessThan(1e-9);
  expect(await backingAlpha(page)).toBeGreaterThanOrEqual(0.7);

  // The link follows the ship within a quarter second.
  await page.waitForTimeout(500);
  const toObs = await linkOf(page);
  expect(toObs.port).toBe(new URL(appUrl('observatory')).port);
  expect(toObs.searchParams.get('body')).toBe('mars');
  // Link rounding: 6 decimals of a degree (0.1 m on Mars).
  expect(Math.abs(Number(toObs.searchParams.get('lat')) - lat0)).toBeLessThan(1e-6);
  expect(Math.abs(Number(toObs.searchParams.get('lon')) - lon0)).toBeLessThan(1e-6);
  expect(Number(toObs.searchParams.get('h'))).toBe(2);

  await page.locator('#other-app').click();
  await page.waitForFunction(
    () => (window as unknown as { __landfall?: { ready?: boolean } }).__landfall?.ready,
  );
  const view = await page.evaluate(
    () => (window as unknown as { __landfall: { view: Record<string, number | string> } }).__landfall.view,
  );
  expect(view.body).toBe('mars');
  expect(Math.abs(Number(view.lat) - lat0)).toBeLessThan(1e-6);
  expect(Math.abs(Number(view.lon) - lon0)).toBeLessThan(1e-6);
  expect(await backingAlpha(page)).toBeGreaterThanOrEqual(0.7);

  const toGame = await linkOf(page);
  expect(toGame.port).toBe(new URL(appUrl('game')).port);
  expect(toGame.searchParams.get('start')).toBe('landed');
  toGame.searchParams.set('terrain', 'placeholder');
  await page.goto(toGame.toString());
  await page.waitForFunction(
    () => (window as unknown as { __landfall?: { ready?: boolean } }).__landfall?.ready,
  );
  const mode = await page.evaluate(() =>
    (window as unknown as { __landfall: { state: () => { mode: string; body: string } } }).__landfall.state(),
  );
  expect(mode).toMatchObject({ mode: 'landed', body: 'mars' });
  const [lat1, lon1] = await shipLatLon(page);
  expect(Math.abs(lat1 - lat0)).toBeLessThan(1e-6);
  expect(Math.abs(lon1 - lon0)).toBeLessThan(1e-6);
  expect(errors).toEqual([]);
});
