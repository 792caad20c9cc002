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
];

const only = process.env.LANDFALL_SHOTS_ONLY?.split(',');

for (const [name, params] of SHOTS) {
  if (only && !only.includes(name)) continue;
  test(`shot ${name}`, async ({ page }) => {
    test.skip(process.env.LANDFALL_SHOTS !== '1', 'writes docs/screenshots: LANDFALL_SHOTS=1 only');
    test.setTimeout(480_000);
    const errors = collectErrors(page);
    await openApp(page, 'observatory', params);
    await waitFrameDrawn(page);
    await page
      .waitForFunction(
        () => (window as unknown as { __landfall: { fixedPoint?: boolean } }).__landfall.fixedPoint === true,
        null,
        {
          timeout: 120_000,
          polling: 1000,
        },
      )
      .catch(() => undefined);
    await page.screenshot({ path: `docs/screenshots/${name}.png` });
    if (errors.length) console.log(`[${name}] errors: ${errors.join(' | ')}`);
  });
}
