/**
 * Named places: the registry both apps' place pickers and HUDs read. Plain data, one row per
 * feature: the body, the IAU position (planetocentric latitude, east longitude, degrees), the
 * size, the kind and the source. Empty until the registry of real features is filled (issue 15);
 * the apps need no change to show rows added here.
 */

export type PlaceKind = 'basin' | 'mare' | 'crater' | 'mons' | 'vallis' | 'planitia' | 'landing-site';

export interface NamedPlace {
  /** Lower-case id used in URLs, e.g. "apollo-11". */
  id: string;
  name: string;
  /** Body id, as in `getBody`. */
  body: string;
  latDeg: number;
  /** East longitude, −180 … 360. */
  lonDeg: number;
  /** Feature diameter (or length), m; 0 for a point such as a landing site. */
  sizeM: number;
  kind: PlaceKind;
  /** Where the position and size come from. */
  source: string;
}

export const NAMED_PLACES: readonly NamedPlace[] = Object.freeze([]);

/** The named places on one body, in registry order. */
export function placesOn(bodyId: string, places: readonly NamedPlace[] = NAMED_PLACES): NamedPlace[] {
  return places.filter((p) => p.body === bodyId);
}
