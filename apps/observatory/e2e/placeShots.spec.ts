/**
 * Screenshots of named places and bodies for docs/screenshots (issue 15, ADR-0018), 960×540.
 * Runs only with LANDFALL_SHOTS=1 (it writes into the repository); each view waits for the
 * streamer's fixed point or its budget, whichever comes first (software rendering is slow).
 */
import { test } from '@playwright/test';
import { collectErrors, openApp, waitFrameDrawn } from '@landfall/testkit';

test.use({ viewport: { width: 960, height: 540 } });

const SHOTS: [string, Record<string, string | number>][] = [
  [
    'place-apollo-11-2m',
    { place: 'apollo-11', h: 2, heading: 80, pitch: -4, sunAz: 90, sunEl: 15, hud: 'compact' },
  ],
  [
    'place-tycho-20km',
    { place: 'tycho', lat: -46, h: 20000, heading: 0, pitch: -14, sunAz: 100, sunEl: 20, hud: 'compact' },
  ],
  [
    'place-olympus-mons-orbit',
    { place: 'olympus-mons', h: 1400000, pitch: -90, sunAz: 100, sunEl: 25, hud: 'compact' },
  ],
  [
    'place-olympus-mons-30km',
    {
      place: 'olympus-mons',
      lat: 17.4,
      h: 30000,
      heading: 0,
      pitch: -12,
      sunAz: 100,
      sunEl: 20,
      hud: 'compact',
    },
  ],
  [
    'place-valles-marineris-orbit',
    { body: 'mars', lat: -11, lon: 290, h: 2000000, pitch: -90, sunAz: 180, sunEl: 15, hud: 'compact' },
  ],
  [
    'mars-disc-albedo',
    { body: 'mars', lat: 5, lon: 35, h: 7000000, pitch: -90, sunAz: 180, sunEl: 60, hud: 'compact' },
  ],
  [
    'mars-disc-valles',
    { body: 'mars', lat: -5, lon: 280, h: 7000000, pitch: -90, sunAz: 180, sunEl: 45, hud: 'compact' },
  ],
  [
    'body-europa-100km',
    { body: 'europa', lat: 10, lon: 30, h: 100000, pitch: -25, sunAz: 100, sunEl: 25, hud: 'compact' },
  ],
  [
    'body-luna-100km',
    { body: 'luna', lat: 10, lon: 30, h: 100000, pitch: -25, sunAz: 100, sunEl: 25, hud: 'compact' },
  ],
  [
    'body-mercury-100km',
    { body: 'mercury', lat: 10, lon: 30, h: 100000, pitch: -25, sunAz: 100, sunEl: 25, hud: 'compact' },
  ],
  [
    // ~130 km in front of a procedural lobate scarp (2.97 km, centred 4.26° S 95.21° E), looking at
    // its face with the sun behind the eye.
    'body-mercury-scarp-100km',
    {
      body: 'mercury',
      lat: -6.183,
      lon: 92.833,
      h: 100000,
      heading: 51,
      pitch: -35,
      sunAz: 231,
      sunEl: 20,
      hud: 'compact',
    },
  ],
  [
    // Issue 14: the shore of a flooded unit, the mare to the left (north), highland to the right.
    'luna-mare-highland-v4',
    {
      body: 'luna',
      lat: -15.5,
      lon: 21.5,
      h: 4000,
      heading: 90,
      pitch: -8,
      sunAz: 100,
      sunEl: 15,
      hud: 'compact',
    },
  ],
  [
    // The same shore from 60 km, looking east 35° down over ~22° E: mare to the left (north of
    // ~14.5° S), highland to the right (south of ~16.5° S), sun 30° up.
    'luna-mare-highland-v4-60km',
    {
      body: 'luna',
      lat: -15.5,
      lon: 19.5,
      h: 60000,
      heading: 90,
      pitch: -35,
      sunAz: 100,
      sunEl: 30,
      hud: 'compact',
    },
  ],
  [
    // Issue 14 at terrain v13+: a named mare's shore (the band shore above is highland now). From
    // 60 km over Mare Serenitatis' south-east (20° N 25° E), looking east 35° down towards its
    // shore (~65 km ahead) and the Taurus highlands beyond (Apollo 17's valley at 20.2° N 30.8° E).
    'luna-serenitatis-shore-60km',
    {
      body: 'luna',
      lat: 20,
      lon: 25,
      h: 60000,
      heading: 90,
      pitch: -35,
      sunAz: 100,
      sunEl: 30,
      hud: 'compact',
    },
  ],
  // Issue 12 (creases): Mars plain at 2 m looking down, and a fresh 8 m micro crater's rim at 2 m
  // (centre 11.99874° N 33.99922° E, Rc 4.0 m, the deepest top-rung crater near the stance view),
  // seen from 8.8 m south of its centre, sun low from the east. Written with LANDFALL_SHOTS_TAG
  // ("-before" / "-after") appended to the name.
  [
    // Issue 12 (level filter): Luna from 50 km looking at the horizon over highland and mare.
    'issue12-luna-50km',
    {
      body: 'luna',
      lat: 10,
      lon: 28,
      h: 50000,
      heading: 60,
      pitch: -12,
      sunAz: 100,
      sunEl: 20,
      hud: 'compact',
    },
  ],
  [
    // Issue 14: Mars at 2 m on the README's Gale link, looking across the plain with the sun behind.
    'mars-2m-gale',
    {
      body: 'mars',
      lat: -4.6,
      lon: 137.4,
      h: 2,
      heading: 200,
      pitch: -8,
      sunAz: 20,
      sunEl: 50,
      hud: 'compact',
    },
  ],
  [
    'issue12-mars-2m-down',
    { body: 'mars', lat: 8, lon: 23, h: 2, heading: 0, pitch: -60, sunAz: 200, sunEl: 30, hud: 'compact' },
  ],
  [
    'issue12-luna-rim-2m',
    {
      body: 'luna',
      lat: 11.99845,
      lon: 33.99922,
      h: 2,
      heading: 0,
      pitch: -20,
      sunAz: 90,
      sunEl: 20,
      hud: 'compact',
    },
  ],
];

const only = process.env.LANDFALL_SHOTS_ONLY?.split(',');
const tag = process.env.LANDFALL_SHOTS_TAG ?? '';
/** Parameters laid over every shot (JSON), e.g. {"levels":"full"} for a "-before" picture. */
const extra = JSON.parse(process.env.LANDFALL_SHOTS_PARAMS ?? '{}') as Record<string, string | number>;

for (const [name, params] of SHOTS) {
  if (only && !only.includes(name)) continue;
  test(`shot ${name}`, async ({ page }) => {
    test.skip(process.env.LANDFALL_SHOTS !== '1', 'writes docs/screenshots: LANDFALL_SHOTS=1 only');
    test.setTimeout(Number(process.env.LANDFALL_SHOTS_TIMEOUT_MS ?? 600_000));
    const errors = collectErrors(page);
    await openApp(page, 'observatory', { ...params, ...extra });
    await waitFrameDrawn(page);
    const fixed = await page
      .waitForFunction(
        () => (window as unknown as { __landfall: { fixedPoint?: boolean } }).__landfall.fixedPoint === true,
        null,
        {
          timeout: Number(process.env.LANDFALL_SHOTS_WAIT_MS ?? 120_000),
          polling: 1000,
        },
      )
      .then(() => true)
      .catch(() => false);
    console.log(`[${name}${tag}] fixed point ${fixed ? 'reached' : 'not reached (budget ended)'}`);
    await page.screenshot({ path: `docs/screenshots/${name}${tag}.png` });
    if (errors.length) console.log(`[${name}] errors: ${errors.join(' | ')}`);
  });
}
