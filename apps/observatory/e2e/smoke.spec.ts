import { expect, test } from '@playwright/test';
import { assertFrameDrawn, capture, collectErrors, openApp, pixelStats } from '@landfall/testkit';

test('observatory smoke: loads without console errors and draws a frame @webgpu', async ({
  page,
}, testInfo) => {
  const errors = collectErrors(page);
  const state = await openApp(page, 'observatory');
  expect(state.error).toBeUndefined();
  expect(state.ready).toBe(true);
  testInfo.annotations.push({ type: 'backend', description: String(state.backend) });
  console.log(`[observatory smoke] project=${testInfo.project.name} backend=${state.backend}`);
  expect(['webgpu', 'webgl2']).toContain(state.backend);
  if (testInfo.project.name === 'webgpu') expect(state.backend).toBe('webgpu');
  // Ready means the first frame ran, not that ground has arrived: until patches are drawn the
  // canvas can be nearly black (315 colours, mean luma 1.4 measured at ready on WebGPU), which only
  // the DOM HUD made look drawn when the page was read. Wait for drawn patches, then read the canvas.
  await page.waitForFunction(
    () =>
      ((window as unknown as { __landfall: { counters?: { drawn: number } } }).__landfall.counters?.drawn ??
        0) > 0,
    null,
    { timeout: 60_000, polling: 250 },
  );
  await page.waitForTimeout(500);
  assertFrameDrawn(await pixelStats(page));
  await capture(page, testInfo, 'observatory-smoke');
  expect(errors).toEqual([]);
});
