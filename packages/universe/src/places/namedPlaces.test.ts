// The registry is well-formed data: unique URL-safe ids, positions in range, a source per row,
// every body a zoo body, and the features issue 15 names are present with their IAU facts.
import { describe, expect, it } from 'vitest';
import { BODIES } from '../body/getBody';
import { findPlace, NAMED_PLACES, placesOn } from './namedPlaces';

describe('named places registry', () => {
  it('has unique URL-safe ids, positions in range and a source on every row', () => {
    expect(NAMED_PLACES.length).toBeGreaterThan(50);
    const bodies = new Set(BODIES.map((b) => b.id));
    const ids = new Set<string>();
    for (const p of NAMED_PLACES) {
      expect(p.id, p.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(ids.has(p.id), `duplicate ${p.id}`).toBe(false);
      ids.add(p.id);
      expect(bodies.has(p.body), `${p.id} body ${p.body}`).toBe(true);
      expect(Math.abs(p.latDeg), p.id).toBeLessThanOrEqual(90);
      expect(p.lonDeg >= -180 && p.lonDeg <= 360, p.id).toBe(true);
      expect(p.source.length, p.id).toBeGreaterThan(5);
      if (p.kind !== 'landing-site') expect(p.sizeM, p.id).toBeGreaterThan(0);
      expect(Object.isFrozen(p)).toBe(true);
    }
  });

  it('names what the issue asks for', () => {
    const want = [
      ...['mare-imbrium', 'mare-serenitatis', 'mare-tranquillitatis', 'mare-crisium', 'mare-orientale'],
      ...['oceanus-procellarum', 'tycho', 'copernicus', 'clavius', 'olympus-mons', 'arsia-mons'],
      ...['pavonis-mons', 'ascraeus-mons', 'valles-marineris', 'hellas', 'argyre', 'caloris', 'rembrandt'],
      ...['apollo-11', 'apollo-12', 'apollo-14', 'apollo-15', 'apollo-16', 'apollo-17', 'luna-9'],
      ...['change-3', 'change-4', 'change-5', 'viking-1', 'viking-2', 'pathfinder', 'spirit'],
      ...['opportunity', 'curiosity', 'perseverance'],
    ];
    for (const id of want) expect(findPlace(id), id).not.toBeNull();
    expect(findPlace('no-such-place')).toBeNull();
    // IAU Gazetteer: Tycho 43.31° S 11.36° W, 85 km.
    expect(findPlace('tycho')).toMatchObject({ body: 'luna', latDeg: -43.31, lonDeg: -11.36, sizeM: 85000 });
    expect(placesOn('mars').every((p) => p.body === 'mars')).toBe(true);
  });
});
