/**
 * The game's place parameters: `?lat=<deg>&lon=<deg>` name the site of the descent or landed
 * start (with `start=descent|landed`; orbit ignores them). Both or neither: a lone or bad value is
 * a message and the default site is used. A named place wins over the body's save.
 */
import type { Site } from '../sim/startStates';

export function parsePlaceParams(search: string): { site: Site | null; errors: string[] } {
  const q = new URLSearchParams(search);
  const lat = q.get('lat');
  const lon = q.get('lon');
  if (lat === null && lon === null) return { site: null, errors: [] };
  const num = (raw: string | null, lo: number, hi: number) => {
    const v = raw === null || raw.trim() === '' ? Number.NaN : Number(raw);
    return Number.isFinite(v) && v >= lo && v <= hi ? v : null;
  };
  const la = num(lat, -90, 90);
  const lo = num(lon, -180, 360);
  if (la === null || lo === null)
    return {
      site: null,
      errors: [
        `?lat="${lat ?? ''}"&lon="${lon ?? ''}" must both be given, lat in [−90, 90] and lon in [−180, 360]; using the default site`,
      ],
    };
  return { site: { latDeg: la, lonDeg: lo }, errors: [] };
}
