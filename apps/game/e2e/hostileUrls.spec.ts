// Hostile URLs on the game (issue #11): malformed percent-escapes, huge and NaN numbers, an unknown
// body and markup in the parameters and the hash each give a message on screen naming the default
// used; the game keeps drawing and runs none of the injected code.
import { expect, test } from '@playwright/test';
import {
  collectErrors,
  landfallState,
  assertCanvasDrawn,
  assertFramesContinue,
  assertNoInjection,
  openRaw,
  PAYLOADS,
  rawUrl,
} from '@landfall/testkit';

test('markup and a malformed escape in the URL: named on screen, defaults used, no code runs', async ({
  page,
}) => {
  const errors = collectErrors(page);
  const search = `?body=${encodeURIComponent(PAYLOADS.img)}&start=%E0%A4%A&cam=${encodeURIComponent(PAYLOADS.script)}`;
  const state = await openRaw(page, rawUrl('game', search, `#${encodeURIComponent(PAYLOADS.svg)}`));
  expect(state.error).toBeUndefined();
  expect(state.ready).toBe(true);
  expect(state.body).toBe('luna');
  // First: nothing from a payload became markup or ran (the HUD shows the messages before ready).
  await assertNoInjection(page);
  const messages = page.locator('#messages');
  await expect(messages).toBeVisible();
  await expect(messages).toContainText(`?body="${PAYLOADS.img}" is not a body`);
  await expect(messages).toContainText('using luna');
  await expect(messages).toContainText('must be orbit or descent or landed; using orbit');
  await expect(messages).toContainText('must be chase or cockpit; using chase');
  await expect(messages).toContainText(/the game reads no #link part: .*svg.* ignored/);
  await assertFramesContinue(page);
  await assertCanvasDrawn(page);
  expect(errors).toEqual([]);
});

test('huge, NaN and overlong numbers: named on screen with the default; the game draws', async ({ page }) => {
  const errors = collectErrors(page);
  const search = `?benchTicks=1e999&fresh=NaN&terrain=${'x'.repeat(5000)}`;
  const state = await openRaw(page, rawUrl('game', search));
  expect(state.error).toBeUndefined();
  const messages = page.locator('#messages');
  await expect(messages).toContainText('?benchTicks="1e999" must be an integer 1…50; using 50');
  await expect(messages).toContainText('?fresh="NaN" must be 1 or 0; using 0');
  await expect(messages).toContainText(/\?terrain="x+…" must be workers, local, placeholder; using workers/);
  // A 5000-character value is shortened on screen, not printed whole.
  expect(((await messages.textContent()) ?? '').length).toBeLessThan(1000);
  await assertFramesContinue(page);
  await assertCanvasDrawn(page);
  expect(errors).toEqual([]);
  expect((await landfallState(page)).error).toBeUndefined();
});
