// Soak (issue 11): a seeded 20-simulated-second flight over Miranda with the real generator (in
// this thread) and a 48-patch cache, long enough to evict the cache several times over. Resident
// bytes stay under the cap; no evicted payload stays reachable; process external memory, net of
// the resident payloads, stays flat. The 10-minute, several-body version is `npm run bench -- soak`.
import { describe, expect, it } from 'vitest';
import { ARRIVALS_PER_UPDATE, MAX_IN_FLIGHT_PER_WORKER, type PatchPayload } from '@landfall/streamer';
import { fly, forceGc, inProcessFactory, type MemorySample } from './flight';

/** Bytes of one resident patch (ADR-0010: vertices + anchor + edge bounds). */
const PATCH_BYTES = 101552;
const MAX_PATCHES = 48;
const WORKERS = 2;

describe('soak', () => {
  it('a long flight keeps memory flat and drops every evicted payload', async () => {
    const samples: MemorySample[] = [];
    const evicted: WeakRef<PatchPayload>[] = [];
    let evictedBytes = 0;
    const streamer = await fly(
      {
        body: 'miranda',
        seconds: 20,
        dt: 0.1,
        speed: 300,
        height: 300,
        seed: 7,
        maxPatches: MAX_PATCHES,
        byteBudget: MAX_PATCHES * PATCH_BYTES,
        maxLevel: 12,
        workers: WORKERS,
        factory: inProcessFactory(),
        sampleEvery: 2,
        onStreamer: (s) =>
          s.onEvicted((p) => {
            evicted.push(new WeakRef(p));
            evictedBytes += p.vertices.byteLength;
          }),
      },
      (m) => samples.push(m),
    );
    const c = streamer.counters();
    streamer.dispose();
    // Teeth: the flight evicted the cache several times over.
    expect(c.evicted).toBeGreaterThan(5 * MAX_PATCHES);
    expect(evictedBytes).toBeGreaterThan(5 * MAX_PATCHES * PATCH_BYTES * 0.99);
    for (const m of samples) {
      expect(m.bytesResident).toBeLessThanOrEqual(MAX_PATCHES * PATCH_BYTES);
      expect(m.resident).toBeLessThanOrEqual(MAX_PATCHES);
    }
    // Nothing may hold an evicted payload (the streamer's tables, horizon cache, draw slots): after
    // a collection none of them is alive. dispose() announced the last resident set as evicted too.
    await forceGc();
    const alive = evicted.filter((w) => w.deref() !== undefined).length;
    expect(alive, `${alive} of ${evicted.length} evicted payloads still reachable`).toBe(0);
    // External memory net of the resident payloads, from the first sample with a full cache to the
    // end. Tolerance: the payloads that may legitimately exist outside the cache at a sample — the
    // pool's jobs in flight (workers × MAX_IN_FLIGHT_PER_WORKER) plus one update's arrivals
    // (ARRIVALS_PER_UPDATE) — 20 patches, 2.0 MB. The leak of issue 11 kept about half of the
    // evicted payloads: here that would be > 10 MB.
    const warm = samples.findIndex((m) => m.resident === MAX_PATCHES);
    expect(warm).toBeGreaterThanOrEqual(0);
    const net = (m: MemorySample) => m.external - m.bytesResident;
    const slack = (WORKERS * MAX_IN_FLIGHT_PER_WORKER + ARRIVALS_PER_UPDATE) * PATCH_BYTES;
    for (const m of samples.slice(warm)) expect(net(m) - net(samples[warm])).toBeLessThanOrEqual(slack);
  }, 240000);
});
