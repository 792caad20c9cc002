/**
 * What the HUD says about the ground under the eye, in a person's words: latitude and longitude,
 * elevation above the datum, the terrain unit the field assigns there (`terrainUnit`: the young
 * unit where it lies) and the nearest named place on the body, if the registry has any.
 */
import {
  NAMED_PLACES,
  groundElevation,
  terrainUnit,
  terrainUnitName,
  type Body,
  type NamedPlace,
} from '@landfall/universe';

const DEG = Math.PI / 180;

export interface GroundInfo {
  /** Canonical ground elevation above the datum, m. */
  elevationM: number;
  unit: string;
  nearest: { place: NamedPlace; distanceM: number } | null;
}

/** `8.1234° N  23.4567° E` (east longitude folded into −180 … 180). */
export function formatLatLon(latDeg: number, lonDeg: number, digits = 4): string {
  const lon = ((((lonDeg + 180) % 360) + 360) % 360) - 180;
  const ns = `${Math.abs(latDeg).toFixed(digits)}° ${latDeg < 0 ? 'S' : 'N'}`;
  const ew = `${Math.abs(lon).toFixed(digits)}° ${lon < 0 ? 'W' : 'E'}`;
  return `${ns}  ${ew}`;
}

/** A distance in m or km, three significant figures at most. */
export function formatDistance(m: number): string {
  if (!Number.isFinite(m)) return '—';
  if (Math.abs(m) >= 10000) return `${(m / 1000).toFixed(0)} km`;
  if (Math.abs(m) >= 1000) return `${(m / 1000).toFixed(1)} km`;
  return `${m.toFixed(m < 10 ? 1 : 0)} m`;
}

function direction(latDeg: number, lonDeg: number): [number, number, number] {
  const la = latDeg * DEG;
  const lo = lonDeg * DEG;
  return [Math.cos(la) * Math.cos(lo), Math.cos(la) * Math.sin(lo), Math.sin(la)];
}

/**
 * The named place on `body` nearest to (lat, lon), with its great-circle distance on the datum
 * sphere. The angle comes from the chord (sum of squared component differences), which keeps
 * metre precision between nearby directions where 1 − cos θ would not.
 */
export function nearestPlace(
  body: Body,
  latDeg: number,
  lonDeg: number,
  places: readonly NamedPlace[] = NAMED_PLACES,
): GroundInfo['nearest'] {
  const a = direction(latDeg, lonDeg);
  let best: NamedPlace | null = null;
  let bestChord2 = Infinity;
  for (const p of places) {
    if (p.body !== body.id) continue;
    const b = direction(p.latDeg, p.lonDeg);
    const c2 = (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2;
    if (c2 < bestChord2) {
      bestChord2 = c2;
      best = p;
    }
  }
  if (!best) return null;
  return { place: best, distanceM: 2 * Math.asin(Math.min(1, Math.sqrt(bestChord2) / 2)) * body.radius };
}

export function groundInfo(
  body: Body,
  latDeg: number,
  lonDeg: number,
  places: readonly NamedPlace[] = NAMED_PLACES,
): GroundInfo {
  const [x, y, z] = direction(latDeg, lonDeg);
  const elevationM = groundElevation(body, { x, y, z });
  return {
    elevationM,
    unit: terrainUnitName(body, terrainUnit(body, elevationM, x, y, z)),
    nearest: nearestPlace(body, latDeg, lonDeg, places),
  };
}
