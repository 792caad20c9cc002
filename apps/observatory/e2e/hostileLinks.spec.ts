// Hostile links on the observatory (issue #11): a malformed ADR link, at load and on hashchange,
// and hostile view parameters each give a message on screen; the observatory keeps drawing and
// runs none of the injected code.
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

/** A percent-escape cut short: `decodeURIComponent` throws URIError on it. */
const MALFORMED = '%E0%A4%A';

test('a malformed ADR link at load shows the index and a message; the view keeps drawing', async ({
  page,
}) => {
  const errors = collectErrors(page);
  const state = await openRaw(page, rawUrl('observatory', '', `#adr/${MALFORMED}`));
  expect(state.error).toBeUndefined();
  expect(state.ready).toBe(true);
  const notice = page.locator('#notices');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(`#adr/${MALFORMED}`);
  await expect(notice).toContainText(/malformed.*showing the ADR index/);
  // The index is what is shown instead.
  await expect(page.locator('#adr')).toBeVisible();
  await expect(page.locator('#adr nav.adr-nav')).toContainText('0015-save-format-and-version-refusal');
  await assertFramesContinue(page);
  await assertCanvasDrawn(page);
  expect(errors).toEqual([]);
});

test('a malformed ADR link on hashchange, then markup in the hash: messages, no code runs', async ({
  page,
}) => {
  const errors = collectErrors(page);
  const state = await openRaw(page, rawUrl('observatory', '', '#adr'));
  expect(state.ready).toBe(true);
  await page.evaluate((h) => (location.hash = h), `#adr/0015-x${MALFORMED}`);
  const notice = page.locator('#notices');
  await expect(notice).toContainText(/malformed.*showing the ADR index/);
  await assertFramesContinue(page);
  // Markup in an ADR name, percent-encoded as a browser would send it: named as text, not parsed.
  await page.evaluate((h) => (location.hash = h), `#adr/${encodeURIComponent(PAYLOADS.img)}`);
  await page.waitForFunction(() =>
    document.querySelector('#adr article')?.textContent?.startsWith('No ADR named'),
  );
  await assertNoInjection(page);
  await expect(page.locator('#adr article')).toContainText(`No ADR named ${PAYLOADS.img}`);
  // Markup as the whole hash: not an ADR link; the view is shown and the link is named as text.
  await page.evaluate((h) => (location.hash = h), `#${PAYLOADS.svg}`);
  await expect(page.locator('#adr')).toBeHidden();
  await expect(notice).toContainText('is not an ADR link');
  await assertNoInjection(page);
  await assertFramesContinue(page);
  await assertCanvasDrawn(page);
  expect(errors).toEqual([]);
  expect((await landfallState(page)).error).toBeUndefined();
});

test('hostile view parameters: each named on screen with its default; the view draws', async ({ page }) => {
  const errors = collectErrors(page);
  const search =
    `?body=${encodeURIComponent(PAYLOADS.img)}&lat=NaN&lon=1e999&h=${MALFORMED}` +
    `&heading=${'9'.repeat(400)}&fov=${encodeURIComponent(PAYLOADS.script)}`;
  const state = await openRaw(page, rawUrl('observatory', search, `#${encodeURIComponent(PAYLOADS.img)}`));
  expect(state.error).toBeUndefined();
  expect(state.ready).toBe(true);
  const messages = page.locator('.hud-messages');
  await expect(messages).toBeVisible();
  // Each bad parameter is named with the default used instead.
  await expect(messages).toContainText('is not in the zoo');
  await expect(messages).toContainText('showing luna');
  await expect(messages).toContainText('lat=NaN is not a number in [-90, 90]; using 0');
  await expect(messages).toContainText('lon=1e999 is not a number in [-180, 360]; using 0');
  // URLSearchParams turns the broken escape into U+FFFD instead of throwing.
  await expect(messages).toContainText('h=\uFFFD%A is not a number in [0.05, 100000000]; using 2');
  await expect(messages).toContainText(/heading=9+… is not a number in \[-360, 360\]; using 0/);
  await expect(messages).toContainText('; using 60');
  expect((await landfallState(page)).view).toMatchObject({ body: 'luna', lat: 0, lon: 0, h: 2, fov: 60 });
  // A 400-digit value is shortened on screen, not printed whole.
  expect(((await messages.textContent()) ?? '').length).toBeLessThan(1200);
  await expect(page.locator('#notices')).toContainText('is not an ADR link');
  await assertNoInjection(page);
  await assertFramesContinue(page);
  await assertCanvasDrawn(page);
  expect(errors).toEqual([]);
});
