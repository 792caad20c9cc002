/**
 * Screenshots of the ground at the eye's feet for docs/screenshots (issue 13), 960×540: Luna and
 * Mars looking down from 2 m, the nearest rock at 10° field of view, and the game's lander shadow.
 * Runs only with LANDFALL_SHOTS=1 (it writes into the repository); LANDFALL_SHOTS_TAG names the
 * variant (`before`, `after`). Each view waits for the streamer's fixed point or its budget.
 */
import { test, type Page } from '@playwright/test';
import { collectErrors, openApp, waitFixedPoint, waitFrameDrawn } from '@landfall/testkit';

test.use({ viewport: { width: 960, height: 540 } });

/** The look spec's flat Luna plateau and the game's Mars landing site. */
const LUNA = { body: 'luna', lat: 55.9598, lon: 19.0443 };
const MARS = { body: 'mars', lat: 8, lon: 23 };
const DOWN = { h: 2, heading: 0, pitch: -60, fov: 60, sunAz: 180, sunEl: 20, hud: 0 };
const tag = process.env.LANDFALL_SHOTS_TAG ?? 'after';

/** Opens `app` at `params` and waits for its fixed point (or the budget) and a few frames. */
async function open(page: Page, app: 'observatory' | 'game', params: Record<string, string | number>) {
  const errors = collectErrors(page);
  await openApp(page, app, params);
  await waitFrameDrawn(page);
  await waitFixedPoint(page, 150_000).catch(() => undefined);
  await page.waitForTimeout(2000); // a few frames: rocks in range seated
  return errors;
}

async function shoot(
  page: Page,
  name: string,
  app: 'observatory' | 'game',
  params: Record<string, string | number>,
) {
  const errors = await open(page, app, params);
  await page.screenshot({ path: `docs/screenshots/${name}-${tag}.png`, timeout: 300_000 });
  if (errors.length) console.log(`[${name}] errors: ${errors.join(' | ')}`);
}

test.describe('ground shots', () => {
  test.skip(process.env.LANDFALL_SHOTS !== '1', 'writes docs/screenshots: LANDFALL_SHOTS=1 only');
  test.setTimeout(900_000);

  test('shot Luna and Mars looking down at 2 m', async ({ page }) => {
    await shoot(page, 'ground-luna-2m-down', 'observatory', { ...LUNA, ...DOWN });
    await shoot(page, 'ground-mars-2m-down', 'observatory', { ...MARS, ...DOWN, sunEl: 30 });
  });

  test('shot the nearest rock at 10°', async ({ page }) => {
    await open(page, 'observatory', { ...LUNA, ...DOWN, sunEl: 35 });
    await page.evaluate(() =>
      (
        window as unknown as { __landfall: { aimAtNearestRock(fov: number, d: number): number | null } }
      ).__landfall.aimAtNearestRock(10, 0.1),
    );
    await waitFixedPoint(page, 120_000).catch(() => undefined);
    await page.waitForTimeout(2000);
    await page.screenshot({
      path: `docs/screenshots/ground-luna-nearest-rock-10deg-${tag}.png`,
      timeout: 300_000,
    });
  });

  test('shot the lander shadow (game)', async ({ page }) => {
    await shoot(page, 'ground-game-luna-lander-shadow', 'game', {
      body: 'luna',
      start: 'landed',
      cam: 'chase',
    });
  });
});
