// The GPU producer's payload assembly on WebGPU in headless Chromium (software adapter here): the
// CPU's drawn field and parent surface, rounded to float32, assembled on the GPU into the ADR-0009
// vertex format and compared with generateHeightfield's payload for the same node (ADR-0020).
import { expect, test } from '@playwright/test';
import type { AssembleCase, AssembleCompare, AssemblePage } from '../bench/producer-page/assemble';
import { collectErrors } from '@landfall/testkit';
import { assembleTolerance } from '@landfall/render';
import { useProducerPage } from './producerPage';

const pageUrl = useProducerPage(5);

const CASES: AssembleCase[] = [
  { body: 'luna', face: 0, level: 0, x: 0, y: 0 },
  { body: 'luna', face: 3, level: 6, x: 0, y: 0 },
  { body: 'mars', face: 1, level: 10, x: 1023, y: 517 },
  { body: 'europa', face: 4, level: 14, x: 9000, y: 16383 },
  { body: 'luna', face: 2, level: 17, x: 70001, y: 4242 },
  { body: 'mercury', face: 5, level: 12, x: 2047, y: 0 },
  { body: 'miranda', face: 1, level: 9, x: 300, y: 200 },
  { body: 'venus', face: 0, level: 15, x: 16384, y: 16383 },
];

test('GPU payload assembly equals generateHeightfield within float32 rounding @webgpu-only', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.goto(pageUrl());
  await page.waitForFunction(() => window.__assemblePage !== undefined);
  const res = (await page.evaluate(
    (c) => (window.__assemblePage as AssemblePage).assembleCompare(c),
    CASES,
  )) as AssembleCompare;
  console.log(`[gpu assemble] ${res.cases.length} patches in ${res.gpuMs.toFixed(0)} ms`);
  let worst = 0;
  for (const r of res.cases) {
    const name = `${r.body} ${r.face}/${r.level}/${r.x}/${r.y}`;
    const tol = assembleTolerance(r.maxAbsH, r.maxLocal, r.morphScale);
    console.log(
      `[gpu assemble] ${name}: position ${r.errPosition.toExponential(2)} m (tolerance ` +
        `${tol.position.toExponential(2)}), target ${r.errTarget.toExponential(2)} m (${tol.target.toExponential(2)})`,
    );
    worst = Math.max(worst, r.errPosition / tol.position, r.errTarget / tol.target);
    expect(r.errPosition, `${name} position`).toBeLessThanOrEqual(tol.position);
    expect(r.errTarget, `${name} morph target`).toBeLessThanOrEqual(tol.target);
    // The largest delta comes out of float32 differences: its scale agrees to the target tolerance.
    expect(Math.abs(r.morphScaleRel * r.morphScale * 32767), `${name} morph scale`).toBeLessThanOrEqual(
      tol.target,
    );
    // Octahedral int8: the float32 unit vector may land across a rounding boundary, one step.
    expect(r.errNormalSteps, `${name} normal`).toBeLessThanOrEqual(1);
    expect(r.errMorphNormalSteps, `${name} morph normal`).toBeLessThanOrEqual(1);
    // Cover is an input: its bytes pass through unchanged.
    expect(r.coverDiffer, name).toBe(0);
    // The height range: float32 heights round by 2^-24 of |h|.
    expect(r.errMinHeight, name).toBeLessThanOrEqual(2 ** -23 * r.maxAbsH);
    expect(r.errMaxHeight, name).toBeLessThanOrEqual(2 ** -23 * r.maxAbsH);
    // The GPU payload's own bounds hold everything it draws, morphed or not (culling and morph ranges).
    expect(r.outsideBounds, `${name} vertices outside the bounding sphere`).toBe(0);
    expect(r.outsideEdges, `${name} edge vertices outside their edge sphere`).toBe(0);
    expect(Math.abs(r.boundingRadiusGpu - r.boundingRadiusCpu), name).toBeLessThanOrEqual(tol.target + 1e-3);
    // Non-trivial: a filtered patch has a parent surface to morph to.
    if (r.filtered) expect(r.morphScale, name).toBeGreaterThan(0);
  }
  console.log(`[gpu assemble] worst error ${worst.toFixed(3)} of the tolerance`);
  expect(errors).toEqual([]);
});
