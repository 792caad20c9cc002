// Europa's ridge fold on the GPU (ADR-0020 item 24, packages/render/src/producer/GpuRidges.ts) on
// WebGPU in headless Chromium (software adapter here) against universe's `icyRidgesD` in float64,
// per sample within the stated tolerance (`ridgeTolerance`), over patches from the level where the
// first ridges pass the level filter to the finest, at the cube's edges and corners and inside.
import { expect, test } from '@playwright/test';
import { getBody } from '@landfall/universe';
import type { RidgeCase, RidgeCaseResult } from '../bench/producer-page/ridges';
import { collectErrors } from '@landfall/testkit';
import { levelBelow } from './producerCases';
import { useProducerPage } from './producerPage';

const pageUrl = useProducerPage(12);
const FINEST = levelBelow(getBody('europa').radius, 0.5);
const last = (level: number): number => 2 ** level - 1;

const CASES: RidgeCase[] = [
  { body: 'europa', face: 0, level: 4, x: 3, y: 9 },
  // Where the widest ridges fade in under the level filter (partial filter weights).
  { body: 'europa', face: 4, level: 5, x: 9, y: 8 },
  { body: 'europa', face: 2, level: 5, x: 20, y: 11 },
  { body: 'europa', face: 2, level: 6, x: 40, y: 22 },
  { body: 'europa', face: 1, level: 7, x: last(7), y: last(7) },
  { body: 'europa', face: 3, level: 8, x: 100, y: 0 },
  { body: 'europa', face: 4, level: 9, x: 301, y: 260 },
  { body: 'europa', face: 5, level: 11, x: 1200, y: 880 },
  // Inside the ridged plains of the level-11 patch above, finer (a patch of it at 13 and the finest).
  { body: 'europa', face: 5, level: 13, x: 4801, y: 3521 },
  {
    body: 'europa',
    face: 5,
    level: FINEST,
    x: 1200 * 2 ** (FINEST - 11) + 7,
    y: 880 * 2 ** (FINEST - 11) + 9,
  },
  { body: 'europa', face: 0, level: FINEST, x: last(FINEST), y: 12345 },
];

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
