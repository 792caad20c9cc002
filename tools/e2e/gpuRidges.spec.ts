// Europa's ridge fold on the GPU (ADR-0020 item 24, packages/render/src/producer/GpuRidges.ts) on
// WebGPU in headless Chromium (software adapter here) against universe's `icyRidgesD` in float64,
// per sample within the stated tolerance (`ridgeTolerance`), over patches from the level where the
// first ridges pass the level filter to the finest, at the cube's edges and corners and inside.
import { expect, test } from '@playwright/test';
import type { RidgeCase, RidgeCaseResult } from '../bench/producer-page/ridges';
import { collectErrors } from '@landfall/testkit';
import { EUROPA_BAND_CASES } from './producerCases';
import { useProducerPage } from './producerPage';

const pageUrl = useProducerPage(12);
const CASES: RidgeCase[] = [...EUROPA_BAND_CASES];

test('Europa ridges: the GPU fold equals icyRidgesD within the stated float32 tolerance @webgpu-only', async ({
  page,
}) => {
  test.setTimeout(600_000);
  const errors = collectErrors(page);
  await page.goto(pageUrl());
  await page.waitForFunction(() => window.__ridgesPage !== undefined);
  const res = await page.evaluate(
    (cases) => (window.__ridgesPage as NonNullable<Window['__ridgesPage']>).compare(cases),
    CASES,
  );
  for (const r of res.cases as RidgeCaseResult[]) {
    const name = `${r.body} ${r.face}/${r.level}/${r.x}/${r.y} filter ${r.filterM.toPrecision(3)} m`;
    console.log(
      `[gpu ridges] ${name}: ${r.arcs} arcs, ${r.ridged} ridged samples, max h ${r.maxH.toFixed(2)} m, ` +
        `err h ${r.errH.toExponential(2)} (${r.worstH.toFixed(3)} of tol), err ∇ ${r.errGradient.toExponential(2)} ` +
        `(${r.worstGradient.toFixed(3)} of tol); ${r.at}`,
    );
    expect(r.worstH, `${name} h`).toBeLessThanOrEqual(1);
    expect(r.worstGradient, `${name} gradient`).toBeLessThanOrEqual(1);
  }
  console.log(`[gpu ridges] ${res.adapter}: GPU ${res.gpuMs.toFixed(0)} ms for ${CASES.length} patches`);
  // Not vacuous: the ridges are drawn on most of these patches, on many samples, metres high.
  const drawn = (res.cases as RidgeCaseResult[]).filter((r) => r.ridged > 100);
  expect(drawn.length).toBeGreaterThanOrEqual(5);
  expect(Math.max(...(res.cases as RidgeCaseResult[]).map((r) => r.maxH))).toBeGreaterThan(20);
  expect(errors).toEqual([]);
});
