// Save slots in the browser (issue #11, ADR-0015): a `?fresh=1` flight leaves the stored save
// byte-identical (autosave and K included), and storage that cannot persist says so on K.
import { expect, test, type Page } from '@playwright/test';
import { collectErrors, openApp, assertFramesContinue } from '@landfall/testkit';

const SLOT = 'landfall.save.luna';

const slot = (page: Page) => page.evaluate((k) => localStorage.getItem(k), SLOT);
const simSeconds = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __landfall: { state: () => { tick: number } } }).__landfall.state().tick * 0.02,
  );
const messages = (page: Page) =>
  page.evaluate(() => (window as unknown as { __landfall: { messages: string[] } }).__landfall.messages);

test('?fresh=1 leaves the stored save byte-identical through autosave and K', async ({ page }) => {
  const errors = collectErrors(page);
  // A first flight writes the slot (K), at luna in low orbit.
  await openApp(page, 'game', { terrain: 'placeholder' });
  await page.keyboard.press('k');
  await expect.poll(() => messages(page)).toContainEqual(expect.stringMatching(/^saved at luna\//));
  const saved = await slot(page);
  expect(saved).toMatch(/"format":"landfall-save"/);

  // A fresh flight in the same browser: warp far past the autosave period, then press K.
  await openApp(page, 'game', { terrain: 'placeholder', fresh: 1 });
  for (let i = 0; i < 5; i++) await page.keyboard.press('.');
  // 60 s of sim time is six autosave periods (AUTOSAVE_EVERY_S = 10 s).
  await expect.poll(() => simSeconds(page), { timeout: 120_000 }).toBeGreaterThan(60);
  await page.keyboard.press('k');
  // K is answered either way ("saved at …" or "not saved: …"); then the slot is compared.
  await expect.poll(async () => (await messages(page)).some((m) => /^(not )?saved/.test(m))).toBe(true);
  expect(await slot(page)).toBe(saved);
  const shown = await messages(page);
  expect(shown.some((m) => /started fresh: the save .* is kept/.test(m))).toBe(true);
  expect(shown.some((m) => /^not saved: .*did not load/.test(m))).toBe(true);
  expect(shown.some((m) => m.startsWith('saved at'))).toBe(false);
  expect(errors).toEqual([]);
});

test('no localStorage at all: K says nothing persisted, never "saved"', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('storage is disabled', 'SecurityError');
      },
    });
  });
  await openApp(page, 'game', { terrain: 'placeholder' });
  await expect(page.locator('#messages')).toContainText('saves disabled');
  await page.keyboard.press('k');
  await expect(page.locator('#messages')).toContainText(/not saved: .*nothing persisted/);
  expect((await messages(page)).some((m) => m.startsWith('saved at'))).toBe(false);
  await assertFramesContinue(page);
});

test('storage over quota, and storage that drops writes: K says not saved', async ({ page }) => {
  await page.addInitScript(() => {
    Storage.prototype.setItem = function () {
      throw new DOMException('quota exceeded', 'QuotaExceededError');
    };
  });
  await openApp(page, 'game', { terrain: 'placeholder' });
  await page.keyboard.press('k');
  await expect(page.locator('#messages')).toContainText(/not saved: .*quota exceeded/);

  await page.addInitScript(() => {
    Storage.prototype.setItem = function () {};
  });
  await openApp(page, 'game', { terrain: 'placeholder' });
  await page.keyboard.press('k');
  await expect(page.locator('#messages')).toContainText(/not saved: .*did not keep/);
  expect((await messages(page)).some((m) => m.startsWith('saved at'))).toBe(false);
});
