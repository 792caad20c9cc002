/**
 * Software-rendering frame figures of the Luna stance (issue 13), for the report and ADR-0012:
 * 480×270, the gpu-check viewpoint (12° N 34° E, 2 m, heading 45°), shadows on, detail on and
 * off; after the streamer's fixed point, `timeFrames(10)` (CPU + GPU per frame, the GPU finished).
 * Runs only with LANDFALL_FIGURES=1: figures, not assertions (timed tests are not tests here).
 */
import { test } from '@playwright/test';
import { openApp, waitFixedPoint } from '@landfall/testkit';

test.use({ viewport: { width: 480, height: 270 } });

const STANCE = { body: 'luna', lat: 12, lon: 34, h: 2, heading: 45, hud: 0 };

for (const detail of ['on', 'off']) {
  test(`frame figures, Luna stance, detail ${detail}`, async ({ page }) => {
    test.skip(process.env.LANDFALL_FIGURES !== '1', 'figures only: LANDFALL_FIGURES=1');
    test.setTimeout(400_000);
    await openApp(page, 'observatory', { ...STANCE, detail });
    await waitFixedPoint(page, 200_000).catch(() => console.log('[figures] no fixed point yet'));
    const t = await page.evaluate(async () => {
      const w = window as unknown as { __landfall: { timeFrames(n: number): Promise<unknown> } };
      await w.__landfall.timeFrames(2);
      return w.__landfall.timeFrames(10);
    });
    console.log(`[figures] detail=${detail} ${JSON.stringify(t)}`);
  });
}
