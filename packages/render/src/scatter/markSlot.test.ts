// markSlot (ScatterRocks): a moved seat uploads its own matrix, not the instance buffer. Three
// uploads an attribute's update ranges at the next render and then clears them; the test plays
// that part with clearUpdateRanges.
import { describe, expect, it } from 'vitest';
import { InstancedBufferAttribute } from 'three/webgpu';
import { markSlot } from './ScatterRocks';

describe('markSlot', () => {
  it('keeps one range, the union of the slots marked since the last upload', () => {
    const attr = new InstancedBufferAttribute(new Float32Array(16 * 100), 16);
    const v0 = attr.version;
    markSlot(attr, 7);
    markSlot(attr, 3);
    markSlot(attr, 5);
    expect(attr.updateRanges).toEqual([{ start: 3 * 16, count: 5 * 16 }]);
    expect(attr.version).toBeGreaterThan(v0);
    attr.clearUpdateRanges(); // three uploaded them
    markSlot(attr, 42);
    expect(attr.updateRanges).toEqual([{ start: 42 * 16, count: 16 }]);
  });
});
