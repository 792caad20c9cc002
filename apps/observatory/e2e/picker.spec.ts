/**
 * The place picker (G) moves the eye: another body at a typed latitude, longitude and height
 * (the HUD and the URL follow); a bad number is a message in the picker and moves nothing.
 */
import { expect, test, type Page } from '@playwright/test';
import { collectErrors, openApp } from '@landfall/testkit';

type Win = { __landfall: { view: Record<string, number | string> } };

const view = (page: Page) => page.evaluate(() => (window as unknown as Win).__landfall.view);

test('G picks Mars at 10° N 20° E, 5 m; a bad latitude moves nothing', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = collectErrors(page);
  await openApp(page, 'observatory', { body: 'luna', lat: 0, lon: 0, h: 2 });
  const picker = page.locator('#picker');
  await expect(picker).toBeHidden();
  await page.keyboard.press('g');
  await expect(picker).toBeVisible();
  // Opens on the current view.
  await expect(page.locator('#pick-body')).toHaveValue('luna');
  await expect(page.locator('#pick-lat')).toHaveValue('0');
  // Luna's named places are offered (the registry, ADR-0018), e.g. Tycho and Apollo 11's site.
  await expect(page.locator('#pick-place')).toBeEnabled();
  await expect(page.locator('#pick-place')).toContainText('Tycho');
  await page.locator('#pick-body').selectOption('mars');
  await page.locator('#pick-lat').fill('10');
  await page.locator('#pick-lon').fill('20');
  await page.locator('#pick-h').fill('5');
  await page.locator('#pick-go').click();
  await expect(picker).toBeHidden();
  await page.waitForFunction(() => (window as unknown as Win).__landfall.view.body === 'mars');
  expect(await view(page)).toMatchObject({ body: 'mars', lat: 10, lon: 20, h: 5 });
  await expect(page.locator('.hud-main')).toContainText('Mars  10.0000° N  20.0000° E');
  await expect(page.locator('.hud-main')).toContainText('eye 5.0 m above the ground');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('body') === 'mars');
  const q = new URL(page.url()).searchParams;
  expect([q.get('lat'), q.get('lon'), q.get('h')]).toEqual(['10', '20', '5']);

  await page.keyboard.press('g');
  await page.locator('#pick-lat').fill('abc');
  await page.locator('#pick-body').selectOption('europa');
  await page.locator('#pick-go').click();
  await expect(page.locator('.overlay-message')).toContainText('lat "abc" is not a number');
  await expect(picker).toBeVisible();
  await page.waitForTimeout(500);
  expect(await view(page)).toMatchObject({ body: 'mars', lat: 10, lon: 20, h: 5 });
  // Esc closes the picker even while typing in one of its fields.
  await page.locator('#pick-lat').press('Escape');
  await expect(picker).toBeHidden();
  expect(errors).toEqual([]);
});
