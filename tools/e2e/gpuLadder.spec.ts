// The GPU producer's crater ladder on WebGPU in headless Chromium (software adapter here) against
// universe's ladderBatchD run in the same page (ADR-0020): the old unit and the young unit's sums
// (every sample) on Callisto's and Iapetus' patches at coarse, middle and finest levels under their
// level filters, cube corners and edges, Titan's (flooded: uniform young weights below 1) and
// Pluto's (a dated unit: young sums per feature), every sample within the per-sample tolerance of
// ladderTolerance; seams: a vertex two patches share (same face and across a cube edge) gets the
// same bits from both; a bad level filter is refused.
import { expect, test, type Page } from '@playwright/test';
import { getBody } from '@landfall/universe';
import { PATCH_GRID } from '@landfall/streamer';
import type { LadderCase, LadderCompare, LadderPage } from '../bench/producer-page/ladder';
import { collectErrors } from '@landfall/testkit';
import { LADDER_OUT_WORDS } from '@landfall/render';
import { eastNeighbour, levelBelow, sharedVertices } from './producerCases';
import { useProducerPage } from './producerPage';

/** Words per sample of GpuLadder's output. */
const OUT = LADDER_OUT_WORDS;
const pageUrl = useProducerPage(9);

async function openPage(page: Page): Promise<void> {
  await page.goto(pageUrl());
  await page.waitForFunction(() => window.__ladderPage !== undefined);
}

/**
 * Callisto, then Iapetus: coarse (0, 3, 5), middle (10), finest (filter below 0.5 m); corners,
 * edges, interiors; then three of Titan's and three of Pluto's.
 */
function cases(): LadderCase[] {
  const out: LadderCase[] = [];
  ['callisto', 'iapetus'].forEach((body, i) => {
    const finest = levelBelow(getBody(body).radius, 0.5);
    const last = (l: number): number => 2 ** l - 1;
    const f = (n: number): number => (n + 3 * i) % 6;
    out.push(
      { body, face: f(0), level: 0, x: 0, y: 0 },
      { body, face: f(1), level: 3, x: last(3), y: 2 },
      { body, face: f(2), level: 5, x: 0, y: last(5) },
      { body, face: f(3), level: 10, x: 512, y: last(10) },
      { body, face: f(4), level: 10, x: 300, y: 700 },
      { body, face: f(5), level: finest, x: 0, y: 0 },
      { body, face: f(1), level: finest, x: 12345 % 2 ** finest, y: last(finest) },
    );
  });
  // A flooded lowland unit: the young unit's ghost weights are below 1, so its sums differ.
  const titanFinest = levelBelow(getBody('titan').radius, 0.5);
  out.push(
    { body: 'titan', face: 2, level: 0, x: 0, y: 0 },
    { body: 'titan', face: 4, level: 10, x: 1023, y: 40 },
    { body: 'titan', face: 1, level: titanFinest, x: 777, y: 2 ** titanFinest - 1 },
  );
  // A dated young unit: rungs with older craters sum the young unit per feature.
  const plutoFinest = levelBelow(getBody('pluto').radius, 0.5);
  out.push(
    { body: 'pluto', face: 0, level: 0, x: 0, y: 0 },
    { body: 'pluto', face: 5, level: 10, x: 817, y: 841 },
    { body: 'pluto', face: 5, level: plutoFinest, x: 52322, y: 53835 },
  );
  return out;
}

test('GPU crater ladder equals universe ladderBatchD within the stated float32 tolerance on Callisto, Iapetus, Titan and Pluto @webgpu-only', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await openPage(page);
  const res = (await page.evaluate(
    (c) => (window.__ladderPage as LadderPage).ladderCompare(c),
    cases(),
  )) as LadderCompare;
  console.log(
    `[gpu ladder] adapter ${res.adapter}: ${res.cases.length} patches, ${res.samples} samples; GPU ` +
      `${res.gpuMs.toFixed(0)} ms (+ ${res.packMs.toFixed(0)} ms packing), ladderBatchD ${res.cpuMs.toFixed(0)} ms`,
  );
  const worst = { h: 0, gradient: 0, ejecta: 0 };
  for (const r of res.cases) {
    const name = `${r.body} ${r.face}/${r.level}/${r.x}/${r.y} (filter ${r.filterM.toPrecision(3)} m)`;
    console.log(
      `[gpu ladder] ${name}: ${r.candidates} candidates (crater, knob/pit, remnant, terraced: ${r.kinds.join('/')}), ${r.summed} summed; range h ${r.rangeH.toFixed(1)} m, ` +
        `max ejecta ${r.maxEjecta.toFixed(3)}; worst share h ${r.shareH.toExponential(2)} ` +
        `(|Δh| ${r.errH.toExponential(2)} m), ∇h ${r.shareGradient.toExponential(2)}, ejecta ${r.shareEjecta.toExponential(2)}`,
    );
    expect(r.off, `${name}: samples beyond the tolerance`).toBe(0);
    // Non-trivial: craters are summed on every patch and the relief varies.
    // Titan's craters are sparse (≈ 90 known, a hazy young surface): only some summed is asked there.
    const least = r.body === 'titan' ? 0 : PATCH_GRID * PATCH_GRID;
    expect(r.summed, `${name}: features summed`).toBeGreaterThan(least);
    expect(r.rangeH, `${name}: range of h`).toBeGreaterThan(0.1);
    worst.h = Math.max(worst.h, r.shareH);
    worst.gradient = Math.max(worst.gradient, r.shareGradient);
    worst.ejecta = Math.max(worst.ejecta, r.shareEjecta);
  }
  console.log(`[gpu ladder] worst share of the tolerance ${JSON.stringify(worst)}`);
  // Sentinels, not the tolerance: the bound is a worst case per feature and measured errors sit
  // below 2 % of it; a break that stays inside the bound but far above the usual errors fails here.
  expect(worst.h).toBeLessThan(0.05);
  expect(worst.gradient).toBeLessThan(0.05);
  expect(worst.ejecta).toBeLessThan(0.2);
  // Every kind of profile is exercised: terraced complex craters and remnants.
  expect(res.cases.reduce((n, r) => n + r.kinds[3], 0)).toBeGreaterThan(0);
  expect(res.cases.reduce((n, r) => n + r.kinds[2], 0)).toBeGreaterThan(0);
  // The coarse patches span hundreds of km: relief of kilometres.
  for (const r of res.cases.filter((c) => c.level === 0)) expect(r.rangeH, r.body).toBeGreaterThan(500);
  // The young sums were compared where they differ from the old unit's (Titan), not only where equal.
  const differ = res.cases.filter((c) => c.youngDiffers).map((c) => c.body);
  expect(differ).toContain('titan');
  expect(differ).toContain('pluto');
  expect(errors).toEqual([]);
});

test('GPU crater ladder: a vertex two patches share gets the same bits from both @webgpu-only', async ({
  page,
}) => {
  await openPage(page);
  const finest = levelBelow(getBody('callisto').radius, 0.5);
  const a: LadderCase = { body: 'callisto', face: 2, level: 10, x: 300, y: 700 };
  const across: LadderCase = { body: 'callisto', face: 0, level: finest, x: 2 ** finest - 1, y: 777 };
  const pairs: [LadderCase, LadderCase][] = [
    [a, { ...a, x: 301 }],
    [across, { ...eastNeighbour(across.face, across.level, across.x, across.y), body: 'callisto' }],
  ];
  for (const [p, q] of pairs) {
    expect(q.face === p.face, `${JSON.stringify(q)}`).toBe(p === a);
    const shared = sharedVertices(p, q);
    expect(shared.length).toBe(PATCH_GRID);
    const [rp, rq] = await page.evaluate((c) => (window.__ladderPage as LadderPage).ladderRaw(c), [p, q]);
    let differ = 0;
    let summed = 0;
    for (const [kp, kq] of shared) {
      summed += rp[OUT * kp + 5];
      for (let w = 0; w < OUT; w++) if (!Object.is(rp[OUT * kp + w], rq[OUT * kq + w])) differ++;
    }
    console.log(
      `[gpu ladder] seam ${p.face}→${q.face}: ${shared.length} shared vertices, ${summed} summed, ${differ} words differ`,
    );
    expect(differ).toBe(0);
    expect(summed).toBeGreaterThan(0);
  }
});

test('GPU crater ladder refuses a level filter that is not a finite number ≥ 0 @webgpu-only', async ({
  page,
}) => {
  await openPage(page);
  for (const filterM of [Number.NaN, -1, Number.POSITIVE_INFINITY]) {
    const msg = await page.evaluate(([c, f]) => (window.__ladderPage as LadderPage).ladderRefusal(c, f), [
      { body: 'luna', face: 0, level: 5, x: 1, y: 1 },
      filterM,
    ] as const);
    expect(msg, String(filterM)).toContain('not a finite number');
  }
});
