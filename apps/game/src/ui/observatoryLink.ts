/**
 * The game's link to the observatory at the ship's place: same body, latitude and longitude, the
 * eye at the ship's height above the ground (2 m when landed) looking along its heading.
 */
export interface ShipPlace {
  body: string;
  latDeg: number;
  lonDeg: number;
  /** Height of the ship's base above the canonical ground, m. */
  altitudeM: number;
  headingDeg: number;
}

/** Lowest eye height the link asks for, m (a person standing). */
const STANDING_EYE_M = 2;

export function observatoryLink(base: string, p: ShipPlace): string {
  const q = new URLSearchParams({
    body: p.body,
    lat: String(Number(p.latDeg.toFixed(6))),
    lon: String(Number(p.lonDeg.toFixed(6))),
    h: String(Number(Math.max(STANDING_EYE_M, p.altitudeM).toFixed(1))),
    heading: String(Number(p.headingDeg.toFixed(1))),
  });
  return `${base}?${q.toString()}`;
}

/** Keeps `link` on the ship's place: refreshed four times a second and when about to be used. */
export function followShip(
  link: HTMLAnchorElement,
  base: string,
  place: () => ShipPlace,
): (now: number) => void {
  let at = '';
  let last = -Infinity;
  const refresh = () => {
    const href = observatoryLink(base, place());
    if (href !== at) link.href = at = href;
  };
  link.addEventListener('pointerdown', refresh);
  link.addEventListener('focus', refresh);
  return (now) => {
    if (now - last < 250) return;
    last = now;
    refresh();
  };
}
