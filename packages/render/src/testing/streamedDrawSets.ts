/**
 * Test kit: real draw sets from the real `Streamer` over a real `WorkerPool` of the streamer's
 * `inProcessWorkerFactory` (the worker's own method table, run on this thread: no threads, so a
 * test on two shared cores stays deterministic). Views are built with the streamer's own `lookAtView`.
 */
import { getBody, type Body } from '@landfall/universe';
import {
  inProcessWorkerFactory,
  lookAtView,
  Streamer,
  WorkerPool,
  type DrawPatch,
  type ViewState,
} from '@landfall/streamer';

/** A pool of `size` in-process workers: each job is the real patch generator, run on this thread. */
export function inProcessPool(size = 2): WorkerPool {
  return new WorkerPool(inProcessWorkerFactory(), size);
}

export interface StreamedBody {
  body: Body;
  streamer: Streamer;
}

/**
 * A streamer for `bodyId` over an in-process pool (cellPixels and the depth cap keep it small);
 * `ssePixels` > 0 turns the error-driven split on (ADR-0008).
 */
export function streamedBody(
  bodyId: string,
  cellPixels: number,
  maxLevel: number,
  ssePixels = 0,
): StreamedBody {
  const body = getBody(bodyId);
  return { body, streamer: new Streamer({ body, pool: inProcessPool(), cellPixels, maxLevel, ssePixels }) };
}

/** The view from `alt` m above the surface along unit `up`, looking along `look` (body-fixed). */
export function viewFrom(
  body: Body,
  up: readonly number[],
  alt: number,
  look: readonly number[],
  width = 320,
  height = 180,
): ViewState {
  const r = body.radius + alt;
  const eye = up.map((v) => v * r);
  return lookAtView({
    eye,
    target: eye.map((v, i) => v + look[i]),
    up: [...up],
    fovY: 1,
    width,
    height,
  });
}

/** Updates until the fixed point (or `maxSteps`), letting the pool's jobs complete between updates. */
export async function streamToFixedPoint(s: Streamer, view: ViewState, maxSteps = 2000): Promise<boolean> {
  for (let i = 0; i < maxSteps; i++) {
    s.update(view);
    if (s.fixedPoint) return true;
    await new Promise((r) => setTimeout(r, 0));
  }
  return false;
}

/** One update, then lets the pool's jobs run once (a frame of a moving flight). */
export async function streamStep(s: Streamer, view: ViewState): Promise<readonly DrawPatch[]> {
  s.update(view);
  await new Promise((r) => setTimeout(r, 0));
  return s.drawSet();
}
