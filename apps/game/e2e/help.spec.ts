/**
 * The game's help (H or ?) lists every control binding and every URL parameter, and closes by
 * its key, Escape and its × button (focus in while open, out once closed); the HUD shows the
 * frame time, the ground's terrain unit, and a heading that holds still while the landed ship
 * does. Screenshots at 960×540 over bright Mars: help open and the HUD (with LANDFALL_SHOTS=<dir>
 * they are also written there, e.g. docs/screenshots).
 */
import { expect, test } from '@playwright/test';
import { collectErrors, expectOverlayCloses, openApp, openHelpListing, shot } from '@landfall/testkit';
import { BINDINGS } from '../src/input/Controls';
import { PARAM_DOCS } from '../src/ui/paramDocs';

test.use({ viewport: { width: 960, height: 540 } });

// Gale crater's position on Mars, used as a site (the field there is procedural).
const MARS = { body: 'mars', start: 'landed', lat: -4.6, lon: 137.4, cam: 'chase' };

test('H opens help with every control and URL parameter; HUD: frame time, ground, still heading', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const errors = collectErrors(page);
  await openApp(page, 'game', MARS);
  const hud = page.locator('#hud');
  await expect(hud).toContainText('MARS  landed');
  await expect(hud).toContainText('POS   -4.600°, 137.400°');
  await expect(hud).toContainText(/GROUND (highland|low plain)/);
  await expect(hud).toContainText(/FRAME \d+(\.\d)? ms \(\d+(\.\d)? fps\)/);
  // The landed ship sits still: its heading reads the same over several seconds of frames.
  const heading = async () => /hdg (\d+)°/.exec((await hud.textContent()) ?? '')?.[1];
  const first = await heading();
  expect(first).toBe('0');
  for (let i = 0; i < 6; i++) {
    await page.waitForTimeout(500);
    expect(await heading()).toBe(first);
  }
  if (process.env.LANDFALL_SHOTS) await page.waitForTimeout(60_000);
  await shot(page, testInfo, 'game-hud-mars');

  const help = await openHelpListing(page, [
    ...BINDINGS.map(([, cell, text]) => ({ cell, text })),
    ...PARAM_DOCS.map(([cell, text]) => ({ cell, text })),
  ]);
  await shot(page, testInfo, 'game-help');
  await page.keyboard.press('?');
  await expect(help).toBeHidden();
  expect(errors).toEqual([]);
});

test('help and menu close by Esc, × and their key, focus in and out; the menu opens by its button', async ({
  page,
}) => {
  // Software rendering on a busy machine: each overlay step waits seconds for the page.
  test.setTimeout(360_000);
  const errors = collectErrors(page);
  // The stand-in terrain: this checks the overlays, not the ground.
  await openApp(page, 'game', { ...MARS, terrain: 'placeholder' });
  await page.keyboard.press('h');
  await expectOverlayCloses(page, page.locator('#help'), '?');
  await page.locator('#buttons').getByRole('button', { name: 'Menu' }).click();
  const menu = page.locator('#menu');
  await expect(menu).toBeVisible();
  await expect(page.locator('#menu-body')).toHaveValue('mars');
  await expectOverlayCloses(page, menu, 'm');
  // One overlay at a time: help opened over the menu replaces it.
  await page.keyboard.press('m');
  await expect(menu).toBeVisible();
  await page.keyboard.press('h');
  await expect(page.locator('#help')).toBeVisible();
  await expect(menu).toBeHidden();
  expect(errors).toEqual([]);
});
