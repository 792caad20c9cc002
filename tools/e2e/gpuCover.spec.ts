// The GPU producer's cover encode (ADR-0020, packages/render/src/producer/coverKernel.ts) on WebGPU in
// headless Chromium (software adapter here) against universe's coverBatch in the same page, fed the
// CPU's own stage inputs: every body it accepts, the producer cases' levels (coarse to finest,
// corners, edges); the bodies whose tone needs fields it does not have are refused by name.
import { expect, test } from '@playwright/test';
import { BODIES } from '@landfall/universe';
import type { CoverCompare } from '../bench/producer-page/cover';
import { collectErrors } from '@landfall/testkit';
import { producerCases } from './producerCases';
import { useProducerPage } from './producerPage';

const pageUrl = useProducerPage(10);

// Mars patches where the albedo tone steps (found with universe's albedoTone): over Syrtis Major's
// western edge (tones 6–8), across Coprates Chasma at level 6 (7–12: the province and a chasma
// floor) and on its northern wall at level 10 (8–11).
const MARS_ALBEDO_CASES = [
  { body: 'mars', face: 2, level: 6, x: 9, y: 39 },
  { body: 'mars', face: 3, level: 6, x: 52, y: 21 },
  { body: 'mars', face: 3, level: 10, x: 815, y: 354 },
];

test('GPU cover encode equals universe coverBatch except within the stated band of a step @webgpu-only', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.goto(pageUrl());
  await page.waitForFunction(() => window.__coverPage !== undefined);
  const refusals = await page.evaluate(
    (ids) => ids.map((id) => [id, (window.__coverPage as NonNullable<Window['__coverPage']>).refusal(id)]),
    BODIES.map((b) => b.id),
  );
  const refused = new Map(refusals.filter(([, why]) => why !== '') as [string, string][]);
  console.log(`[gpu cover] refused: ${[...refused].map(([id, why]) => `${id} (${why})`).join('; ')}`);
  expect(refused.get('europa')).toMatch(/dark material/);
  // Everything else is encoded, Mars's albedo tone included: only the lineae bodies are refused.
  expect(refused.size).toBeLessThanOrEqual(5);
  expect(refused.has('luna')).toBe(false);
  expect(refused.has('mars')).toBe(false);
  const cases = [...producerCases().filter((c) => !refused.has(c.body)), ...MARS_ALBEDO_CASES];
  const r = (await page.evaluate(
    (c) => (window.__coverPage as NonNullable<Window['__coverPage']>).coverCompare(c),
    cases,
  )) as CoverCompare;
  console.log(`[gpu cover] ${cases.length} patches: ${JSON.stringify(r)}`);
  expect(r.firstUnexplained, 'a differing nibble away from its step').toBe('');
  expect(r.unexplained).toBe(0);
  // Near-step differences are rare (each needs a quantity within 2⁻¹⁸ of a step).
  expect(r.differing).toBeLessThanOrEqual(r.samples * 1e-3);
  // Not vacuous: the CPU encoded a spread of slopes, fresh ejecta, rocks and tones.
  expect(r.slopeClasses).toBeGreaterThanOrEqual(8);
  expect(r.maxEjecta).toBeGreaterThan(0);
  expect(r.maxRock).toBeGreaterThan(0);
  expect(r.maxTone).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});
