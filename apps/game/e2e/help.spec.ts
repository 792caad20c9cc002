/**
 * The game's help (H or ?) lists every control binding and every URL parameter; the HUD shows the
 * frame time, the ground's terrain unit, and a heading that holds still while the landed ship
 * does. Screenshots at 960×540 over bright Mars: help open and the HUD (with LANDFALL_SHOTS=<dir>
 * they are also written there, e.g. docs/screenshots).
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { collectErrors, openApp } from '@landfall/testkit';
import { BINDINGS } from '../src/input/Controls';
import { PARAM_DOCS } from '../src/ui/paramDocs';

test.use({ viewport: { width: 960, height: 540 } });

async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
  if (process.env.LANDFALL_SHOTS) copyFileSync(path, join(process.env.LANDFALL_SHOTS, `${name}.png`));
}

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

  const help = page.locator('#help');
  await expect(help).toBeHidden();
  await page.keyboard.press('h');
  await expect(help).toBeVisible();
  for (const [, control, what] of BINDINGS) {
    await expect(help.getByRole('cell', { name: control, exact: true }).first()).toBeVisible();
    await expect(help).toContainText(what);
  }
  for (const [name, values] of PARAM_DOCS) {
    await expect(help.getByRole('cell', { name, exact: true })).toBeVisible();
    await expect(help).toContainText(values);
  }
  await shot(page, testInfo, 'game-help');
  await page.keyboard.press('?');
  await expect(help).toBeHidden();
  expect(errors).toEqual([]);
});
