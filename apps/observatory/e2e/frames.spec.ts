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
  for (const k of ['p50', 'p95', 'max', 'mean', 'cpuP50'] as const) {
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
  expect(errors).toEqual([]);
});
