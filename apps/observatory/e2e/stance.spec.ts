/**
 * Standing at two metres (issue 6): Luna reaches the streamer's fixed point with nothing starved,
 * the horizon sits where −acos(R/(R+h)) puts it, rocks are drawn, and nothing logs an error.
 */
import { expect, test } from '@playwright/test';
import { collectErrors, landfallState, openApp } from '../../../tools/e2e/helpers';
import { captureCanvas, horizonRows, luma, median } from '../../../tools/e2e/canvasPixels';

const LUNA_R = 1737400; // m, the zoo's Luna radius (packages/universe zoo)

test('Luna at 2 m: fixed point, horizon, rocks, no errors', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const errors = collectErrors(page);
  // A flat spot (slope 4e-4 in the drawn field), looking north with the sun behind the eye.
  const h = 2;
  const fov = 60;
  await openApp(page, 'observatory', {
    body: 'luna',
    lat: 55.9598,
    lon: 19.0443,
    h,
    heading: 0,
    pitch: 0,
    fov,
    sunAz: 180,
    sunEl: 20,
    hud: 0,
  });
  const t0 = Date.now();
  await page.waitForFunction(
    () => (window as unknown as { __landfall: { fixedPoint: boolean } }).__landfall.fixedPoint,
    null,
    {
      timeout: 200_000,
      polling: 500,
    },
  );
  const state = await landfallState(page);
  const counters = state.counters as Record<string, number>;
  console.log(
    `[stance luna] fixed point after ${state.fixedPointMs?.toString()} ms in page (${Date.now() - t0} ms waited): ` +
      `drawn ${counters.drawn}, generated ${counters.generated}, genMs p50 ${counters.genMsP50}, triangles ${String(state.triangles)}, rocks ${String(state.rocks)}`,
  );
  expect(counters.starved).toBe(0);
  expect(state.backend).toBe(testInfo.project.name === 'webgpu' ? 'webgpu' : 'webgl2');

  const img = await captureCanvas(page, testInfo, 'luna-2m-horizon');
  // Expected horizon: dip = acos(R/(R+h)) below the level line; pitch 0 puts the level line at
  // the centre row. Relief on the horizon moves single columns; the median is the geometric one.
  const dip = Math.acos(LUNA_R / (LUNA_R + h));
  const focal = img.height / 2 / Math.tan((fov * Math.PI) / 360);
  const expected = img.height / 2 + Math.tan(dip) * focal;
  const rows = horizonRows(img);
  expect(rows.length).toBeGreaterThan(img.width * 0.9);
  const found = median(rows);
  console.log(`[stance luna] horizon row ${found} (expected ${expected.toFixed(2)}, ${img.height} px high)`);
  // Tolerance: two pixels (the bound; row quantisation plus far-field relief).
  expect(Math.abs(found - expected)).toBeLessThanOrEqual(2);
  // Sky above is black-ish (stars aside), ground below is lit.
  let skyBright = 0;
  let groundDark = 0;
  for (let x = 0; x < img.width; x++) {
    if (luma(img, x, 2) > 40) skyBright++;
    if (luma(img, x, img.height - 3) < 10) groundDark++;
  }
  expect(skyBright).toBeLessThan(img.width * 0.05);
  expect(groundDark).toBeLessThan(img.width * 0.05);

  // Rocks: the universe's rocks here are sparse (nearest ~10 m, median 0.42 m), a few pixels at
  // 60° fov; turn towards the nearest seated rock with a 10° fov, then compare the same frame with
  // and without rocks.
  const distance = await page.evaluate(() =>
    (
      window as unknown as { __landfall: { aimAtNearestRock(fov: number): number | null } }
    ).__landfall.aimAtNearestRock(10),
  );
  expect(distance).not.toBeNull();
  await page.waitForTimeout(1000);
  await page.waitForFunction(
    () => (window as unknown as { __landfall: { fixedPoint: boolean } }).__landfall.fixedPoint,
    null,
    {
      timeout: 150_000,
      polling: 500,
    },
  );
  const down = await captureCanvas(page, testInfo, 'luna-2m-nearest-rock');
  await page.evaluate(() =>
    (window as unknown as { __landfall: { setRocksVisible(on: boolean): void } }).__landfall.setRocksVisible(
      false,
    ),
  );
  const bare = await captureCanvas(page, testInfo, 'luna-2m-nearest-rock-hidden');
  let changed = 0;
  for (let i = 0; i < down.data.length; i += 4) {
    if (Math.abs(down.data[i] - bare.data[i]) + Math.abs(down.data[i + 1] - bare.data[i + 1]) > 12) changed++;
  }
  const seated = (await landfallState(page)).rocksSeated as number;
  console.log(
    `[stance luna] rocks seated ${seated}; nearest rock ${String(distance)} m; rock pixels ${changed}`,
  );
  expect(seated).toBeGreaterThan(0);
  // A 0.2 m rock at 15 m spans ~6 px at 10° fov over 200 rows (~36 px²); 20 px is a clear yes.
  expect(changed).toBeGreaterThan(20);
  expect(errors).toEqual([]);
});
