// The whole GPU patch producer on WebGPU in headless Chromium (software adapter here, ADR-0020):
// GpuPatchProducer's payloads for every ported body (the four without a young unit; Venus, Io,
// Titan, Enceladus and Triton with a flooded lowland unit; Pluto's dated one; Luna, Phobos, Vesta,
// Ceres and Ganymede with named floods and craters; Mars with shields, calderas, canyons and its
// albedo tone; Mercury with its lobate scarps and rupes) against
// generateHeightfield's, within each patch's stated tolerance (the stages' own h bounds summed — the
// knee's slope is ≤ 1 — plus the assembler's); the seam property a shared vertex keeps (the same
// field bits from both patches); refusal by name.
import { expect, test, type Page } from '@playwright/test';
import type { PatchProducerPage, ProducerCase } from '../bench/producer-page/patchProducer';
import { collectErrors } from '@landfall/testkit';
import { getBody } from '@landfall/universe';
import { assembleTolerance } from '@landfall/render';
import { useProducerPage } from './producerPage';
import { eastNeighbour, levelBelow } from './producerCases';

const pageUrl = useProducerPage(11);

const FINEST = levelBelow(getBody('callisto').radius, 0.5);
const IAPETUS_FINEST = levelBelow(getBody('iapetus').radius, 0.5);
const MIRANDA_FINEST = levelBelow(getBody('miranda').radius, 0.5);
const EARTH_FINEST = levelBelow(getBody('earth').radius, 0.5);
const last = (level: number): number => 2 ** level - 1;
const finest = (body: string): number => levelBelow(getBody(body).radius, 0.5);

// Each under its level's own filter (level 0 has no parent surface; the unfiltered full field is
// the streamer's level-0 request only when asked, and walks every ladder rung: minutes in software).
const CASES: ProducerCase[] = [
  { body: 'callisto', face: 0, level: 0, x: 0, y: 0 },
  { body: 'callisto', face: 3, level: 5, x: 0, y: last(5) },
  { body: 'callisto', face: 2, level: 10, x: 1023, y: 517 },
  { body: 'callisto', face: 5, level: 10, x: 300, y: 0 },
  { body: 'callisto', face: 4, level: FINEST, x: last(FINEST), y: last(FINEST) },
  { body: 'callisto', face: 0, level: FINEST, x: 70001 % 2 ** FINEST, y: 4242 },
  { body: 'iapetus', face: 1, level: 0, x: 0, y: 0 },
  { body: 'iapetus', face: 2, level: 8, x: 255, y: 100 },
  { body: 'iapetus', face: 3, level: IAPETUS_FINEST, x: 0, y: last(IAPETUS_FINEST) },
  { body: 'miranda', face: 0, level: 0, x: 0, y: 0 },
  { body: 'miranda', face: 2, level: 8, x: 255, y: 100 },
  { body: 'miranda', face: 3, level: MIRANDA_FINEST, x: 0, y: last(MIRANDA_FINEST) },
  { body: 'earth', face: 1, level: 0, x: 0, y: 0 },
  { body: 'earth', face: 2, level: 10, x: 255, y: 100 },
  { body: 'earth', face: 5, level: EARTH_FINEST, x: last(EARTH_FINEST), y: 31337 },
  // Flooded lowland units (the young unit's blend), each patch where the unit's weight w is between
  // 0 and 1 (found with universe's plainWeightAt), so the blend is exercised: coarse, middle, finest.
  { body: 'venus', face: 0, level: 0, x: 0, y: 0 },
  { body: 'venus', face: 1, level: 10, x: 632, y: 76 },
  { body: 'venus', face: 1, level: finest('venus'), x: 171042, y: 274072 },
  { body: 'io', face: 3, level: 3, x: 5, y: 0 },
  { body: 'io', face: 1, level: finest('io'), x: 81006, y: 9788 },
  { body: 'titan', face: 1, level: 10, x: 35, y: 994 },
  { body: 'titan', face: 1, level: finest('titan'), x: 4514, y: 127247 },
  { body: 'enceladus', face: 5, level: 10, x: 92, y: 382 },
  { body: 'triton', face: 5, level: 3, x: 6, y: 6 },
  { body: 'triton', face: 0, level: finest('triton'), x: 0, y: 0 },
  // A dated young unit (per-feature young sums, the cover's tone contact), where 0 < w < 1.
  { body: 'pluto', face: 1, level: 3, x: 0, y: 7 },
  { body: 'pluto', face: 5, level: 10, x: 817, y: 841 },
  { body: 'pluto', face: 5, level: finest('pluto'), x: 52322, y: 53835 },
  // Named places (floods: basins and maria; terraced craters), each patch on a feature's shore or
  // rim (found from universe's placeFeatures): Luna's nearside, a mare shore, a basin, two craters
  // and the finest level on a crater's wall and a mare's shore; Phobos' Stickney, Vesta's
  // Rheasilvia, Ceres' crater, Ganymede's basin.
  { body: 'luna', face: 0, level: 0, x: 0, y: 0 },
  { body: 'luna', face: 0, level: 8, x: 143, y: 203 },
  { body: 'luna', face: 3, level: 8, x: 69, y: 70 },
  { body: 'luna', face: 0, level: 8, x: 115, y: 101 },
  { body: 'luna', face: 5, level: 8, x: 91, y: 211 },
  { body: 'luna', face: 0, level: finest('luna'), x: 59834, y: 52143 },
  { body: 'luna', face: 0, level: finest('luna'), x: 64740, y: 84845 },
  { body: 'phobos', face: 3, level: 8, x: 181, y: 130 },
  { body: 'phobos', face: 3, level: finest('phobos'), x: 772, y: 523 },
  { body: 'vesta', face: 3, level: 8, x: 147, y: 32 },
  { body: 'ceres', face: 2, level: 8, x: 176, y: 97 },
  { body: 'ceres', face: 2, level: finest('ceres'), x: 23762, y: 12317 },
  { body: 'ganymede', face: 5, level: 8, x: 71, y: 66 },
  // Mars (shields, calderas, canyon segments, the albedo tone; found with universe's placeFeatures,
  // chasmaWeightAt and albedoTone): the whole body; Coprates Chasma at level 6 and across its
  // northern wall at 10 and at the finest level; Olympus Mons' flank, a summit caldera's wall and its
  // basal escarpment; Arsia Mons' caldera; Syrtis Major's western edge.
  { body: 'mars', face: 0, level: 0, x: 0, y: 0 },
  { body: 'mars', face: 3, level: 6, x: 52, y: 21 },
  { body: 'mars', face: 3, level: 10, x: 815, y: 354 },
  { body: 'mars', face: 3, level: finest('mars'), x: 208878, y: 90582 },
  { body: 'mars', face: 1, level: 8, x: 248, y: 197 },
  { body: 'mars', face: 3, level: 10, x: 12, y: 797 },
  { body: 'mars', face: 1, level: 12, x: 3887, y: 3130 },
  { body: 'mars', face: 3, level: 9, x: 86, y: 201 },
  { body: 'mars', face: 2, level: 6, x: 9, y: 39 },
  // Mercury (its lobate-scarp arcs and the named rupes; found with universe's landformsD and
  // placeFeatures): a whole face; two level-6 patches across arcs, the steepest level-12 patch of
  // the first and a finest-level patch at its corner; Discovery Rupes at levels 8 and 12,
  // Enterprise Rupes at the finest level.
  { body: 'mercury', face: 0, level: 0, x: 0, y: 0 },
  { body: 'mercury', face: 3, level: 6, x: 36, y: 34 },
  { body: 'mercury', face: 0, level: 6, x: 48, y: 60 },
  { body: 'mercury', face: 3, level: 12, x: 2330, y: 2176 },
  { body: 'mercury', face: 3, level: finest('mercury'), x: 74560, y: 69632 },
  { body: 'mercury', face: 5, level: 8, x: 64, y: 205 },
  { body: 'mercury', face: 5, level: 12, x: 1044, y: 3298 },
  { body: 'mercury', face: 2, level: finest('mercury'), x: 44452, y: 18860 },
];

async function open(page: Page): Promise<void> {
  await page.goto(pageUrl());
  await page.waitForFunction(() => window.__patchProducerPage !== undefined);
}

test('GPU patch producer equals generateHeightfield within the stages’ stated tolerance @webgpu-only', async ({
  page,
}) => {
  test.setTimeout(420_000);
  const errors = collectErrors(page);
  await open(page);
  const res = await page.evaluate((c) => (window.__patchProducerPage as PatchProducerPage).compare(c), CASES);
  console.log(
    `[gpu patch producer] ${res.cases.length} patches: GPU ${res.gpuMs.toFixed(0)} ms, CPU ${res.cpuMs.toFixed(0)} ms; ` +
      `${res.batches} batches packed ${res.packing.inWorker} in the pack worker, ${res.packing.onPage} on the page` +
      `${res.packing.noWorker ? ` (${res.packing.noWorker})` : ''}, ` +
      `${Math.min(...res.packMs).toFixed(1)}–${Math.max(...res.packMs).toFixed(1)} ms a batch; main thread ` +
      `${Math.min(...res.mainThreadMs).toFixed(1)}–${Math.max(...res.mainThreadMs).toFixed(1)} ms a batch`,
  );
  // Every batch packed in the pack worker (ADR-0020 item 22): the page's main thread did not pack.
  expect(res.packing).toEqual({ inWorker: res.batches, onPage: 0, noWorker: '' });
  let worstPosition = 0;
  let worstTarget = 0;
  let coverDiffer = 0;
  for (const r of res.cases) {
    const name = `${r.body} ${r.face}/${r.level}/${r.x}/${r.y} filter ${r.filterM.toPrecision(3)} m`;
    console.log(
      `[gpu patch producer] ${name}: position ${r.errPosition.toExponential(2)} m of ${r.tolPosition.toExponential(2)}` +
        ` (stages' h ${r.hTol.toExponential(2)}, parent ${r.parentHTol.toExponential(2)}), target ` +
        `${r.errTarget.toExponential(2)} of ${r.tolTarget.toExponential(2)}, normals ${r.errNormalSteps}/` +
        `${r.errMorphNormalSteps} steps of ${r.tolNormalSteps}, cover ${r.coverDiffer} differ (worst nibble ` +
        `${r.coverWorstNibble}), |h| ≤ ${r.maxAbsH.toFixed(0)} m`,
    );
    worstPosition = Math.max(worstPosition, r.errPosition / r.tolPosition);
    worstTarget = Math.max(worstTarget, r.errTarget / r.tolTarget);
    coverDiffer += r.coverDiffer;
    expect(r.errPosition, `${name} position`).toBeLessThanOrEqual(r.tolPosition);
    expect(r.errTarget, `${name} morph target`).toBeLessThanOrEqual(r.tolTarget);
    expect(r.errNormalSteps, `${name} normal`).toBeLessThanOrEqual(r.tolNormalSteps);
    expect(r.errMorphNormalSteps, `${name} morph normal`).toBeLessThanOrEqual(r.tolNormalSteps);
    // Cover from float32 inputs: a nibble may be one step off next to a step, never more.
    expect(r.coverWorstNibble, `${name} cover`).toBeLessThanOrEqual(1);
    expect(r.errMinHeight, `${name} min height`).toBeLessThanOrEqual(r.tolPosition);
    expect(r.errMaxHeight, `${name} max height`).toBeLessThanOrEqual(r.tolTarget);
  }
  const samples = res.cases.length * 65 * 65;
  console.log(
    `[gpu patch producer] worst position ${worstPosition.toExponential(2)} and target ${worstTarget.toExponential(2)} of the tolerance; cover bytes differ at ${coverDiffer} of ${samples} vertices`,
  );
  // Sentinel: the stated bound is a worst case; a slip of a whole stage would show far above this.
  expect(worstPosition).toBeLessThan(0.25);
  expect(coverDiffer / samples).toBeLessThan(0.01);
  expect(errors).toEqual([]);
});

test('GPU patches: a shared edge vertex gets the same field bits from both, world positions within the assembler tolerance @webgpu-only', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const errors = collectErrors(page);
  await open(page);
  const across: ProducerCase = { body: 'callisto', face: 0, level: FINEST, x: last(FINEST), y: 777 };
  for (const [a, b] of [
    [
      { body: 'callisto', face: 2, level: 10, x: 516, y: 300 },
      { body: 'callisto', face: 2, level: 10, x: 517, y: 300 },
    ],
    [across, { ...eastNeighbour(across.face, across.level, across.x, across.y), body: 'callisto' }],
  ] as [ProducerCase, ProducerCase][]) {
    const r = await page.evaluate(([x, y]) => (window.__patchProducerPage as PatchProducerPage).seam(x, y), [
      a,
      b,
    ] as const);
    console.log(`[gpu patch producer] seam ${a.level}/${a.x}/${a.y} | ${b.x}/${b.y}: ${JSON.stringify(r)}`);
    expect(r.shared).toBe(65);
    // This pair is packed on the page (the Packer's fallback): the same packBatch, the same words.
    expect(r.packedOnPage).toBe(1);
    // The CPU's property: the same field (hence the same float64 position) at a shared vertex from
    // both patches; world positions then differ by each side's float32 rounding of its local offset.
    // The GPU keeps the first bit for bit (same words in, canonical-order candidate supersets); its
    // local offsets are float32 sums of terms up to |h| (ADR-0020 item 6), so each side is within
    // the assembler's position tolerance and the pair within twice it (not within one ulp of local).
    expect(r.fieldDiffer).toBe(0);
    expect(r.encodedDiffer).toBe(0);
    expect(r.cpuWorld).toBeLessThanOrEqual(r.ulpLocal);
    expect(r.gpuWorld).toBeLessThanOrEqual(2 * assembleTolerance(r.maxAbsH, r.maxLocal, 0).position);
  }
  expect(errors).toEqual([]);
});

test('GPU patch producer refuses bodies its kernels do not cover @webgpu-only', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = collectErrors(page);
  await open(page);
  for (const body of ['europa']) {
    const r = await page.evaluate((b) => (window.__patchProducerPage as PatchProducerPage).refusal(b), body);
    expect(r.predicate, body).toContain(body);
    expect(r.thrown, body).toContain(body);
  }
  const ok = await page.evaluate(() => (window.__patchProducerPage as PatchProducerPage).refusal('callisto'));
  expect(ok.predicate).toBe('');
  expect(ok.thrown).toBe('');
  expect(errors).toEqual([]);
});
