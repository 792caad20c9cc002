import { expect, test, type Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { TestInfo } from '@playwright/test';
import type { LandingResult } from '../src/app/Game';
import {
  waitFrameDrawn,
  capture as captureTo,
  collectErrors,
  landfallState,
  openApp,
} from '@landfall/testkit';

/** Screenshots are also kept under shots/game/ (git-ignored; survives the next run's cleanup). */
const SHOTS = resolve(dirname(new URL(import.meta.url).pathname), '../../../shots/game');

async function capture(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const png = await captureTo(page, testInfo, name);
  mkdirSync(SHOTS, { recursive: true });
  writeFileSync(resolve(SHOTS, `${name}.png`), png);
}

type LandResult = LandingResult;

type Api = {
  land: () => Promise<LandResult>;
  state: () => Record<string, unknown>;
};

// Larger than the rig's default so the screenshots show the scene around the HUD.
test.use({ viewport: { width: 480, height: 300 } });

async function waitReady(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const s = (window as unknown as { __landfall?: { ready?: boolean; error?: string } }).__landfall;
    return s?.ready === true || !!s?.error;
  });
  expect((await landfallState(page)).error).toBeUndefined();
}

// Luna flies over render's PlanetView with the worker streamer (the real game; slow under software
// rendering), Mars over the game's placeholder ground (fast). Contact never reads either.
for (const [body, terrain] of [
  ['luna', 'workers'],
  ['mars', 'placeholder'],
] as const) {
  // Both landings run on WebGL2 and WebGPU (@webgpu): the landed pose and contact are the game's,
  // but every frame of the descent is drawn by the backend under test.
  test(`autopilot lands on ${body} from 10 km (${terrain} terrain); reload restores the landed pose @webgpu`, async ({
    page,
  }, testInfo) => {
    // Timeout: the PlanetView run took ~2 min of software rendering for 110 frames here.
    test.setTimeout(terrain === 'workers' ? 480_000 : 180_000);
    const errors = collectErrors(page);
    const state = await openApp(page, 'game', { body, start: 'descent', terrain });
    expect(state.error).toBeUndefined();
    await waitFrameDrawn(page);
    await capture(page, testInfo, `${body}-descent-start`);
    const t0 = Date.now();
    const r = await page.evaluate(() => (window as unknown as { __landfall: Api }).__landfall.land());
    const wallS = (Date.now() - t0) / 1000;
    console.log(
      `[game land] body=${body} terrain=${terrain} outcome=${r.outcome} groundErrorM=${r.groundErrorM} simSeconds=${r.simSeconds.toFixed(1)} frames=${r.frames} worstFrameMs=${r.worstFrameMs.toFixed(1)} worstWorkMs=${r.worstWorkMs.toFixed(1)} worstStreamMs=${r.worstStreamMs.toFixed(1)} wallS=${wallS.toFixed(1)} reason="${r.reason}"`,
    );
    testInfo.annotations.push({ type: 'worstFrameMs', description: r.worstFrameMs.toFixed(1) });
    testInfo.annotations.push({ type: 'worstStreamMs', description: r.worstStreamMs.toFixed(1) });
    // Measured, not a stand-in: the worker terrain streams on every frame; the placeholder never.
    if (terrain === 'workers') expect(r.worstStreamMs).toBeGreaterThan(0);
    else expect(r.worstStreamMs).toBe(0);
    expect(r.outcome, r.reason).toBe('landed');
    // The contract: landed altitude equals the canonical ground within 0.1 m (ADR-0014).
    expect(Math.abs(r.groundErrorM)).toBeLessThanOrEqual(0.1);
    await page.waitForTimeout(300);
    await capture(page, testInfo, `${body}-landed-chase`);
    await expect(page.locator('#result')).toContainText('LANDED');
    const before = await page.evaluate(() => (window as unknown as { __landfall: Api }).__landfall.state());
    expect(before.mode).toBe('landed');
    await page.keyboard.press('c');
    await page.waitForTimeout(300);
    await capture(page, testInfo, `${body}-landed-cockpit`);
    await page.reload();
    await waitReady(page);
    const after = await page.evaluate(() => (window as unknown as { __landfall: Api }).__landfall.state());
    expect(after.mode).toBe('landed');
    // Bit-exact: the save carries the float64 body-fixed pose.
    expect(after.pBf).toEqual(before.pBf);
    expect(after.qBf).toEqual(before.qBf);
    expect(after.address).toBe(before.address);
    await page.waitForTimeout(300);
    await capture(page, testInfo, `${body}-reloaded`);
    expect(errors).toEqual([]);
  });
}

// Not on WebGPU: parameter messages are DOM and app logic; no backend draws them.
test('bad URL parameters show a message and fall back to defaults', async ({ page }, testInfo) => {
  const errors = collectErrors(page);
  await openApp(page, 'game', { body: 'vulcan', start: 'sideways', terrain: 'placeholder' });
  await expect(page.locator('#messages')).toContainText('?body="vulcan" is not a body');
  await expect(page.locator('#messages')).toContainText('?start="sideways" must be orbit or descent');
  const s = await page.evaluate(() => (window as unknown as { __landfall: Api }).__landfall.state());
  expect(s.body).toBe('luna');
  await capture(page, testInfo, 'bad-params-orbit');
  expect(errors).toEqual([]);
});

// Not on WebGPU: the save and its message are storage and DOM; no backend draws them.
test('a corrupt save gives a message and is never overwritten', async ({ page }, testInfo) => {
  const errors = collectErrors(page);
  await openApp(page, 'game', { body: 'luna', terrain: 'placeholder' });
  await page.evaluate(() => localStorage.setItem('landfall.save.luna', '{"format":"landfall-save",'));
  await page.reload();
  await waitReady(page);
  await expect(page.locator('#messages')).toContainText('save is corrupt');
  await page.keyboard.press('k');
  await page.waitForTimeout(500);
  await expect(page.locator('#messages')).toContainText('not saved');
  expect(await page.evaluate(() => localStorage.getItem('landfall.save.luna'))).toBe(
    '{"format":"landfall-save",',
  );
  await page.keyboard.press('h');
  await capture(page, testInfo, 'corrupt-save-help');
  expect(errors).toEqual([]);
});
