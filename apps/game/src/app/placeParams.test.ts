import { describe, expect, it } from 'vitest';
import { parsePlaceParams } from './placeParams';

describe('parsePlaceParams', () => {
  it('reads a site, or nothing when absent', () => {
    expect(parsePlaceParams('?lat=-4.5&lon=137.4')).toEqual({
      site: { latDeg: -4.5, lonDeg: 137.4 },
      errors: [],
    });
    expect(parsePlaceParams('?body=mars')).toEqual({ site: null, errors: [] });
  });

  it('a lone or bad value is a message naming both, and no site', () => {
    for (const q of ['?lat=4', '?lat=91&lon=3', '?lat=x&lon=3', '?lat=&lon=3']) {
      const r = parsePlaceParams(q);
      expect(r.site).toBeNull();
      expect(r.errors).toHaveLength(1);
      expect(r.errors[0]).toContain('lat=');
    }
  });
});
