import { describe, expect, it } from 'vitest';
import { PLAIN_UNIT_DEPTH, getBody, type NamedPlace } from '@landfall/universe';
import { formatLatLon, groundInfo, nearestPlace } from './groundInfo';

const luna = getBody('luna');
const place = (id: string, latDeg: number, lonDeg: number, body = 'luna'): NamedPlace => ({
  id,
  name: id,
  body,
  latDeg,
  lonDeg,
  sizeM: 0,
  kind: 'crater',
  source: 'test',
});

describe('groundInfo', () => {
  it('writes hemispheres and folds east longitude', () => {
    expect(formatLatLon(8.5, 31.4, 1)).toBe('8.5° N  31.4° E');
    expect(formatLatLon(-12.25, 350, 2)).toBe('12.25° S  10.00° W');
  });

  it('finds the nearest place on the same body, at its great-circle distance', () => {
    const places = [place('a', 0, 10), place('b', 0, 1), place('c', 0, 0.5, 'mars')];
    const n = nearestPlace(luna, 0, 0, places)!;
    expect(n.place.id).toBe('b');
    // One degree of arc on the datum sphere; the chord route is exact to far below a metre.
    expect(Math.abs(n.distanceM - (luna.radius * Math.PI) / 180)).toBeLessThan(1e-6 * luna.radius);
    expect(nearestPlace(luna, 0, 0, [])).toBeNull();
  });

  it("names the unit the field assigns: Luna's named maria, not its band lowlands", () => {
    // Independent truth: the registry's circle of Mare Tranquillitatis (IAU 8.35° N 30.83° E, 873 km)
    // holds 1° S 24° E (0.8 of its radius from the centre); 5° S 5° E and 0° 0° lie clear of every
    // named mare, on band lowlands below the old height rule's bound (−0.1 × relief), which called
    // them "mare (low plain)".
    expect(groundInfo(luna, -1, 24, []).unit).toBe('mare (low plain)');
    for (const [lat, lon] of [
      [-5, 5],
      [0, 0],
    ]) {
      const g = groundInfo(luna, lat, lon, []);
      expect(g.elevationM).toBeLessThan(-PLAIN_UNIT_DEPTH * luna.grammar.maxReliefM);
      expect(g.unit).toBe('highland');
    }
  });
});
