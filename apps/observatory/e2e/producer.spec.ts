/**
 * `?producer=` (ADR-0020, issue 16). On WebGPU (software adapter here): `producer=gpu` makes
 * Callisto's two-metre stance from the GPU producer — the counters say so, requests ran in batches,
 * the stance reaches its fixed point — and the picture equals the one the workers make of the same
 * view to within the producers' stated agreement (the payloads differ by under a millimetre, so the
 * frames may differ only where a pixel sits on an edge); a body the GPU producer does not cover and
 * `auto` on a software adapter get the workers, and so does `levels=full`, and the engine block says why. On WebGL2 there is no
 * WebGPU device: the workers, with the reason shown.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  captureCanvas,
  collectErrors,
  landfallState,
  openApp,
  openSettled,
  type Rgba,
} from '@landfall/testkit';

/** A Callisto stance: two metres up, looking a little down, the sun low behind the right shoulder. */
const STANCE = {
  body: 'callisto',
  lat: 12.5,
  lon: 41,
  h: 2,
  heading: 30,
  pitch: -12,
  sunAz: 200,
  sunEl: 20,
  hud: 'debug',
};

interface ProducerState {
  producer?: string;
  gpuBatches?: { produced: number; batches: number };
  counters: Record<string, unknown>;
}

const producerState = (page: Page) =>
  page.evaluate(() => {
    const s = window.__landfall as unknown as ProducerState;
    return { producer: s.producer, gpuBatches: s.gpuBatches, counters: s.counters };
  });

/** Mean absolute difference over RGB, and the share of pixels differing by more than 24 in a channel. */
function compare(a: Rgba, b: Rgba): { mean: number; differing: number } {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  let sum = 0;
  let differing = 0;
  const n = a.width * a.height;
  for (let i = 0; i < n; i++) {
    let worst = 0;
    for (let c = 0; c < 3; c++) {
      const d = Math.abs(a.data[4 * i + c] - b.data[4 * i + c]);
      sum += d;
      worst = Math.max(worst, d);
    }
    if (worst > 24) differing++;
  }
  return { mean: sum / (3 * n), differing: differing / n };
}

test('producer=gpu makes a Callisto stance on the GPU that looks as the workers’ does @webgpu-only', async ({
  page,
}, testInfo) => {
  test.setTimeout(900_000);
  const errors = collectErrors(page);
  const t0 = Date.now();
  await openSettled(page, { ...STANCE, producer: 'gpu' }, 600_000);
  const gpuSeconds = (Date.now() - t0) / 1000;
  const gpu = await producerState(page);
  expect(gpu.producer).toBe('gpu (producer=gpu, software adapter)');
  expect(gpu.counters.producer).toBe('gpu');
  const batches = gpu.gpuBatches!;
  // Every patch the streamer took came from the GPU producer; requests of one task share a batch.
  expect(batches.produced).toBeGreaterThanOrEqual(Number(gpu.counters.generated));
  expect(Number(gpu.counters.generated)).toBeGreaterThan(10);
  expect(batches.produced / batches.batches).toBeGreaterThan(1.5);
  await expect(page.locator('.hud-debug-text')).toContainText(
    'producer gpu (producer=gpu, software adapter)',
  );
  // Where the batches were packed (ADR-0020 item 22): all in the pack worker here.
  await expect(page.locator('.hud-debug-text')).toContainText(
    /packing [1-9]\d* batches in the pack worker, 0 on the page · last [\d.]+ ms, main thread [\d.]+ ms a batch/,
  );
  const gpuShot = await captureCanvas(page, testInfo, 'callisto-gpu');

  const t1 = Date.now();
  await openSettled(page, { ...STANCE, producer: 'cpu' }, 600_000);
  const cpuSeconds = (Date.now() - t1) / 1000;
  const cpu = await producerState(page);
  expect(cpu.producer).toBe('workers (producer=cpu)');
  expect(cpu.counters.producer).toBe('workers');
  expect(cpu.gpuBatches).toBeUndefined();
  await expect(page.locator('.hud-debug-text')).not.toContainText('packing');
  const cpuShot = await captureCanvas(page, testInfo, 'callisto-workers');
  const d = compare(gpuShot, cpuShot);
  console.log(
    `[producer] Callisto 2 m stance: GPU producer ${gpuSeconds.toFixed(0)} s to the fixed point ` +
      `(${batches.produced} patches in ${batches.batches} batches, ${Number(gpu.counters.generated)} taken), ` +
      `workers ${cpuSeconds.toFixed(0)} s; frames differ by ${d.mean.toFixed(3)} mean, ` +
      `${(100 * d.differing).toFixed(2)} % of pixels by more than 24 (software figures)`,
  );
  // The same view from payloads within a millimetre: the frames agree but for edge pixels (and the
  // rock seats, which follow the mesh to the same millimetre).
  expect(d.mean).toBeLessThan(1.5);
  expect(d.differing).toBeLessThan(0.01);
  expect(errors).toEqual([]);
});

test('a body the GPU producer does not cover, and auto on a software adapter, get the workers @webgpu-only', async ({
  page,
}) => {
  test.setTimeout(600_000);
  const errors = collectErrors(page);
  await openSettled(
    page,
    { body: 'europa', lat: 12, lon: 34, h: 200_000, pitch: -30, producer: 'gpu' },
    400_000,
  );
  const europa = await producerState(page);
  expect(europa.counters.producer).toBe('workers');
  expect(europa.producer).toBe("workers (producer=gpu: europa's landforms include chaos, lineae, ridges)");
  await openSettled(page, { body: 'callisto', lat: 12, lon: 34, h: 200_000, pitch: -30 }, 400_000);
  const auto = await producerState(page);
  expect(auto.counters.producer).toBe('workers');
  expect(auto.producer).toBe('workers (producer=auto: a software adapter (producer=gpu forces it))');
  // Unfiltered levels: the GPU producer's per-patch crater gather would not end at coarse levels
  // (ADR-0020 item 23), so levels=full takes the workers whatever the wish.
  await openApp(page, 'observatory', {
    body: 'callisto',
    lat: 12,
    lon: 34,
    h: 200_000,
    producer: 'gpu',
    levels: 'full',
  });
  await page.waitForFunction(
    () => (window.__landfall as unknown as ProducerState | undefined)?.producer !== undefined,
  );
  const full = await producerState(page);
  expect(full.producer).toBe(
    'workers (producer=gpu: unfiltered levels: the GPU producer needs the level filter)',
  );
  expect(full.counters.producer).toBe('workers');
  expect(errors).toEqual([]);
});

test('under WebGL2 producer=gpu gets the workers and the engine block says why', async ({ page }) => {
  test.setTimeout(600_000);
  const errors = collectErrors(page);
  await openSettled(
    page,
    { body: 'callisto', lat: 12, lon: 34, h: 200_000, pitch: -30, producer: 'gpu', hud: 'debug' },
    400_000,
  );
  const s = await producerState(page);
  expect((await landfallState(page)).backend).toBe('webgl2');
  expect(s.counters.producer).toBe('workers');
  expect(s.producer).toBe('workers (producer=gpu: no WebGPU device: the renderer runs WebGL2)');
  await expect(page.locator('.hud-debug-text')).toContainText(
    'producer workers (producer=gpu: no WebGPU device: the renderer runs WebGL2)',
  );
  expect(errors).toEqual([]);
});
