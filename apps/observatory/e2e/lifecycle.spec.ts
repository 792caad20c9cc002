/**
 * Lifecycle and URL (issue 6): bad URL parameters give a visible message and fall back to
 * defaults; switching bodies ten times then unloading leaves renderer memory at its baseline
 * (every geometry, material and texture disposed); the ADR reader renders the index.
 */
import { expect, test } from '@playwright/test';
import { collectErrors, landfallState, openApp } from '@landfall/testkit';

interface Hooks {
  switchBody(id: string): void;
  unload(): void;
  memory(): { geometries: number; textures: number };
  baselineMemory: { geometries: number; textures: number };
  counters: { drawn: number };
}
const hooks = 'window.__landfall';

// Not on WebGPU: URL parsing and the message are DOM and app logic; no backend draws them.
test('bad URL parameters: visible message, defaults used', async ({ page }) => {
  const errors = collectErrors(page);
  const state = await openApp(page, 'observatory', { body: 'vulcan', lat: 123, h: 'abc' });
  const view = state.view as Record<string, unknown>;
  expect(view.body).toBe('luna');
  expect(view.lat).toBe(0);
  expect(view.h).toBe(2);
  const msg = page.locator('.hud-messages');
  await expect(msg).toBeVisible();
  await expect(msg).toContainText('vulcan');
  await expect(msg).toContainText('lat=123');
  await expect(msg).toContainText('h=abc');
  expect(errors).toEqual([]);
});

// On both backends (@webgpu): each backend frees GPU objects its own way.
test('ten body switches then unload: renderer memory back at baseline @webgpu', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = collectErrors(page);
  await openApp(page, 'observatory', { body: 'luna', hud: 0 });
  const bodies = [
    'mars',
    'europa',
    'mercury',
    'io',
    'ceres',
    'titan',
    'miranda',
    'callisto',
    'vesta',
    'luna',
  ];
  let peak = 0;
  for (const id of bodies) {
    await page.evaluate((b) => (window as unknown as { __landfall: Hooks }).__landfall.switchBody(b), id);
    // Let patches arrive and be drawn so there is something to leak.
    await page.waitForFunction(
      () => (window as unknown as { __landfall: Hooks }).__landfall.counters.drawn > 0,
      null,
      {
        timeout: 60_000,
      },
    );
    const m = await page.evaluate(() => (window as unknown as { __landfall: Hooks }).__landfall.memory());
    peak = Math.max(peak, m.geometries);
  }
  const s = (await landfallState(page)) as unknown as Hooks;
  await page.evaluate(() => (window as unknown as { __landfall: Hooks }).__landfall.unload());
  const after = await page.evaluate(() => (window as unknown as { __landfall: Hooks }).__landfall.memory());
  console.log(
    `[lifecycle] ${hooks} baseline ${JSON.stringify(s.baselineMemory)}, peak geometries ${peak}, after ${JSON.stringify(after)}`,
  );
  // Teeth: some body drew more than a handful of patches (each a geometry), so a leak would show;
  // 4 is above the sky/star/rock geometries that exist at the baseline's moment on any body.
  expect(peak).toBeGreaterThan(s.baselineMemory.geometries + 4);
  expect(after).toEqual(s.baselineMemory);
  expect(errors).toEqual([]);
});

// Not on WebGPU: the ADR reader is DOM only; the backend plays no part.
test('ADR reader renders the index and an ADR', async ({ page }) => {
  await openApp(page, 'observatory', { hud: 0 });
  await page.evaluate(() => (location.hash = '#adr'));
  const adr = page.locator('#adr');
  await expect(adr).toBeVisible();
  await expect(adr.locator('h2', { hasText: 'Terrain algorithm versions' })).toBeVisible();
  await page.evaluate(() => (location.hash = '#adr/0012-terrain-material.md'));
  await expect(adr.locator('h1')).toContainText('ADR-0012');
  await expect(adr.locator('table td code', { hasText: 'GRAIN_PERIOD_M' })).toBeVisible();
});
