// `?producer=gpu` in the game (ADR-0020): over Callisto from orbit on WebGPU (software adapter here)
// the terrain's patches come from the GPU producer — the HUD's PRODUCER line says so — and the
// ground resolves and is drawn; `producer=cpu` keeps the workers and says so; a GPU batch that fails
// (planted, as a lost device would) hands the body to the workers in place, and the ground resolves.
import { expect, test } from '@playwright/test';
import { assertFrameDrawn, collectErrors, openApp, pixelStats } from '@landfall/testkit';

test('producer=gpu resolves Callisto from orbit on the GPU producer @webgpu-only', async ({ page }) => {
  test.setTimeout(600_000);
  const errors = collectErrors(page);
  const t0 = Date.now();
  const state = await openApp(page, 'game', { body: 'callisto', start: 'orbit', producer: 'gpu', fresh: 1 });
  expect(state.error).toBeUndefined();
  const hud = page.locator('#hud');
  await expect(hud).toContainText('PRODUCER gpu (producer=gpu, software adapter)');
  await expect(hud).toContainText(/TERRAIN ground resolved \d+\/\d+/, { timeout: 480_000 });
  const line = /TERRAIN ground resolved (\d+)\/(\d+)/.exec((await hud.textContent()) ?? '');
  console.log(
    `[game producer] Callisto orbit on the GPU producer: ${line?.[0]} in ${((Date.now() - t0) / 1000).toFixed(0)} s (software adapter)`,
  );
  expect(Number(line?.[1])).toBeGreaterThan(6);
  assertFrameDrawn(await pixelStats(page));
  await openApp(page, 'game', { body: 'callisto', start: 'orbit', producer: 'cpu', fresh: 1 });
  await expect(page.locator('#hud')).toContainText('PRODUCER workers (producer=cpu)');
  expect(errors).toEqual([]);
});

test('a failed GPU batch hands the body to the workers in place and the ground still resolves @webgpu-only', async ({
  page,
}) => {
  test.setTimeout(600_000);
  const errors = collectErrors(page);
  const state = await openApp(page, 'game', { body: 'callisto', start: 'orbit', producer: 'gpu', fresh: 1 });
  expect(state.error).toBeUndefined();
  const hud = page.locator('#hud');
  await expect(hud).toContainText('PRODUCER gpu (producer=gpu, software adapter)');
  const planted = await page.evaluate(() => window.__landfall?.plantGpuFailure?.('planted: device lost'));
  expect(planted).toBe(true);
  await expect(hud).toContainText('PRODUCER workers (the GPU producer failed: planted: device lost)', {
    timeout: 120_000,
  });
  await expect(hud).toContainText(/TERRAIN ground resolved \d+\/\d+/, { timeout: 300_000 });
  const line = /TERRAIN ground resolved (\d+)\/(\d+)/.exec((await hud.textContent()) ?? '');
  expect(Number(line?.[1])).toBeGreaterThan(6);
  assertFrameDrawn(await pixelStats(page));
  // Nothing more to plant: the workers make the patches now.
  expect(await page.evaluate(() => window.__landfall?.plantGpuFailure?.('again'))).toBe(false);
  // The fallback warns on the console (collectErrors keeps errors only).
  expect(errors).toEqual([]);
});
