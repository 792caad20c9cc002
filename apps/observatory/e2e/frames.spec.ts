import { expect, test } from '@playwright/test';
import { collectErrors, openApp } from '@landfall/testkit';
import type { FrameTimes } from '../src/frameBench';

test('observatory timeFrames: times frames with the GPU finished and names the adapter @webgpu', async ({
  page,
}) => {
  const errors = collectErrors(page);
  const state = await openApp(page, 'observatory', { body: 'luna', lat: 12, lon: 34, h: 2 });
  expect(state.error).toBeUndefined();
  const t: FrameTimes & { stateGpu?: string } = await page.evaluate(async () => {
    const w = window as unknown as {
      __landfall: { timeFrames(n: number): Promise<FrameTimes>; gpu?: string };
    };
    return { ...(await w.__landfall.timeFrames(3)), stateGpu: w.__landfall.gpu };
  });
  console.log(`[observatory timeFrames] ${JSON.stringify(t)}`);
  expect(t.frames).toBe(3);
  for (const k of ['p50', 'p95', 'max', 'mean', 'cpuP50', 'pipelinedMs'] as const) {
    expect(Number.isFinite(t[k]) && t[k] > 0, `${k}=${t[k]}`).toBe(true);
  }
  expect(t.p50).toBeLessThanOrEqual(t.p95);
  expect(t.p95).toBeLessThanOrEqual(t.max);
  expect(t.width).toBe(320);
  expect(t.height).toBe(200);
  expect(t.backend).toBe(state.backend);
  expect(t.gpu).toMatch(/^(WebGPU|WebGL2): \S/);
  expect(t.stateGpu).toBe(t.gpu);
  expect(Number.isInteger(t.triangles) && Number.isInteger(t.drawn)).toBe(true);
  // Once ground is drawn (the last frame counted triangles), draw calls are one frame's: at most
  // each drawn patch and each of the 4 × 8 rock meshes (tiers × shapes, ADR-0013) twice (the view
  // and the sun's shadow pass), and the sky's dome and stars. three resets its counter at each
  // animation frame of its own loop, so a count read after awaiting the GPU held several
  // back-to-back frames' draws (1,826 in ADR-0012's run of 110 patches) or none at all.
  await page.waitForFunction(
    () => (window as unknown as { __landfall: { triangles: number } }).__landfall.triangles > 0,
  );
  const again: FrameTimes = await page.evaluate(() =>
    (
      window as unknown as { __landfall: { timeFrames(n: number): Promise<FrameTimes> } }
    ).__landfall.timeFrames(2),
  );
  console.log(`[observatory timeFrames] again ${JSON.stringify(again)}`);
  expect(again.drawn).toBeGreaterThan(0);
  expect(again.drawCalls).toBeGreaterThan(0);
  expect(again.drawCalls).toBeLessThanOrEqual(2 * (again.drawn + 4 * 8) + 2);
  expect(errors).toEqual([]);
});

test('a still view is not drawn again; a turn is drawn at once', async ({ page }) => {
  test.setTimeout(600_000);
  const errors = collectErrors(page);
  // High above the ground: the view resolves in a few coarse patches and no rocks are in range.
  await openApp(page, 'observatory', { body: 'luna', lat: 12, lon: 34, h: 200_000, pitch: -30, hud: 0 });
  await page.waitForFunction(
    () => (window as unknown as { __landfall: { fixedPoint: boolean } }).__landfall.fixedPoint,
    null,
    {
      timeout: 400_000,
      polling: 250,
    },
  );
  const read = () =>
    page.evaluate(() => {
      const s = (window as unknown as { __landfall: { frames: number; renders: number } }).__landfall;
      return { frames: s.frames, renders: s.renders, at: performance.now() };
    });
  // The fixed point's frame and its settle frame may still be drawn; then only the keep-alive.
  await page.waitForTimeout(2_000);
  const a = await read();
  await page.waitForTimeout(6_000);
  const b = await read();
  const frames = b.frames - a.frames;
  const renders = b.renders - a.renders;
  console.log(
    `[render on change] still: ${frames} frames, ${renders} drawn in ${((b.at - a.at) / 1000).toFixed(1)} s`,
  );
  // The loop runs on; the still view is drawn only by the keep-alive (every RENDER_KEEPALIVE_MS =
  // 2 s: at most 3 in 6 s, and one for the window's ragged ends), not every frame.
  expect(frames).toBeGreaterThanOrEqual(renders + 3);
  expect(renders).toBeLessThanOrEqual(4);
  // A turn changes the camera: that frame and its settle frame are drawn, not one per keep-alive.
  // The baseline is read in the same task as the change, so no unchanged frame slips in between.
  const t = await page.evaluate(() => {
    const s = (
      window as unknown as {
        __landfall: { frames: number; renders: number; setView(v: Record<string, number>): void };
      }
    ).__landfall;
    s.setView({ heading: 40 });
    return { frames: s.frames, renders: s.renders };
  });
  await page.waitForFunction(
    (f) => (window as unknown as { __landfall: { frames: number } }).__landfall.frames >= f + 2,
    t.frames,
  );
  const c = await read();
  console.log(`[render on change] turned: ${c.frames - t.frames} frames, ${c.renders - t.renders} drawn`);
  expect(c.renders - t.renders).toBeGreaterThanOrEqual(2);
  expect(errors).toEqual([]);
});
