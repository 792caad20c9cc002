/**
 * The registry's row type (ADR-0018): one named feature of a zoo body with its IAU position, size,
 * class and source. The field builds the classes that have relief (mare, basin, crater, mons,
 * vallis); a landing site is a point the field does not change.
 */

export type PlaceKind =
  'basin' | 'mare' | 'crater' | 'mons' | 'vallis' | 'rupes' | 'planitia' | 'landing-site';

/** A path vertex: [latDeg, lonDeg] or, on a vallis, [latDeg, lonDeg, widthKm, depthKm]. */
export type PathVertex = readonly [number, number] | readonly [number, number, number, number];

export interface NamedPlace {
  /** Lower-case id used in URLs, e.g. "apollo-11". */
  id: string;
  name: string;
  /** Body id, as in `getBody`. */
  body: string;
  /** Planetocentric latitude, degrees. */
  latDeg: number;
  /** East longitude, −180 … 360. */
  lonDeg: number;
  /** Feature diameter (or length), m; 0 for a point such as a landing site. */
  sizeM: number;
  kind: PlaceKind;
  /**
   * The relief the field builds, m: the floor level above the datum of a mare, basin or planitia
   * (negative below); the summit above the datum of a mons; the rim-to-floor depth of a crater;
   * the depth below its surroundings of a vallis; the height of a rupes' face (lobate scarp).
   * Absent on a landing site.
   */
  reliefM?: number;
  /** A vallis' or rupes' width, m (a vallis: its published width, the widest of its vertices). */
  widthM?: number;
  /**
   * A rupes' axis: its two ends as [latDeg, lonDeg] (a great-circle arc between them). A vallis'
   * axis: two or more vertices [latDeg, lonDeg, widthKm, depthKm] joined by great-circle arcs; the
   * width and depth blend between vertices with zero slope at each (C¹ across the joints).
   */
  path?: readonly PathVertex[];
  /** A vallis' further troughs (a network such as Noctis Labyrinthus), vertices as in `path`. */
  branches?: readonly (readonly PathVertex[])[];
  /**
   * A mons' summit calderas, each [latDeg, lonDeg, diameter m, depth m]: flat-floored pits with
   * steep walls, cut into the shield (nested pits add their depths). Absent: one generic pit.
   */
  calderas?: readonly (readonly [number, number, number, number])[];
  /** A mons' basal escarpment height, m (Olympus Mons' cliffs); absent or 0: none. */
  escarpmentM?: number;
  /** Where the position and size come from. */
  source: string;
}
