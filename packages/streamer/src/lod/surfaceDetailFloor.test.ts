import { describe, expect, it } from 'vitest';
import { getBody } from '@landfall/universe';
import { surfaceDetailFloor } from './surfaceDetailFloor';

describe('surfaceDetailFloor', { timeout: 60000 }, () => {
  it('is deterministic, deeper for a finer tolerance, and its cap satisfies its own rule', () => {
    const body = getBody('miranda');
    const a = surfaceDetailFloor(body, 0.05);
    const b = surfaceDetailFloor(body, 0.05);
    expect(a.maxLevel).toBe(b.maxLevel);
    expect(Object.is(a.detailFloorM, b.detailFloorM)).toBe(true);
    expect(a.deviation[a.maxLevel]).toBeLessThanOrEqual(0.05);
    expect(a.deviation[a.maxLevel + 1]).toBeLessThanOrEqual(0.05);
    if (a.maxLevel > 0)
      expect(a.deviation[a.maxLevel - 1] > 0.05 || a.deviation[a.maxLevel] > 0.05).toBe(true);
    const fine = surfaceDetailFloor(body, 0.001);
    expect(fine.maxLevel).toBeGreaterThan(a.maxLevel);
    expect(fine.detailFloorM).toBeLessThan(a.detailFloorM);
    expect(() => surfaceDetailFloor(body, 0)).toThrow(/tolerance/);
  });
});
