/**
 * The HUD's place line: the named place (ADR-0018 registry) nearest to a latitude and longitude on
 * a body, with its great-circle distance, or null on a body without named places. The angle comes
 * from the chord (sum of squared component differences), which keeps metre precision nearby.
 */
import { NAMED_PLACES, type Body, type NamedPlace } from '@landfall/universe';

const DEG = Math.PI / 180;

export interface PlaceLabel {
  place: NamedPlace;
  distanceM: number;
}

export function nearestPlaceLabel(
  body: Body,
  latDeg: number,
  lonDeg: number,
  places: readonly NamedPlace[] = NAMED_PLACES,
): PlaceLabel | null {
  const ax = Math.cos(latDeg * DEG) * Math.cos(lonDeg * DEG);
  const ay = Math.cos(latDeg * DEG) * Math.sin(lonDeg * DEG);
  const az = Math.sin(latDeg * DEG);
  let best: NamedPlace | null = null;
  let bestC2 = Infinity;
  for (const p of places) {
    if (p.body !== body.id) continue;
    const dx = Math.cos(p.latDeg * DEG) * Math.cos(p.lonDeg * DEG) - ax;
    const dy = Math.cos(p.latDeg * DEG) * Math.sin(p.lonDeg * DEG) - ay;
    const dz = Math.sin(p.latDeg * DEG) - az;
    const c2 = dx * dx + dy * dy + dz * dz;
    if (c2 < bestC2) {
      bestC2 = c2;
      best = p;
    }
  }
  if (!best) return null;
  return { place: best, distanceM: 2 * Math.asin(Math.min(1, Math.sqrt(bestC2) / 2)) * body.radius };
}

/** `NEAR  Apollo 11 (Tranquility Base)  0.4 km`, or `NEAR  —`. */
export function placeLine(label: PlaceLabel | null): string {
  if (!label) return 'NEAR  —';
  const d = label.distanceM;
  const txt =
    d >= 10000
      ? `${(d / 1000).toFixed(0)} km`
      : d >= 1000
        ? `${(d / 1000).toFixed(1)} km`
        : `${d.toFixed(0)} m`;
  return `NEAR  ${label.place.name}  ${txt}`;
}
