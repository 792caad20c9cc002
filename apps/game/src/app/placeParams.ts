/**
 * The game's place parameters: `?place=<id>` names a registry place (`NAMED_PLACES`, ADR-0018):
 * its body and site, and a landed start unless `start` is given; `?lat=<deg>&lon=<deg>` name a
 * site directly (with `start=descent|landed`; orbit ignores them) and win over the place's site.
 * Both or neither of lat and lon: a lone or bad value is a message and the default site is used.
 * An unknown place is a message naming some known ids; nothing else in the URL is lost. A named
 * place wins over the body's save.
 */
import { findPlace, NAMED_PLACES, type NamedPlace } from '@landfall/universe';
import type { Site } from '../sim/startStates';
import { shownInput } from './shownInput';

export interface PlaceParams {
  site: Site | null;
  /** The named place, when `place` names one. */
  place: NamedPlace | null;
  errors: string[];
}

const EXAMPLES = ['apollo-11', 'tycho', 'olympus-mons', 'valles-marineris'];

function placeParam(q: URLSearchParams, errors: string[]): NamedPlace | null {
  const id = q.get('place');
  if (id === null) return null;
  const p = findPlace(id.trim().toLowerCase());
  if (!p) {
    const some = NAMED_PLACES.filter((r) => EXAMPLES.includes(r.id)).map((r) => r.id);
    errors.push(
      `?place="${shownInput(id)}" is not a named place (e.g. ${some.join(', ')}; the place picker lists them all); using the other parameters`,
    );
  }
  return p;
}

export function parsePlaceParams(search: string): PlaceParams {
  const q = new URLSearchParams(search);
  const errors: string[] = [];
  const place = placeParam(q, errors);
  const placeSite = place ? { latDeg: place.latDeg, lonDeg: place.lonDeg } : null;
  const lat = q.get('lat');
  const lon = q.get('lon');
  if (lat === null && lon === null) return { site: placeSite, place, errors };
  const num = (raw: string | null, lo: number, hi: number) => {
    const v = raw === null || raw.trim() === '' ? Number.NaN : Number(raw);
    return Number.isFinite(v) && v >= lo && v <= hi ? v : null;
  };
  const la = num(lat, -90, 90);
  const lo = num(lon, -180, 360);
  if (la === null || lo === null) {
    errors.push(
      `?lat="${lat ?? ''}"&lon="${lon ?? ''}" must both be given, lat in [−90, 90] and lon in [−180, 360]; using ${place ? `${place.name}'s site` : 'the default site'}`,
    );
    return { site: placeSite, place, errors };
  }
  return { site: { latDeg: la, lonDeg: lo }, place, errors };
}
