import { test } from '@playwright/test';
import { expectSmoke } from '@landfall/testkit';

test('game smoke: loads without console errors and draws a frame @webgpu', async ({ page }, testInfo) => {
  await expectSmoke(page, testInfo, 'game');
});
