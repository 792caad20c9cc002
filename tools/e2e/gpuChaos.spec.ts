// Europa's chaos on the GPU (ADR-0020 item 25, packages/render/src/producer/GpuChaos.ts) on WebGPU
// in headless Chromium (software adapter here) against universe's `chaosD` in float64, per sample
// within the stated tolerance (`chaosTolerance`): the matrix weight M (patches × rafts and plates)
// and the matrix height, over patches found on chaos patch centres at levels 6 to the finest, one
// on a patch's rim and one with no chaos.
import { expect, test } from '@playwright/test';
import { getBody } from '@landfall/universe';
import type { ChaosCase, ChaosCaseResult } from '../bench/producer-page/chaos';
import { collectErrors } from '@landfall/testkit';
import { levelBelow } from './producerCases';
import { useProducerPage } from './producerPage';

const pageUrl = useProducerPage(13);
const FINEST = levelBelow(getBody('europa').radius, 0.5);

// Nodes holding chaos-patch centres of the lattice's blocks near +z (face 4), found with chaosD.
const CASES: ChaosCase[] = [
  { body: 'europa', face: 4, level: 6, x: 18, y: 48 },
  { body: 'europa', face: 4, level: 6, x: 32, y: 47 },
  { body: 'europa', face: 4, level: 9, x: 133, y: 334 },
  { body: 'europa', face: 4, level: 9, x: 173, y: 340 },
  // Where rafts and plates stand in the matrix (hundreds of samples on a raft's edge).
  { body: 'europa', face: 4, level: 9, x: 135, y: 334 },
  { body: 'europa', face: 4, level: 9, x: 171, y: 340 },
  { body: 'europa', face: 4, level: 12, x: 1068, y: 2672 },
  { body: 'europa', face: 4, level: 15, x: 8551, y: 21376 },
  {
    body: 'europa',
    face: 4,
    level: FINEST,
    x: 14755 * 2 ** (FINEST - 15) + 1,
    y: 23148 * 2 ** (FINEST - 15) + 2,
  },
  { body: 'europa', face: 1, level: 8, x: 3, y: 250 },
];

test('Europa chaos: the GPU matrix weight and height equal chaosD within the stated float32 tolerance @webgpu-only', async ({
  page,
}) => {
  test.setTimeout(600_000);
  const errors = collectErrors(page);
  await page.goto(pageUrl());
  await page.waitForFunction(() => window.__chaosPage !== undefined);
  const res = await page.evaluate(
    (cases) => (window.__chaosPage as NonNullable<Window['__chaosPage']>).compare(cases),
    CASES,
  );
  const cases = res.cases as ChaosCaseResult[];
  for (const r of cases) {
    const name = `${r.body} ${r.face}/${r.level}/${r.x}/${r.y}`;
    const w = r.worst;
    console.log(
      `[gpu chaos] ${name}: ${r.arcs} arcs, ${r.inPatch} in a patch, ${r.matrix} matrix (M > ½), ${r.rafted} rafted; ` +
        `err M ${r.err.m.toExponential(2)} (${w.m.toFixed(3)} of tol), ∇M ${r.err.mGradient.toExponential(2)} ` +
        `(${w.mGradient.toFixed(3)}), h ${r.err.h.toExponential(2)} m (${w.h.toFixed(3)}), ∇h ` +
        `${r.err.hGradient.toExponential(2)} (${w.hGradient.toFixed(3)}); ${r.at}`,
    );
    for (const key of ['m', 'mGradient', 'h', 'hGradient'] as const)
      expect(w[key], `${name} ${key}`).toBeLessThanOrEqual(1);
  }
  console.log(`[gpu chaos] ${res.adapter}: GPU ${res.gpuMs.toFixed(0)} ms for ${CASES.length} patches`);
  // Not vacuous: chaos covers most of these patches, the matrix (M > ½) much of it, rafts part of it.
  expect(cases.filter((r) => r.inPatch > 500).length).toBeGreaterThanOrEqual(6);
  expect(cases.reduce((n, r) => n + r.matrix, 0)).toBeGreaterThan(5000);
  expect(cases.reduce((n, r) => n + r.rafted, 0)).toBeGreaterThan(1000);
  expect(cases[cases.length - 1].inPatch).toBe(0);
  expect(errors).toEqual([]);
});
