/**
 * The observatory's link to the game at the same place: the game opens with the ship landed at
 * this body, latitude and longitude (`start=landed`; ADR-0001 puts the game one port below).
 */
export interface LinkPlace {
  body: string;
  lat: number;
  lon: number;
}

export function gameLink(base: string, p: LinkPlace): string {
  const q = new URLSearchParams({
    body: p.body,
    lat: String(Number(p.lat.toFixed(6))),
    lon: String(Number(p.lon.toFixed(6))),
    start: 'landed',
  });
  return `${base}?${q.toString()}`;
}
