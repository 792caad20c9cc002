/**
 * `?place=<id>` (ADR-0018): a registry id opens its body at its IAU position and the HUD names
 * it; an unknown id is a HUD message naming known ids, and the other parameters are kept.
 */
import { expect, test, type Page } from '@playwright/test';
import { collectErrors, openApp } from '@landfall/testkit';

type Win = { __landfall: { view: Record<string, number | string> } };
const view = (page: Page) => page.evaluate(() => (window as unknown as Win).__landfall.view);

test('?place=tycho stands on Luna at 43.31° S 11.36° W and the HUD names Tycho', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = collectErrors(page);
  await openApp(page, 'observatory', { place: 'tycho', h: 20000, pitch: -30 });
  // IAU Gazetteer: Tycho 43.31° S 11.36° W.
  expect(await view(page)).toMatchObject({ body: 'luna', lat: -43.31, lon: -11.36, h: 20000 });
  await expect(page.locator('.hud-main')).toContainText('43.3100° S  11.3600° W');
  await expect(page.locator('.hud-main')).toContainText('nearest Tycho');
  expect(errors).toEqual([]);
});

test('an unknown place is a HUD message; body, lat and h are kept', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = collectErrors(page);
  await openApp(page, 'observatory', { place: 'atlantis', body: 'mars', lat: 5, h: 300 });
  await expect(page.locator('.hud-messages')).toContainText('place "atlantis" is not a named place');
  expect(await view(page)).toMatchObject({ body: 'mars', lat: 5, h: 300 });
  expect(errors).toEqual([]);
});
