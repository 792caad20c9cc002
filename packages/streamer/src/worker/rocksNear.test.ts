// The rock query off the main thread (ADR-0013): the worker pool's answer, over real Node
// worker_threads, is bit for bit the calling thread's `rocksNearPacked`; a query is cancellable;
// a malformed one rejects with its cause and the worker serves the next.
import { afterAll, describe, expect, it } from 'vitest';
import { drawnSurfaceRadius, getBody, ROCK_CLASSES } from '@landfall/universe';
import { createNodePool } from '../node';
import { CancelledError, JobError } from '../pool/WorkerPool';
import { ROCK_STRIDE, rocksNearPacked } from './rocksNear';

declare const console: { log(...args: unknown[]): void };

const pool = createNodePool(1);
afterAll(() => pool.dispose());

/** Luna, 2 m above the drawn ground at the look spec's plateau (55.96° N 19.04° E). */
function lunaEye(): number[] {
  const body = getBody('luna');
  const lat = (55.9598 * Math.PI) / 180;
  const lon = (19.0443 * Math.PI) / 180;
  const d = { x: Math.cos(lat) * Math.cos(lon), y: Math.cos(lat) * Math.sin(lon), z: Math.sin(lat) };
  const r = drawnSurfaceRadius(body, d) + 2;
  return [d.x * r, d.y * r, d.z * r];
}

/** Ranges per class, m: small classes near, large ones far (the renderer's tiers have this shape). */
const RANGES = Array.from({ length: ROCK_CLASSES }, (_, c) => 18 * 2 ** Math.floor(c / 2));

describe('rocksNear in the worker pool', () => {
  it('answers exactly what the calling thread computes', { timeout: 120_000 }, async () => {
    const eye = lunaEye();
    const t0 = performance.now();
    const here = rocksNearPacked(getBody('luna'), eye, RANGES);
    const ms = performance.now() - t0;
    const there = await pool.rocksNear('luna', eye, RANGES);
    expect(there).not.toBeNull();
    console.log(
      `[rocksNear] luna 2 m: ${here.length / ROCK_STRIDE} rocks, ${ms.toFixed(0)} ms on this thread`,
    );
    // Teeth: a real set of rocks, pebbles included.
    expect(here.length / ROCK_STRIDE).toBeGreaterThan(100);
    expect(there!.length).toBe(here.length);
    let differ = 0;
    for (let i = 0; i < here.length; i++) if (!Object.is(here[i], there![i])) differ++;
    expect(differ).toBe(0);
  });

  it('is cancelled by its signal, before or during the run', { timeout: 120_000 }, async () => {
    const eye = lunaEye();
    const before = new AbortController();
    before.abort('moved on');
    await expect(pool.rocksNear('luna', eye, RANGES, { signal: before.signal })).rejects.toBeInstanceOf(
      CancelledError,
    );
    const during = new AbortController();
    const p = pool.rocksNear('luna', eye, RANGES, { signal: during.signal });
    during.abort('moved on');
    await expect(p).rejects.toBeInstanceOf(CancelledError);
  });

  it(
    'rejects a malformed query with its cause; the worker serves the next',
    { timeout: 120_000 },
    async () => {
      await expect(pool.rocksNear('luna', lunaEye(), [1, 2, 3])).rejects.toBeInstanceOf(JobError);
      await expect(pool.rocksNear('luna', [0, 0, 0], RANGES)).rejects.toThrow(/eye must be/);
      const ok = await pool.rocksNear('luna', lunaEye(), RANGES);
      expect(ok!.length % ROCK_STRIDE).toBe(0);
      expect(ok!.length).toBeGreaterThan(0);
    },
  );
});
