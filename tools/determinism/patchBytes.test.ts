// Patch bytes across engines (ADR-0010): a Node worker_threads worker returns, for a handful of
// patches over several bodies and levels, exactly the bytes generateHeightfield computes on this
// thread (no worker, no comlink, no transfer in that path). The Chromium module worker is compared
// against the same truth in tools/e2e/poolWorkers.spec.ts.
import { describe, expect, it } from 'vitest';
import { generateHeightfield } from '@landfall/streamer';
import { createNodePool } from '@landfall/streamer/node';
import { CROSS_ENGINE_PATCHES, firstDifference, patchWire } from './patchWire';

describe('patch bytes: in-process Node = Node worker', () => {
  it('every field but the timings is byte-identical', async () => {
    const pool = createNodePool(2);
    try {
      const got = await Promise.all(CROSS_ENGINE_PATCHES.map((r) => pool.generate(r)));
      for (let i = 0; i < got.length; i++) {
        const truth = patchWire(generateHeightfield(CROSS_ENGINE_PATCHES[i]));
        const wire = patchWire(got[i]);
        expect(Object.keys(wire).length, 'fields compared').toBe(Object.keys(truth).length);
        expect(wire.vertices.length, 'vertex hex').toBe('bytes:'.length + 2 * 101400);
        expect(firstDifference(wire, truth), JSON.stringify(CROSS_ENGINE_PATCHES[i])).toBeNull();
      }
    } finally {
      pool.dispose();
    }
  }, 120_000);

  it('sees a single flipped bit, and a missing field', () => {
    const p = generateHeightfield(CROSS_ENGINE_PATCHES[4]);
    const truth = patchWire(p);
    new Uint8Array(p.vertices)[50000] ^= 1; // its low bit: hex character 6 + 2 × 50000 + 1
    expect(firstDifference(patchWire(p), truth)).toMatch(/^vertices differs at character 100007/);
    const q = generateHeightfield(CROSS_ENGINE_PATCHES[4]);
    q.edgeBounds[15] = -q.edgeBounds[15];
    expect(firstDifference(patchWire(q), truth)).toMatch(/^edgeBounds differs/);
    const r: Record<string, unknown> = { ...generateHeightfield(CROSS_ENGINE_PATCHES[4]) };
    delete r.morphScale;
    expect(firstDifference(patchWire(r as never), truth)).toMatch(/^morphScale differs/);
  });
});
