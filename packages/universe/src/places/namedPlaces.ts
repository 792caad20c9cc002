/**
 * Named places: the registry both apps' place pickers and HUDs read, and the field builds
 * (ADR-0018). Plain data, one row per feature: the body, the IAU position (planetocentric
 * latitude, east longitude, degrees), the size, the kind, the relief and the source. Rows are in
 * a fixed order per body (the field blends later lowlands over earlier ones); ids are unique.
 */
import { LUNA_PLACES } from './lunaPlaces';
import { MARS_PLACES } from './marsPlaces';
import { OTHER_PLACES } from './otherPlaces';
import type { NamedPlace } from './placeTypes';

export type { NamedPlace, PlaceKind } from './placeTypes';

function freezeAll(rows: readonly NamedPlace[]): readonly NamedPlace[] {
  const ids = new Set<string>();
  for (const r of rows) {
    if (ids.has(r.id)) throw new Error(`namedPlaces: duplicate id "${r.id}"`);
    ids.add(r.id);
    Object.freeze(r);
  }
  return Object.freeze([...rows]);
}

export const NAMED_PLACES: readonly NamedPlace[] = freezeAll([
  ...LUNA_PLACES,
  ...MARS_PLACES,
  ...OTHER_PLACES,
]);

/** The named places on one body, in registry order. */
export function placesOn(bodyId: string, places: readonly NamedPlace[] = NAMED_PLACES): NamedPlace[] {
  return places.filter((p) => p.body === bodyId);
}

/** The place with this id, or null. */
export function findPlace(id: string, places: readonly NamedPlace[] = NAMED_PLACES): NamedPlace | null {
  return places.find((p) => p.id === id) ?? null;
}
