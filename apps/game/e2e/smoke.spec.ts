import { expect, test } from '@playwright/test';
import { capture, collectErrors, openApp, waitFrameDrawn } from '@landfall/testkit';

test('game smoke: loads without console errors and draws a frame @webgpu', async ({ page }, testInfo) => {
  const errors = collectErrors(page);
  const state = await openApp(page, 'game');
  expect(state.error).toBeUndefined();
  expect(state.ready).toBe(true);
  testInfo.annotations.push({ type: 'backend', description: String(state.backend) });
  console.log(`[game smoke] project=${testInfo.project.name} backend=${state.backend}`);
  expect(['webgpu', 'webgl2']).toContain(state.backend);
  if (testInfo.project.name === 'webgpu') expect(state.backend).toBe('webgpu');
  await waitFrameDrawn(page);
  await capture(page, testInfo, 'game-smoke');
  expect(errors).toEqual([]);
});
