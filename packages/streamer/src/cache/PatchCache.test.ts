import { describe, expect, it } from 'vitest';
import type { PatchPayload } from '../patch/PatchFormat';
import { NodeKey } from '../quadtree/NodeKey';
import { PATCH_PAYLOAD_BYTES, PatchCache, payloadBytes } from './PatchCache';
import { generateHeightfield } from '../patch/generateHeightfield';

const fake = (n: number) =>
  ({
    vertices: new ArrayBuffer(n),
    anchor: new Float64Array(3),
    edgeBounds: new Float64Array(16),
  }) as PatchPayload;
const key = (i: number) => new NodeKey(0, 4, i, 0);

describe('PatchCache', () => {
  it('PATCH_PAYLOAD_BYTES is what payloadBytes counts for a generated patch (the ring budgets by it)', () => {
    // Two levels, two bodies: the size does not depend on the node.
    for (const req of [
      { body: 'luna', face: 2, level: 3, x: 5, y: 1 },
      { body: 'mars', face: 5, level: 9, x: 300, y: 17, filterM: 100 },
    ]) {
      expect(payloadBytes(generateHeightfield(req))).toBe(PATCH_PAYLOAD_BYTES);
    }
  });

  it('counts bytes and evicts least recently used unprotected entries until within limits', () => {
    const c = new PatchCache('w', 6, 10 * payloadBytes(fake(1000)));
    for (let i = 0; i < 10; i++) c.add(key(i), fake(1000));
    expect(c.size).toBe(10);
    expect(c.bytesResident).toBe(10 * (1000 + 24 + 128));
    // Last use: entry i was used at stamp 10 − i (so entry 9 is the oldest); 2 and 3 protected.
    const used = (p: number) => 10 - NodeKey.fromPacked(p).x;
    const out = c.evict((p) => [2, 3].includes(NodeKey.fromPacked(p).x), used);
    expect(out.map((e) => e.key.x)).toEqual([9, 8, 7, 6]);
    expect(c.size).toBe(6);
    expect(c.overBudget).toBe(false);
  });

  it('never evicts protected entries, even over budget', () => {
    const c = new PatchCache('w', 6, 1e9);
    for (let i = 0; i < 8; i++) c.add(key(i), fake(10));
    expect(
      c.evict(
        () => true,
        () => 0,
      ),
    ).toEqual([]);
    expect(c.overBudget).toBe(true);
  });

  it('rejects bad limits', () => {
    expect(() => new PatchCache('w', 2)).toThrow(/maxPatches/);
    expect(() => new PatchCache('w', 10, 0)).toThrow(/byteBudget/);
  });
});
