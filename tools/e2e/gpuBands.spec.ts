// The GPU producer's band stage on WebGPU in headless Chromium (software adapter here) against
// universe's bandsD run in the same page (ADR-0020): every body (every landform family) at a coarse,
// a middle and a fine level, cube corners and edges; a vertex two patches share gets the same bits.
import { expect, test } from '@playwright/test';
import { BODIES } from '@landfall/universe';
import type { BandsCase, BandsCompare, BandsPage } from '../bench/producer-page/bands';
import { collectErrors } from '@landfall/testkit';
import { useProducerPage } from './producerPage';

const pageUrl = useProducerPage(6);

function cases(): BandsCase[] {
  const out: BandsCase[] = [];
  BODIES.forEach((b, i) => {
    const face = i % 6;
    out.push(
      { body: b.id, face, level: 0, x: 0, y: 0 },
      { body: b.id, face: (face + 1) % 6, level: 5, x: 31, y: 7 },
      { body: b.id, face: (face + 2) % 6, level: 12, x: (i * 977) % 4096, y: 4095 },
      { body: b.id, face: (face + 3) % 6, level: 17, x: (i * 7919) % 2 ** 17, y: 0 },
    );
  });
  return out;
}

test('GPU bands equal universe bandsD within the stated float32 tolerance on every body @webgpu-only', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.goto(pageUrl());
  await page.waitForFunction(() => window.__bandsPage !== undefined);
  const res = (await page.evaluate(
    (c) => (window.__bandsPage as BandsPage).bandsCompare(c),
    cases(),
  )) as BandsCompare;
  console.log(
    `[gpu bands] ${res.cases.length} patches, ${res.samples} samples; GPU ${res.gpuMs.toFixed(0)} ms, ` +
      `bandsD ${res.cpuMs.toFixed(0)} ms`,
  );
  const worst = { h: 0, gradient: 0, unit: 0, unitGradient: 0 };
  let worstMetres = 0;
  for (const r of res.cases) {
    const name = `${r.body} ${r.face}/${r.level}/${r.x}/${r.y}`;
    expect(r.errH, `${name} h`).toBeLessThanOrEqual(r.tolH);
    expect(r.errGradient, `${name} ∇h`).toBeLessThanOrEqual(r.tolGradient);
    expect(r.errShore, `${name} shore`).toBeLessThanOrEqual(r.tolUnit);
    expect(r.errMask, `${name} mask`).toBeLessThanOrEqual(r.tolUnit);
    expect(r.errUnitGradient, `${name} ∇shore, ∇mask`).toBeLessThanOrEqual(r.tolUnitGradient);
    worst.h = Math.max(worst.h, r.errH / r.tolH);
    worstMetres = Math.max(worstMetres, r.errH);
    worst.gradient = Math.max(worst.gradient, r.errGradient / r.tolGradient);
    worst.unit = Math.max(worst.unit, r.errShore / r.tolUnit, r.errMask / r.tolUnit);
    worst.unitGradient = Math.max(worst.unitGradient, r.errUnitGradient / r.tolUnitGradient);
  }
  console.log(
    `[gpu bands] worst |Δh| ${worstMetres.toPrecision(3)} m; worst share of the tolerance ${JSON.stringify(worst)}`,
  );
  // Non-trivial: a level-0 patch spans a sixth of the body, where the bands vary by hundreds of
  // metres on every body with relief.
  const coarse = res.cases.filter((r) => r.level === 0);
  expect(coarse.filter((r) => r.rangeH > 100).length).toBeGreaterThanOrEqual(coarse.length - 2);
  expect(errors).toEqual([]);
});

test('GPU bands: a vertex two patches share gets the same bits from both @webgpu-only', async ({ page }) => {
  await page.goto(pageUrl());
  await page.waitForFunction(() => window.__bandsPage !== undefined);
  // Two neighbours on one face at level 9 (Europa: ridged, both fBm), sharing the east/west edge.
  const a: BandsCase = { body: 'europa', face: 2, level: 9, x: 100, y: 60 };
  const b: BandsCase = { ...a, x: 101 };
  const [ra, rb] = await page.evaluate((c) => (window.__bandsPage as BandsPage).bandsRaw(c), [a, b]);
  const G = 65;
  let differ = 0;
  for (let j = 0; j < G; j++) {
    const ka = j * G + (G - 1);
    const kb = j * G;
    for (let q = 0; q < 12; q++) if (!Object.is(ra[12 * ka + q], rb[12 * kb + q])) differ++;
  }
  expect(differ).toBe(0);
  expect(ra.some((v) => Math.abs(v) > 1)).toBe(true);
});
