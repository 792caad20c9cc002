// `?terrain=local`: the game's terrain is the real streamer with its patches generated on the main
// thread (`inProcessWorkerFactory`), not a second streamer and not the worker pool. From the landed
// start (a still eye) it must reach its fixed point — "ground resolved" in the HUD, refined past
// the six face roots — without the page starting a single worker, and draw a frame.
import { expect, test } from '@playwright/test';
import { assertFrameDrawn, collectErrors, openApp, pixelStats } from '@landfall/testkit';

test('terrain=local resolves the ground on the main thread, no workers started', async ({ page }) => {
  // Timeout: every patch and the detail-floor probe run on the page's own thread under software
  // rendering on two shared cores (measured in the report of the change that added this spec).
  test.setTimeout(420_000);
  const errors = collectErrors(page);
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  const t0 = Date.now();
  const state = await openApp(page, 'game', { start: 'landed', terrain: 'local', fresh: 1 });
  expect(state.error).toBeUndefined();
  const hud = page.locator('#hud');
  await expect(hud).toContainText(/TERRAIN ground resolved \d+\/\d+/, { timeout: 360_000 });
  const line = /TERRAIN ground resolved (\d+)\/(\d+)/.exec((await hud.textContent()) ?? '');
  const drawn = Number(line?.[1]);
  console.log(`[game local terrain] resolved drawn=${drawn} wallS=${((Date.now() - t0) / 1000).toFixed(1)}`);
  // More than the six roots: the streamer refined towards the eye before it settled.
  expect(drawn).toBeGreaterThan(6);
  expect(Number(line?.[2])).toBe(drawn);
  expect(workers).toEqual([]);
  // WebGL2 has no WebGPU device for the GPU producer (ADR-0020): the HUD says why it is not used.
  await expect(hud).toContainText(
    'PRODUCER workers (producer=auto: no WebGPU device: the renderer runs WebGL2)',
  );
  assertFrameDrawn(await pixelStats(page));
  expect(errors).toEqual([]);
});
