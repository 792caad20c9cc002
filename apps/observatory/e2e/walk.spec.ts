/**
 * Walking is time-based: W held for 4 s covers 4 s × WALK_M_PER_S whether the app steps at the
 * browser's own (software) frame rate or once every 600 ms, and the address bar keeps parameters
 * the app does not know and is not rewritten while nothing changes.
 */
import { expect, test, type Page } from '@playwright/test';
import { collectErrors, openApp } from '@landfall/testkit';
import { WALK_M_PER_S } from '../src/Controls';

const LUNA_R = 1737400; // m, the zoo's Luna radius (packages/universe zoo)
const DEG = Math.PI / 180;
const HOLD_MS = 4000;

type Win = {
  __landfall: { view: Record<string, number>; setFramePeriod: (ms: number) => void };
  __urlWrites: number;
  /** Page-side timestamps of the W key's events (the clock the app integrates with). */
  __keyW: number[];
};

async function view(page: Page): Promise<{ lat: number; lon: number }> {
  return page.evaluate(() => {
    const v = (window as unknown as Win).__landfall.view;
    return { lat: v.lat, lon: v.lon };
  });
}

/** Great-circle distance on the datum sphere, m (haversine; metres apart, so no cancellation). */
function distance(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const s1 = Math.sin(((b.lat - a.lat) * DEG) / 2);
  const s2 = Math.sin(((b.lon - a.lon) * DEG) / 2);
  const h = s1 * s1 + Math.cos(a.lat * DEG) * Math.cos(b.lat * DEG) * s2 * s2;
  return 2 * LUNA_R * Math.asin(Math.sqrt(h));
}

/** Walks with W held ~4 s at one frame period; returns metres walked and seconds held. */
async function walkFor(page: Page, periodMs: number): Promise<{ m: number; s: number }> {
  await page.evaluate((ms) => {
    const w = window as unknown as Win;
    w.__landfall.setFramePeriod(ms);
    w.__keyW = [];
  }, periodMs);
  await page.waitForTimeout(periodMs + 500);
  const a = await view(page);
  await page.keyboard.down('w');
  await page.waitForTimeout(HOLD_MS);
  await page.keyboard.up('w');
  // The release is credited at the next step; then the position holds still.
  await page.waitForTimeout(periodMs + 1500);
  const b = await view(page);
  await page.waitForTimeout(periodMs + 500);
  expect(await view(page)).toEqual(b);
  // How long the page saw W held: from its keydown's to its keyup's timestamp. Playwright's own
  // wait starts only once the busy page has handled the keydown, so it is not the truth.
  const t = await page.evaluate(() => (window as unknown as Win).__keyW);
  expect(t).toHaveLength(2);
  return { m: distance(a, b), s: (t[1] - t[0]) / 1000 };
}

test('W for 4 s walks 5.6 m at two frame rates; URL keeps unknown parameters', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = collectErrors(page);
  await page.addInitScript(() => {
    const w = window as unknown as Win;
    w.__urlWrites = 0;
    w.__keyW = [];
    const note = (e: KeyboardEvent) => {
      if (e.code === 'KeyW' && !e.repeat) w.__keyW.push(e.timeStamp);
    };
    addEventListener('keydown', note, true);
    addEventListener('keyup', note, true);
    const orig = history.replaceState.bind(history);
    history.replaceState = (...args: Parameters<History['replaceState']>) => {
      w.__urlWrites++;
      orig(...args);
    };
  });
  await openApp(page, 'observatory', { body: 'luna', lat: 0, lon: 0, h: 2, heading: 90, mine: 'keep' });
  // A typed URL the view agrees with is left alone, however many frames pass.
  await page.waitForTimeout(3000);
  expect(await page.evaluate(() => (window as unknown as Win).__urlWrites)).toBe(0);

  const free = await walkFor(page, 0);
  const slow = await walkFor(page, 600);
  for (const [name, w] of [
    ["the browser's rate", free],
    ['600 ms frames', slow],
  ] as const) {
    console.log(
      `[walk] ${name}: ${w.m.toFixed(3)} m in ${w.s.toFixed(3)} s held (${(w.m / w.s).toFixed(3)} m/s)`,
    );
    expect(w.s).toBeGreaterThan(HOLD_MS / 1000 - 0.05);
    // Tolerance 2%: the walk runs on the eye's sphere, not the datum's the distance is measured
    // on (0.3% here), plus lat/lon rounding in the view (far below a millimetre).
    expect(Math.abs(w.m / w.s - WALK_M_PER_S)).toBeLessThan(0.02 * WALK_M_PER_S);
  }

  // After input settles the URL follows the view and still carries the unknown parameter.
  await page.waitForTimeout(1500);
  const q = new URL(page.url()).searchParams;
  expect(q.get('mine')).toBe('keep');
  expect(Number(q.get('lon'))).toBeGreaterThan(0);
  const writes = await page.evaluate(() => (window as unknown as Win).__urlWrites);
  expect(writes).toBeGreaterThan(0);
  // Still again: no further writes.
  await page.waitForTimeout(2000);
  expect(await page.evaluate(() => (window as unknown as Win).__urlWrites)).toBe(writes);
  expect(errors).toEqual([]);
});
