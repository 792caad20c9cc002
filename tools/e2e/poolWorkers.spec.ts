// The pool on real Chromium module workers (ADR-0010), against the built worker bundle
// (tools/bench/workers-page under `vite preview`): a worker terminated from outside mid-job is
// replaced and the job completes, and patch bytes equal generateHeightfield run in this Node
// process (no worker, no comlink, no transfer in that path) — every field but the timings.
import { expect, test, type Page } from '@playwright/test';
import { generateHeightfield, MAX_JOB_ATTEMPTS, type PatchRequest } from '@landfall/streamer';
import { serveWorkersPage, type ServedPage } from '../bench/workersPage';
import { CROSS_ENGINE_PATCHES, firstDifference, patchWire } from '../determinism/patchWire';
import { collectErrors } from '@landfall/testkit';
import type { KillEveryAttemptResult, KillMidJobResult } from '../bench/workers-page/main';

// Two above the apps' preview ports (LANDFALL_PREVIEW_PORT and +1, playwright.config.ts).
const port = (Number(process.env.LANDFALL_PREVIEW_PORT) || 4173) + 2;
let served: ServedPage;

test.beforeAll(async () => {
  served = await serveWorkersPage(port, 'built');
});
test.afterAll(async () => {
  await served?.close();
});

async function openPage(page: Page) {
  await page.goto(served.url);
  await page.waitForFunction(() => window.__poolPage !== undefined);
}

test('a module worker terminated from outside mid-job: the job completes on a replacement', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await openPage(page);
  const warm: PatchRequest = { body: 'mars', face: 4, level: 6, x: 20, y: 33 };
  // Level 0 takes ~0.3 s in a worker here: a kill 50 ms after submitting lands mid-generation.
  const req: PatchRequest = { body: 'luna', face: 1, level: 0, x: 0, y: 0 };
  const res = (await page.evaluate(
    ([w, r]) => (window.__poolPage as NonNullable<Window['__poolPage']>).killMidJob(w, [r], 50, 1),
    [warm, req] as const,
  )) as KillMidJobResult;
  expect(res.inFlightAtKill).toBe(true);
  expect(firstDifference(res.wires[0], patchWire(generateHeightfield(req)))).toBeNull();
  expect(res.workersStarted).toBe(2);
  // Found by the worker's life lock, not by the deadline (30 s, longer than this whole test's wait).
  expect(res.stats).toMatchObject({ restarts: 1, retries: 1, deadlinesMissed: 0, thrown: 0 });
  expect(res.stats.restarts).toBeLessThan(MAX_JOB_ATTEMPTS);
  expect(errors).toEqual([]);
});

test('depth 2: a module worker terminated holding two jobs: both complete on a replacement, same bytes', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await openPage(page);
  const warm: PatchRequest = { body: 'mars', face: 4, level: 6, x: 20, y: 33 };
  // Both handed to the one worker at once (WORKER_QUEUE_DEPTH 2 in the apps): the first running,
  // the second waiting in the worker; a kill 50 ms in lands while neither has answered.
  const reqs: PatchRequest[] = [
    { body: 'luna', face: 1, level: 0, x: 0, y: 0 },
    { body: 'luna', face: 2, level: 0, x: 0, y: 0 },
  ];
  const res = (await page.evaluate(
    ([w, r]) => (window.__poolPage as NonNullable<Window['__poolPage']>).killMidJob(w, r, 50, 2),
    [warm, reqs] as const,
  )) as KillMidJobResult;
  expect(res.inFlightAtKill).toBe(true);
  reqs.forEach((r, i) => expect(firstDifference(res.wires[i], patchWire(generateHeightfield(r)))).toBeNull());
  expect(res.workersStarted).toBe(2);
  // Both re-sent to the replacement; only the running one is charged an attempt (ADR-0010), so a
  // second death could not give up the waiting one early.
  expect(res.stats).toMatchObject({ restarts: 1, retries: 2, deadlinesMissed: 0, thrown: 0 });
  expect(errors).toEqual([]);
});

test('a module worker killed on every attempt: the job rejects after the limit, the pool serves on', async ({
  page,
}) => {
  await openPage(page);
  const doomed: PatchRequest = { body: 'luna', face: 1, level: 0, x: 0, y: 0 };
  const next: PatchRequest = { body: 'miranda', face: 3, level: 7, x: 40, y: 90 };
  const res = (await page.evaluate(
    ([d, n]) => (window.__poolPage as NonNullable<Window['__poolPage']>).killEveryAttempt(d, n, 20),
    [doomed, next] as const,
  )) as KillEveryAttemptResult;
  expect(res.error).toMatch(/^WorkerLostError: .*lost on 3 attempts: worker ended/);
  expect(res.statsAfterFailure).toMatchObject({
    restarts: MAX_JOB_ATTEMPTS,
    retries: MAX_JOB_ATTEMPTS - 1,
    deadlinesMissed: 0,
  });
  expect(firstDifference(res.wire, patchWire(generateHeightfield(next)))).toBeNull();
  expect(res.workersStarted).toBe(MAX_JOB_ATTEMPTS + 1);
  expect(res.stats.restarts).toBe(MAX_JOB_ATTEMPTS);
});

test('patch bytes: Chromium module workers = in-process Node', async ({ page }) => {
  const errors = collectErrors(page);
  await openPage(page);
  const wires = await page.evaluate(
    (reqs) => (window.__poolPage as NonNullable<Window['__poolPage']>).generate(reqs, 2),
    [...CROSS_ENGINE_PATCHES],
  );
  expect(wires.length).toBe(CROSS_ENGINE_PATCHES.length);
  for (let i = 0; i < wires.length; i++) {
    const truth = patchWire(generateHeightfield(CROSS_ENGINE_PATCHES[i]));
    expect(Object.keys(wires[i]).length, 'fields compared').toBe(Object.keys(truth).length);
    expect(firstDifference(wires[i], truth), JSON.stringify(CROSS_ENGINE_PATCHES[i])).toBeNull();
  }
  expect(errors).toEqual([]);
});
