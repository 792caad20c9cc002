import { test } from '@playwright/test';
import { expectSmoke } from '@landfall/testkit';

test('observatory smoke: loads without console errors and draws a frame @webgpu', async ({
  page,
}, testInfo) => {
  await expectSmoke(page, testInfo, 'observatory');
});
