/**
 * Words for the terrain units of `terrainUnit` (ADR-0007) as a person would say them on a body:
 * the Moon's low plains are maria, its old ground highlands. What the field knows at a point is
 * this unit, from the elevation alone; it does not know named geological units.
 */
import type { Body } from '../body/Body';
import { TERRAIN_HIGHLAND, TERRAIN_ICE, TERRAIN_PLAIN, TERRAIN_VOLCANIC } from '../cover/groundClass';

export function terrainUnitName(body: Body, unit: number): string {
  if (unit === TERRAIN_PLAIN) return body.id === 'luna' ? 'mare (low plain)' : 'low plain';
  if (unit === TERRAIN_HIGHLAND) return body.id === 'luna' ? 'highland' : 'highland (old cratered ground)';
  if (unit === TERRAIN_ICE) return 'ice';
  if (unit === TERRAIN_VOLCANIC) return 'volcanic plain';
  return `unit ${unit}`;
}
