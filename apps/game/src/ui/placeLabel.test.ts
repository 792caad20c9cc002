// The HUD's nearest named place: the right row by great-circle distance (truth: the haversine
// formula, computed here), none on a body without places.
import { describe, expect, it } from 'vitest';
import { getBody } from '@landfall/universe';
import { nearestPlaceLabel, placeLine } from './placeLabel';

const haversine = (a: [number, number], b: [number, number], r: number): number => {
  const d = Math.PI / 180;
  const s =
    Math.sin(((b[0] - a[0]) * d) / 2) ** 2 +
    Math.cos(a[0] * d) * Math.cos(b[0] * d) * Math.sin(((b[1] - a[1]) * d) / 2) ** 2;
  return 2 * r * Math.asin(Math.sqrt(s));
};

describe('nearest place label', () => {
  it('names Apollo 11 next to Tranquility Base, with its distance', () => {
    const luna = getBody('luna');
    const l = nearestPlaceLabel(luna, 0.68, 23.47)!;
    expect(l.place.id).toBe('apollo-11');
    // 1e-6 relative: the chord and haversine routes agree to rounding at 200 m.
    expect(l.distanceM).toBeCloseTo(haversine([0.68, 23.47], [0.67416, 23.47314], luna.radius), 3);
    expect(placeLine(l)).toMatch(/^NEAR {2}Apollo 11 .* \d+ m$/);
  });

  it('is none on a body without named places', () => {
    expect(nearestPlaceLabel(getBody('pluto'), 0, 0)).toBeNull();
    expect(placeLine(null)).toBe('NEAR  —');
  });
});
