// The GPU producer's double-float helpers (ADR-0020, packages/render/src/producer/doubleFloat.ts) on
// WebGPU in headless Chromium (software adapter here; tools/gpu-check runs the same page on a real
// device) against exact float64 arithmetic: a compiler that reassociates or drops the error terms
// fails it.
import { expect, test } from '@playwright/test';
import type { DfCheckResult } from '../bench/producer-page/doubleFloat';
import { collectErrors } from '@landfall/testkit';
import { useProducerPage } from './producerPage';

const pageUrl = useProducerPage(8);

test('GPU double-float helpers: two-sum and two-product error-free, double-word sum and product within their bounds @webgpu-only', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.goto(pageUrl());
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
