/**
 * The look of the ground and the sky (issue 13), measured on the image. Each body is seen from
 * 2 m above the drawn ground; every threshold states its reason; each assertion was seen to fail
 * on a planted break (ADR-0012 lists them). Both projects run it (@webgpu): the WGSL and GLSL
 * paths of the terrain material, the shadow node and the sky differ.
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { captureCanvas, collectErrors, decodePng, openApp, type Rgba } from '@landfall/testkit';
import { crawl, fineBandEnergy, lumaQuantile, meanColour, specks, type Region } from './lookMetrics';

/** A flat spot on a Luna plateau (stance.spec.ts), reused on every body for the same framing. */
const SPOT = { lat: 55.9598, lon: 19.0443 };
/** The game's default landing site (8° N 23° E): 8.6 km above Mars's datum, where the sky was grey. */
const MARS_SITE = { lat: 8, lon: 23 };

/** Waits for the streamer's fixed point (all wanted patches drawn) or `ms`, whichever first. */
async function settle(page: Page, ms: number): Promise<void> {
  await page
    .waitForFunction(
      () => (window as unknown as { __landfall: { fixedPoint: boolean } }).__landfall.fixedPoint,
      null,
      {
        timeout: ms,
        polling: 500,
      },
    )
    .catch(() => console.log('[look] no fixed point yet; measuring the frame as drawn'));
}

async function look(
  page: Page,
  testInfo: TestInfo,
  name: string,
  params: Record<string, string | number>,
): Promise<Rgba> {
  await openApp(page, 'observatory', { h: 2, fov: 60, hud: 0, ...params });
  await settle(page, 150_000);
  return captureCanvas(page, testInfo, name);
}

/** The near ground: the bottom third of the frame, looking down. */
const near = (img: Rgba): Region => ({
  x0: 0,
  y0: Math.floor((img.height * 2) / 3),
  x1: img.width,
  y1: img.height,
});
/** The sky: the top quarter of the frame, looking up. */
const sky = (img: Rgba): Region => ({ x0: 0, y0: 0, x1: img.width, y1: Math.floor(img.height / 4) });

/**
 * Fine-band floor: RMS of the 2–8 px band over mean luma, near ground, 320×200. The blurred mottle
 * of issue 13 (grain albedo only, no relief) measured 0.0055 on Luna here; with the relief band
 * Luna measures 0.0127. 0.008 sits between: above what albedo noise alone gives.
 */
const FINE_BAND_FLOOR = 0.008;

test('ground at 2 m looking down has fine-scale contrast (Luna, Mars, Europa) @webgpu', async ({
  page,
}, testInfo) => {
  test.setTimeout(600_000);
  const errors = collectErrors(page);
  for (const body of ['luna', 'mars', 'europa']) {
    const img = await look(page, testInfo, `look-${body}-down`, {
      body,
      ...SPOT,
      heading: 0,
      pitch: -60,
      sunAz: 180,
      sunEl: 30,
    });
    const e = fineBandEnergy(img, near(img));
    console.log(`[look] ${body} fine-band energy ${e.toFixed(4)} (floor ${FINE_BAND_FLOOR})`);
    expect(e, `${body} near-ground fine-band energy`).toBeGreaterThan(FINE_BAND_FLOOR);
  }
  expect(errors).toEqual([]);
});

/**
 * Shadowed ground on airless Luna, sun 6° up behind the eye: a ridge's shadow and long shadows of
 * relief fill the frame's lower part. The darkest 0.1 % must stay above luma 3 of 255 (linear
 * 0.0009: black to the eye). Measured at this low sun: 6.9 with the ground's bounce, 5.9 with the
 * bounce off (starlight's AIRLESS_AMBIENT alone), 0 with both off; the bounce grows with the sun's
 * elevation (sin 6° = 0.1 here). Teeth: shadows exist (near ground's 1 % quantile under half the
 * whole frame's 90 %, lit ground).
 */
const SHADOW_FLOOR_LUMA = 3;

test('Luna in low sun: shadows are dark but never black @webgpu', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  const img = await look(page, testInfo, 'look-luna-low-sun', {
    body: 'luna',
    ...SPOT,
    heading: 0,
    pitch: -35,
    sunAz: 180,
    sunEl: 6,
  });
  const r = near(img);
  const median = lumaQuantile(img, r, 0.5);
  const lit = lumaQuantile(img, { x0: 0, y0: 0, x1: img.width, y1: img.height }, 0.9);
  const p01 = lumaQuantile(img, r, 0.01);
  const p001 = lumaQuantile(img, r, 0.001);
  console.log(
    `[look] luna low sun: lit (90 %) ${lit.toFixed(1)}, near median ${median.toFixed(1)}, 1 % ${p01.toFixed(1)}, 0.1 % ${p001.toFixed(1)}`,
  );
  expect(p01, 'shadows present').toBeLessThan(lit * 0.5);
  expect(p001, 'darkest shadowed ground').toBeGreaterThan(SHADOW_FLOOR_LUMA);
});

/**
 * Stars: a star quad is ~2.5 px drawn additively, so it stands > 20 luma above the median of its
 * 5×5 neighbourhood; the sky's gradient and the sun's glow change by < 2 luma over 5 px. Venus's
 * day sky must show none, nor Luna's black sky over sunlit ground (the glare of the ground the
 * frame is exposed for: Apollo surface frames show no stars, ADR-0013); Luna by night, same view,
 * must show some (the measure sees stars).
 */
const STAR_SPECK_LUMA = 20;

test('no stars by day (Venus, Luna); Luna by night shows them @webgpu', async ({ page }, testInfo) => {
  test.setTimeout(400_000);
  const view = { ...SPOT, heading: 0, pitch: 45, sunAz: 180, sunEl: 40 };
  const venus = await look(page, testInfo, 'look-venus-sky', { body: 'venus', ...view });
  const luna = await look(page, testInfo, 'look-luna-sky', { body: 'luna', ...view });
  const night = await look(page, testInfo, 'look-luna-night-sky', { body: 'luna', ...view, sunEl: -20 });
  const nv = specks(venus, sky(venus), STAR_SPECK_LUMA);
  const nl = specks(luna, sky(luna), STAR_SPECK_LUMA);
  const nn = specks(night, sky(night), STAR_SPECK_LUMA);
  console.log(`[look] star specks: venus ${nv}, luna by day ${nl}, luna by night ${nn}`);
  expect(nn, 'stars visible on Luna by night (the measure works)').toBeGreaterThan(3);
  expect(nv, 'stars in the Venus day sky').toBe(0);
  expect(nl, 'stars over sunlit Luna').toBe(0);
});

/**
 * Mars's day sky is butterscotch (Pathfinder IMP, MER Pancam, Curiosity Mastcam true colour):
 * hue 15°–50° (orange to tan) and saturation ≥ 0.2 at the zenith side, at the game's landing site
 * 8.6 km above the datum, where the sky used to be drawn dark and starry. Luma ≥ 80: measured 99
 * here on both backends; the old law (a 5 km scale height over the datum, planted back) gives 60.
 */
const MARS_SKY_MIN_LUMA = 80;

test('Mars day sky is tan at the game landing site @webgpu', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  const img = await look(page, testInfo, 'look-mars-sky', {
    body: 'mars',
    ...MARS_SITE,
    heading: 0,
    pitch: 35,
    sunAz: 180,
    sunEl: 45,
  });
  const c = meanColour(img, sky(img));
  console.log(
    `[look] mars sky rgb ${c.rgb.map((v) => v.toFixed(0)).join(',')} hue ${c.hue.toFixed(1)} sat ${c.sat.toFixed(2)} luma ${c.luma.toFixed(1)}`,
  );
  expect(c.hue).toBeGreaterThanOrEqual(15);
  expect(c.hue).toBeLessThanOrEqual(50);
  expect(c.sat).toBeGreaterThanOrEqual(0.2);
  expect(c.luma).toBeGreaterThanOrEqual(MARS_SKY_MIN_LUMA);
  expect(specks(img, sky(img), STAR_SPECK_LUMA), 'stars in the Mars day sky').toBe(0);
});

/**
 * Shimmer: the eye walks 1 cm per frame for SHIMMER_FRAMES frames looking down at 2 m; the near
 * ground's fine-band energy may change by < 10 % frame to frame (issue 13's goal). Measured on
 * the captured frames themselves (each `capture()` renders the frame it returns). 16 frames, not
 * the issue's 100: software WebGPU needs ~20 s per captured frame here; the measure is per pair.
 */
const SHIMMER_FRAMES = 16;
const SHIMMER_LIMIT = 0.1;
/**
 * Crawl: a pattern that changes in place while the image's energy stays the same (aliasing
 * sampled at moving points) is invisible to the energy measure. `crawl` (lookMetrics) compares
 * each frame's band-passed near ground with the previous frame's, shifted per 32 px tile by the
 * best sub-pixel offset (the 1 cm step moves the near ground by < 1 px), and takes the median
 * residual over the band's RMS: 0 for content that only moved, ≈ √2 for a new pattern.
 * CRAWL_LIMIT sits between the filtered ground and the planted break (`detail=unfiltered`: the
 * footprint filter off), both measured here on webgl2 under load: filtered 0.375–0.467 per step
 * (bilinear re-sampling of 4–8 px craters and arriving patches leave that), unfiltered 0.788–0.821,
 * while the energy measure saw at most 5.5 % change on the unfiltered walk (blind to it). 0.6 is
 * near the middle, 0.13 above the filtered worst.
 */
const CRAWL_LIMIT = 0.6;
/** Steps of the planted-break walk: every step must show crawl, so a few suffice. */
const CRAWL_BREAK_FRAMES = 4;

/** Steps the eye `steps` × 1 cm from its settled view; returns the fine-band energies and crawls. */
async function walk(page: Page, testInfo: TestInfo, name: string, steps: number) {
  const first = await captureCanvas(page, testInfo, `${name}-0`);
  const energies = [fineBandEnergy(first, near(first))];
  const crawls: number[] = [];
  let prev = first;
  for (let i = 1; i <= steps; i++) {
    await page.evaluate(() =>
      (window as unknown as { __landfall: { walk(f: number, r: number): void } }).__landfall.walk(0.01, 0),
    );
    const url = await page.evaluate(() =>
      (window as unknown as { __landfall: { capture(): string } }).__landfall.capture(),
    );
    const img = await decodePng(page, url);
    energies.push(fineBandEnergy(img, near(img)));
    crawls.push(crawl(prev, img, near(img)));
    prev = img;
  }
  return { energies, crawls };
}

/** Waits for the look-around ring (ADR-0019): its arrivals re-seat rocks, which is content. */
async function ringComplete(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        (window as unknown as { __landfall: { counters: { ringComplete?: boolean } } }).__landfall.counters
          .ringComplete === true,
      null,
      { timeout: 300_000, polling: 1000 },
    )
    .catch(() => console.log('[look] ring not complete; walking anyway'));
  await settle(page, 60_000);
}

/** The stance both walks start from: Luna, 2 m, looking down, sun 30° up behind the eye. */
const WALK_STANCE = { body: 'luna', ...SPOT, heading: 0, pitch: -60, sunAz: 180, sunEl: 30 };

test('walking 1 cm per frame does not shimmer (Luna) @webgpu', async ({ page }, testInfo) => {
  test.setTimeout(900_000);
  await look(page, testInfo, 'look-shimmer-settling', WALK_STANCE);
  // Shimmer is aliasing, so the walk starts from the stance's steady state: the look-around ring
  // (ADR-0019) is generated after the view's fixed point and its arrivals re-enter the draw set and
  // re-seat rocks, which changes the frame's content, not its filtering (measured: seated rocks
  // 659 → 851 → 658 and the drawn set 57 → 82 over a walk started before the ring completed).
  await ringComplete(page);
  const { energies, crawls } = await walk(page, testInfo, 'look-shimmer', SHIMMER_FRAMES);
  let worst = 0;
  for (let i = 1; i < energies.length; i++)
    worst = Math.max(worst, Math.abs(energies[i] - energies[i - 1]) / energies[i - 1]);
  console.log(
    `[look] shimmer: energies ${energies.map((e) => e.toFixed(4)).join(' ')}; worst change ${(worst * 100).toFixed(2)} %; crawl ${crawls.map((c) => c.toFixed(3)).join(' ')}`,
  );
  expect(energies[0]).toBeGreaterThan(FINE_BAND_FLOOR);
  expect(worst).toBeLessThan(SHIMMER_LIMIT);
  expect(Math.max(...crawls), 'pattern crawl while walking').toBeLessThan(CRAWL_LIMIT);
});

test('the crawl measure sees the footprint filter removed (planted break, Luna) @webgpu', async ({
  page,
}, testInfo) => {
  test.setTimeout(600_000);
  await look(page, testInfo, 'look-crawl-unfiltered-settling', { ...WALK_STANCE, detail: 'unfiltered' });
  await ringComplete(page);
  const { energies, crawls } = await walk(page, testInfo, 'look-crawl-unfiltered', CRAWL_BREAK_FRAMES);
  console.log(
    `[look] unfiltered: energies ${energies.map((e) => e.toFixed(4)).join(' ')}; crawl ${crawls.map((c) => c.toFixed(3)).join(' ')}`,
  );
  expect(Math.min(...crawls), 'crawl seen on every step without the footprint filter').toBeGreaterThan(
    CRAWL_LIMIT,
  );
});
