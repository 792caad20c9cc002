import { test } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { appUrl } from '../../../tools/e2e/helpers';

test('explore', async ({ page }) => {
  test.setTimeout(170_000);
  const logs: string[] = [];
  page.on('console', (m) => logs.push(`${m.type()}: ${m.text().slice(0, 400)}`));
  page.on('pageerror', (e) => logs.push(`pageerror: ${e.message} ${e.stack?.slice(0, 600)}`));
  const q = process.env.Q ?? 'body=luna&lat=10&lon=20&h=2&pitch=-5&streamer=local&hud=0';
  await page.goto(appUrl('observatory', Object.fromEntries(new URLSearchParams(q))));
  const t0 = Date.now();
  await page
    .waitForFunction(
      () => (window as any).__landfall?.ready === true || (window as any).__landfall?.error,
      null,
      { timeout: 60_000, polling: 500 },
    )
    .catch(() => {});
  console.log('ready wait', Date.now() - t0, logs.join('\n'));
  await page
    .waitForFunction(() => (window as any).__landfall?.fixedPoint === true, null, {
      timeout: Number(process.env.FP ?? 60_000),
      polling: 500,
    })
    .catch(() => {});
  console.log('fixed wait', Date.now() - t0);
  const url = await page.evaluate(() => (window as any).__landfall.capture?.());
  if (url) writeFileSync('/tmp/render-explore.png', Buffer.from(url.split(',')[1], 'base64'));
  const s = await page.evaluate(() => {
    const s = { ...(window as any).__landfall };
    delete s.capture;
    return s;
  });
  console.log(JSON.stringify(s).slice(0, 1500));
  console.log(logs.slice(0, 30).join('\n'));
});
