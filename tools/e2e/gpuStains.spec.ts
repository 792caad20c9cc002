// Europa's stained bands on the GPU (ADR-0020 item 26, packages/render/src/producer/GpuStains.ts) on
// WebGPU in headless Chromium (software adapter here) against universe's `lineaeStain` and
// `ridgeStain` in float64, per sample within the stated tolerance (`stainTolerance`), over the
// ridges' patches: coarse (the lineae widened and faded by the filter) to the finest, at the cube's
// edges and corners and inside.
import { expect, test, type Page } from '@playwright/test';
import { getBody } from '@landfall/universe';
import type { StainCase, StainCaseResult } from '../bench/producer-page/stains';
import { collectErrors } from '@landfall/testkit';
import { EUROPA_BAND_CASES, levelBelow } from './producerCases';
import { useProducerPage } from './producerPage';

const pageUrl = useProducerPage(14);
const FINEST = levelBelow(getBody('europa').radius, 0.5);

const CASES: StainCase[] = [
  ...EUROPA_BAND_CASES,
  // On a linea and on a ridge's dark margin (found with lineaeStain and ridgeStain), level 9 to
  // the finest.
  { body: 'europa', face: 0, level: 9, x: 102, y: 295 },
  { body: 'europa', face: 0, level: 12, x: 816, y: 2364 },
  { body: 'europa', face: 0, level: FINEST, x: 26112, y: 75648 },
  { body: 'europa', face: 1, level: 9, x: 509, y: 508 },
  { body: 'europa', face: 1, level: 15, x: 32624, y: 32512 },
  { body: 'europa', face: 1, level: FINEST, x: 130496, y: 130048 },
  // Inside the lenticula spot that covers the level-9 patch 4/9/301/260, finer.
  { body: 'europa', face: 4, level: 13, x: 4824, y: 4168 },
  { body: 'europa', face: 4, level: FINEST, x: 77156, y: 66660 },
];

/** Runs the page's comparison (`spots`: the lenticulae) and asserts every case within its tolerance. */
async function compareWithin(page: Page, spots: boolean, what: string): Promise<StainCaseResult[]> {
  await page.goto(pageUrl());
  await page.waitForFunction(() => window.__stainsPage !== undefined);
  const res = await page.evaluate(
    ([cases, spots]) => {
      const p = window.__stainsPage as NonNullable<Window['__stainsPage']>;
      return spots ? p.compareSpots(cases) : p.compare(cases);
    },
    [CASES, spots] as const,
  );
  const cases = res.cases as StainCaseResult[];
  for (const r of cases) {
    const name = `${r.body} ${r.face}/${r.level}/${r.x}/${r.y} filter ${r.filterM.toPrecision(3)} m`;
    console.log(
      `[gpu ${what}] ${name}: ${r.bands} ${what}, ${r.stained} stained samples (${r.dark} > 0.1), max ` +
        `${r.maxStain.toFixed(3)}, err ${r.err.toExponential(2)} (${r.worst.toFixed(3)} of tol); ${r.at}`,
    );
    expect(r.worst, name).toBeLessThanOrEqual(1);
  }
  console.log(`[gpu ${what}] ${res.adapter}: GPU ${res.gpuMs.toFixed(0)} ms for ${CASES.length} patches`);
  return cases;
}

test('Europa stains: the GPU lineae and ridge margins equal lineaeStain and ridgeStain within the stated float32 tolerance @webgpu-only', async ({
  page,
}) => {
  test.setTimeout(600_000);
  const errors = collectErrors(page);
  const cases = await compareWithin(page, false, 'bands');
  // Not vacuous: bands stain most of these patches, many samples darkly.
  expect(cases.filter((r) => r.stained > 100).length).toBeGreaterThanOrEqual(5);
  expect(cases.reduce((n, r) => n + r.dark, 0)).toBeGreaterThan(1000);
  expect(errors).toEqual([]);
});

test('Europa lenticulae: the GPU spots equal lenticulaStain within the stated float32 tolerance @webgpu-only', async ({
  page,
}) => {
  test.setTimeout(600_000);
  const errors = collectErrors(page);
  const cases = await compareWithin(page, true, 'spots');
  // Not vacuous: spots stain several of these patches, many samples darkly.
  expect(cases.filter((r) => r.stained > 100).length).toBeGreaterThanOrEqual(3);
  expect(cases.reduce((n, r) => n + r.dark, 0)).toBeGreaterThan(500);
  expect(errors).toEqual([]);
});
