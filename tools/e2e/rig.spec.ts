// Companion specs: the smoke checks must be able to fail on planted violations.
import { expect, test } from '@playwright/test';
import { assertFrameDrawn, collectErrors, pixelStats } from './helpers';

test('assertFrameDrawn rejects a blank page', async ({ page }) => {
  await page.setContent(
    '<body style="margin:0;background:#000"><canvas width="320" height="200"></canvas></body>',
  );
  const stats = await pixelStats(page);
  expect(() => assertFrameDrawn(stats)).toThrow(/undrawn/);
});

test('collectErrors sees a planted console error', async ({ page }) => {
  const errors = collectErrors(page);
  await page.setContent('<script>console.error("planted failure")</script>');
  await expect.poll(() => errors.length).toBe(1);
  expect(errors[0]).toContain('planted failure');
});
