/**
 * `?place=<id>` (ADR-0018): the game starts landed on the place's body at its site and the HUD
 * names it; an unknown id is a message naming known ids, and the game still starts.
 */
import { expect, test } from '@playwright/test';
import { collectErrors, openApp } from '@landfall/testkit';

test('?place=apollo-11 lands on Luna at Tranquility Base; the HUD names it', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = collectErrors(page);
  const state = await openApp(page, 'game', { place: 'apollo-11', fresh: 1 });
  expect(state.error).toBeUndefined();
  expect(state.body).toBe('luna');
  const hud = page.locator('#hud');
  await expect(hud).toContainText('landed');
  // LROC: Tranquility Base 0.67416° N 23.47314° E (the HUD prints three decimals).
  await expect(hud).toContainText('POS   0.674°, 23.473°');
  await expect(hud).toContainText(/NEAR {2}Apollo 11 \(Tranquility Base\) {2}\d+ m/);
  expect(errors).toEqual([]);
});

test('?place=perseverance names Mars over the default body', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = collectErrors(page);
  const state = await openApp(page, 'game', { place: 'perseverance', fresh: 1 });
  expect(state.body).toBe('mars');
  await expect(page.locator('#hud')).toContainText('NEAR  Perseverance');
  expect(errors).toEqual([]);
});

test('an unknown place is a message; the game starts on the URL body', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = collectErrors(page);
  const state = await openApp(page, 'game', { place: 'atlantis', body: 'mars' });
  expect(state.error).toBeUndefined();
  expect(state.body).toBe('mars');
  await expect(page.locator('#messages')).toContainText('?place="atlantis" is not a named place');
  expect(errors).toEqual([]);
});
