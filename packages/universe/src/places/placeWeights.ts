/**
 * Public reads of the named places in the field (ADR-0018): the named-mare weight at a direction,
 * the signal terrain units use to call the ground mare, and a place's unit direction.
 */
import type { Body } from '../body/Body';
import { mareWeightAt } from '../field/placeStage';
import type { Vec3 } from '../math/vec3';
import { placeDirection } from './placeFeatures';
import type { NamedPlace } from './placeTypes';

/** Named-mare weight at unit direction `dir`: 0 off every registry mare, 1 inside, C¹ between. */
export function placeMareWeight(body: Body, dir: Readonly<Vec3>): number {
  return mareWeightAt(body, dir.x, dir.y, dir.z);
}

/** Unit direction of a named place (exact arithmetic: the same bits on every engine). */
export function namedPlaceDirection(place: Readonly<NamedPlace>, out: Vec3): Vec3 {
  placeDirection(place.latDeg, place.lonDeg, out);
  return out;
}
