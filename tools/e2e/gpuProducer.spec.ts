// The GPU producer's kernels on WebGPU in headless Chromium (software adapter here), against the
// universe code they port, run on the CPU in the same page (ADR-0020): the grit band on patches of
// every body at the level where the filter first lets grit in, the next, the finest and a coarse
// one, at cube corners, edges and inside faces; seams: a vertex two patches share (same face and
// across a cube edge) gets the same bits from both.
import { expect, test, type Page } from '@playwright/test';
import { BODIES, patchDirections } from '@landfall/universe';
import { PATCH_GRID } from '@landfall/streamer';
import type { GritCase, GritCompare, ProducerPage } from '../bench/producer-page/main';
import { collectErrors } from '@landfall/testkit';
import { eastNeighbour, levelBelow, producerCases } from './producerCases';
import { useProducerPage } from './producerPage';

const pageUrl = useProducerPage(3);

async function openPage(page: Page): Promise<void> {
  await page.goto(pageUrl());
  await page.waitForFunction(() => window.__producerPage !== undefined);
}

test('GPU grit equals universe gritAt within the stated float32 tolerance on every body @webgpu-only', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await openPage(page);
  const cases: GritCase[] = producerCases();
  const res = (await page.evaluate(
    (c) => (window.__producerPage as ProducerPage).gritCompare(c),
    cases,
  )) as GritCompare;
  console.log(
    `[gpu grit] adapter ${res.adapter}: ${res.cases.length} patches, ${res.samples} samples; GPU ` +
      `${res.gpuMs.toFixed(0)} ms (+ ${res.packMs.toFixed(0)} ms packing), gritAt ${res.cpuMs.toFixed(0)} ms`,
  );
  let withGrit = 0;
  let worst = 0;
  let worstGradient = 0;
  for (const r of res.cases) {
    const name = `${r.body} ${r.face}/${r.level}/${r.x}/${r.y} (filter ${r.filterM.toPrecision(3)} m)`;
    expect(r.errH, `${name}: |Δh| ${r.errH} m > ${r.tolH}`).toBeLessThanOrEqual(r.tolH);
    expect(r.errGradient, `${name}: |Δ∇h| ${r.errGradient} > ${r.tolGradient}`).toBeLessThanOrEqual(
      r.tolGradient,
    );
    expect(r.signFlips, name).toBe(0);
    if (r.level === 2) {
      // Level 2's filter (tens of km) removes both octaves: the CPU gives 0 and so must the GPU.
      expect(r.maxH, name).toBe(0);
      expect(r.errH, name).toBe(0);
    }
    if (r.maxH > 0.05) withGrit++;
    if (r.tolH > 0) worst = Math.max(worst, r.errH / r.tolH);
    if (r.tolGradient > 0) worstGradient = Math.max(worstGradient, r.errGradient / r.tolGradient);
  }
  console.log(
    `[gpu grit] ${withGrit} patches with grit > 5 cm; worst |Δh| ${worst.toFixed(4)}, worst |Δ∇h| ` +
      `${worstGradient.toFixed(4)} of the tolerance`,
  );
  // Non-trivial: grit is damped only under air (Venus, Titan, Earth keep little), so most bodies'
  // grit-level patches carry centimetres to decimetres of it (amplitude 0.25 m, ADR-0006).
  expect(withGrit).toBeGreaterThanOrEqual(2 * 12);
  expect(errors).toEqual([]);
});

test('GPU grit: a vertex two patches share gets the same bits from both, across a cube edge too @webgpu-only', async ({
  page,
}) => {
  await openPage(page);
  const level = levelBelow(BODIES[0].radius, 1);
  const last = 2 ** level - 1;
  const pairs: [GritCase, GritCase][] = [
    [
      { body: 'luna', face: 0, level, x: 100, y: 200 },
      { body: 'luna', face: 0, level, x: 101, y: 200 },
    ],
    [
      { body: 'luna', face: 0, level, x: last, y: 77 },
      { ...eastNeighbour(0, level, last, 77), body: 'luna' },
    ],
    [
      { body: 'mars', face: 4, level, x: last, y: 5 },
      { ...eastNeighbour(4, level, last, 5), body: 'mars' },
    ],
  ];
  const raw = await page.evaluate((c) => (window.__producerPage as ProducerPage).gritRaw(c), pairs.flat());
  pairs.forEach(([a, b], p) => {
    expect(b.face !== a.face || b.x === a.x + 1, `pair ${p}: neighbour ${JSON.stringify(b)}`).toBe(true);
    const da = patchDirections(a.face, a.level, a.x, a.y, PATCH_GRID, 0);
    const db = patchDirections(b.face, b.level, b.x, b.y, PATCH_GRID, 0);
    const ga = raw[2 * p];
    const gb = raw[2 * p + 1];
    let shared = 0;
    let differ = 0;
    const key = (d: Float64Array, k: number): string => `${d[3 * k]},${d[3 * k + 1]},${d[3 * k + 2]}`;
    const inB = new Map<string, number>();
    for (let k = 0; k < PATCH_GRID * PATCH_GRID; k++) inB.set(key(db, k), k);
    for (let k = 0; k < PATCH_GRID * PATCH_GRID; k++) {
      const kb = inB.get(key(da, k));
      if (kb === undefined) continue;
      shared++;
      for (let q = 0; q < 4; q++) if (!Object.is(ga[4 * k + q], gb[4 * kb + q])) differ++;
    }
    // A whole edge: PATCH_GRID vertices with the same float64 direction bits in both patches.
    expect(shared, `pair ${p}`).toBe(PATCH_GRID);
    expect(differ, `pair ${p}: shared vertices whose GPU grit differs`).toBe(0);
    // Not a trivially equal zero field.
    expect(ga.some((v) => Math.abs(v) > 0.01)).toBe(true);
  });
});
