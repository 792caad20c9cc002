/**
 * Software-rendering frame figures of the Luna stance (issue 13), for the report and ADR-0012:
 * 480×270, the gpu-check viewpoint (12° N 34° E, 2 m, heading 45°), detail on and off, shadows on
 * and off; after the streamer's fixed point, `timeFrames(6)` (CPU + GPU per frame, the GPU
 * finished; draw calls of one frame) with the rocks shown and then hidden, to attribute the cost.
 * Runs only with LANDFALL_FIGURES=1: figures, not assertions (timed tests are not tests here).
 */
import { test } from '@playwright/test';
import { openApp, waitFixedPoint } from '@landfall/testkit';

test.use({ viewport: { width: 480, height: 270 } });

const STANCE = { body: 'luna', lat: 12, lon: 34, h: 2, heading: 45, hud: 0 };

for (const [detail, shadows] of [
  ['on', 'on'],
  ['off', 'on'],
  ['on', 'off'],
]) {
  test(`frame figures, Luna stance, detail ${detail}, shadows ${shadows} @webgpu`, async ({ page }) => {
    test.skip(process.env.LANDFALL_FIGURES !== '1', 'figures only: LANDFALL_FIGURES=1');
    test.setTimeout(400_000);
    await openApp(page, 'observatory', { ...STANCE, detail, shadows });
    await waitFixedPoint(page, 250_000).catch(() => console.log('[figures] no fixed point yet'));
    const t = await page.evaluate(async () => {
      const w = window as unknown as {
        __landfall: { timeFrames(n: number): Promise<unknown>; setRocksVisible(on: boolean): void };
      };
      await w.__landfall.timeFrames(2);
      const rocks = await w.__landfall.timeFrames(6);
      w.__landfall.setRocksVisible(false);
      await w.__landfall.timeFrames(2);
      return { rocks, noRocks: await w.__landfall.timeFrames(6) };
    });
    console.log(`[figures] detail=${detail} shadows=${shadows} ${JSON.stringify(t)}`);
  });
}
