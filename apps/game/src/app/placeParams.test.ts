import { describe, expect, it } from 'vitest';
import { parsePlaceParams } from './placeParams';

describe('parsePlaceParams', () => {
  it('reads a site, or nothing when absent', () => {
    expect(parsePlaceParams('?lat=-4.5&lon=137.4')).toEqual({
      site: { latDeg: -4.5, lonDeg: 137.4 },
      place: null,
      errors: [],
    });
    expect(parsePlaceParams('?body=mars')).toEqual({ site: null, place: null, errors: [] });
  });

  it('a lone or bad value is a message naming both, and no site', () => {
    for (const q of ['?lat=4', '?lat=91&lon=3', '?lat=x&lon=3', '?lat=&lon=3']) {
      const r = parsePlaceParams(q);
      expect(r.site).toBeNull();
      expect(r.errors).toHaveLength(1);
      expect(r.errors[0]).toContain('lat=');
    }
  });

  it('?place=<id> resolves to the registry row and its site; lat and lon win over it', () => {
    const r = parsePlaceParams('?place=apollo-11');
    expect(r.errors).toEqual([]);
    expect(r.place?.body).toBe('luna');
    // NSSDCA / LROC: Tranquility Base 0.67416° N 23.47314° E.
    expect(r.site).toEqual({ latDeg: 0.67416, lonDeg: 23.47314 });
    expect(parsePlaceParams('?place=Olympus-Mons').place?.body).toBe('mars');
    expect(parsePlaceParams('?place=tycho&lat=1&lon=2').site).toEqual({ latDeg: 1, lonDeg: 2 });
  });

  it('an unknown place is a message naming known ids, and loses the other parameters nothing', () => {
    const r = parsePlaceParams('?place=atlantis&lat=3&lon=4');
    expect(r.place).toBeNull();
    expect(r.site).toEqual({ latDeg: 3, lonDeg: 4 });
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatch(/"atlantis" is not a named place .*apollo-11/);
  });
});
