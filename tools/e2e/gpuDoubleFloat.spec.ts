// The GPU producer's double-float helpers (ADR-0020, packages/render/src/producer/doubleFloat.ts) on
// WebGPU in headless Chromium (software adapter here; tools/gpu-check runs the same page on a real
// device) against exact float64 arithmetic: a compiler that reassociates or drops the error terms
// fails it.
import { expect, test } from '@playwright/test';
import { serveBenchPage, type ServedPage } from '../bench/workersPage';
import type { DfCheckResult } from '../bench/producer-page/doubleFloat';
import { collectErrors } from '@landfall/testkit';

// Eight above the apps' preview ports (poolWorkers +2, gpuProducer +3, gpuMicroCraters +4,
// gpuAssemble +5, gpuBands +6, the kernels bench +7).
const port = (Number(process.env.LANDFALL_PREVIEW_PORT) || 4173) + 8;
let served: ServedPage;

test.beforeAll(async () => {
  served = await serveBenchPage('producer-page', port, 'built');
});
test.afterAll(async () => {
  await served?.close();
});

test('GPU double-float helpers: two-sum and two-product error-free, double-word sum and product within their bounds @webgpu-only', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.goto(served.url);
  await page.waitForFunction(() => window.__dfPage !== undefined);
  const r = (await page.evaluate(() =>
    (window.__dfPage as NonNullable<Window['__dfPage']>).check(20000, 20261207),
  )) as DfCheckResult;
  console.log(`[gpu double-float] ${JSON.stringify(r)}`);
  expect(r.firstFail, 'first error-free transformation that was not').toBe('');
  expect(r.twoSumFails).toBe(0);
  expect(r.twoProdFails).toBe(0);
  // The inputs really exercise cancellation (a quarter of them are built to nearly cancel).
  expect(r.cancelling).toBeGreaterThan(1000);
  // Published bounds (Joldes, Muller, Popescu 2017): the accurate double-word sum 3u²/(1 − 4u), the
  // product without FMA 7u²; the float64 truth adds ≤ u²/32. A plain float32 sum would be off by
  // up to u = 2²⁴ u².
  expect(r.addWorstU2).toBeLessThanOrEqual(3.1);
  expect(r.mulWorstU2).toBeLessThanOrEqual(7.1);
  // Not vacuous: the double-word results carry more than float32 (a plain f32 result errs ~2²³ u²).
  expect(r.addWorstU2).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});
