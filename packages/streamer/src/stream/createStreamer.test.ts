// End-to-end over real Node worker_threads: a view of Miranda streams to the fixed point, refined
// down to the depth cap, every drawn patch is resident, and dispose announces every resident patch.
import { afterEach, describe, expect, it } from 'vitest';
import { getBody } from '@landfall/universe';
import { createNodePool } from '../node';
import { createStreamer } from './createStreamer';
import type { Streamer } from './Streamer';
import { lookAtView } from './lookAtView';

let streamer: Streamer | null = null;
afterEach(() => streamer?.dispose());

describe('createStreamer', () => {
  it('streams a Miranda view to the fixed point over real worker threads', async () => {
    const body = getBody('miranda');
    const r = body.radius + 2000;
    const eye = [r, 0, 0];
    const view = lookAtView({ eye, target: [r, 100, 20], up: [1, 0, 0], fovY: 1, width: 320, height: 180 });
    streamer = createStreamer({ body: 'miranda', pool: createNodePool(2), maxLevel: 4 });
    const resident = new Set<string>();
    streamer.on('resident', ({ payload: p }) => resident.add(p.address));
    streamer.on('evicted', ({ payload: p }) => resident.delete(p.address));
    const deadline = performance.now() + 100000;
    while (performance.now() < deadline && !streamer.fixedPoint) {
      streamer.update(view);
      await new Promise((res) => setTimeout(res, 1));
    }
    const c = streamer.counters();
    expect(streamer.fixedPoint).toBe(true);
    // The fixed point came from refining, not from never splitting: 2 km above the ground the
    // nearest patches want level 4 or finer, and the cap is 4.
    expect(Math.max(...streamer.drawSet().map((d) => d.payload.level))).toBe(4);
    expect(c.drawn).toBeGreaterThan(6);
    for (const d of streamer.drawSet()) expect(resident.has(d.payload.address)).toBe(true);
    streamer.dispose();
    expect(resident.size).toBe(0);
    streamer = null;
  }, 120000);

  it('rejects an unknown body and a bad view', () => {
    expect(() => createStreamer({ body: 'vulcan', pool: () => ({}) as never })).toThrow(/unknown body/);
  });
});
