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

  it('names the unit the field assigns from the elevation (mare below the plain depth)', () => {
    // Independent truth: the unit rule of ADR-0007 applied to the elevation the info reports.
    for (const [lat, lon] of [
      [0, 0],
      [20, 40],
      [-30, 200],
      [60, 90],
    ]) {
      const g = groundInfo(luna, lat, lon, []);
      const mare = g.elevationM < -PLAIN_UNIT_DEPTH * luna.grammar.maxReliefM;
      expect(g.unit).toBe(mare ? 'mare (low plain)' : 'highland');
    }
  });
});
