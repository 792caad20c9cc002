/**
 * Mars' classical albedo provinces (ADR-0018): the dark and bright regions seen from orbit, at
 * their IAU positions, with approximate extents and a Lambert albedo each. The cover's albedo tone
 * (cover/albedoTone.ts) blends them over a mid-tone background with soft, irregular edges.
 *
 * Positions: IAU albedo-feature and Gazetteer centres (planetocentric latitude, east longitude).
 * Extents (semi-axes east–west and north–south, km): read from the MGS TES albedo map
 * (Christensen et al. 2001, JGR 106, 23823, fig. 11) and the Viking MDIM 2.1 mosaic (USGS), to
 * ~100 km. Albedos: TES bolometric albedo, dark regions 0.10–0.15, bright dusty regions 0.26–0.30
 * (ibid.), rounded.
 */

export interface AlbedoProvince {
  id: string;
  name: string;
  latDeg: number;
  lonDeg: number;
  /** Semi-axes, km: along the local east and north. */
  eastKm: number;
  northKm: number;
  /** Lambert (bolometric) albedo inside the province. */
  albedo: number;
}

const p = (
  id: string,
  name: string,
  latDeg: number,
  lonDeg: number,
  eastKm: number,
  northKm: number,
  albedo: number,
): AlbedoProvince => ({ id, name, latDeg, lonDeg, eastKm, northKm, albedo });

/** Mean albedo of Mars' intermediate ground between the provinces (TES global mode ≈ 0.22). */
export const MARS_ALBEDO_BACKGROUND = 0.22;
/** Albedo of the darkest tone the cover encodes (TES: Syrtis Major ≈ 0.10). ADR-0018. */
export const MARS_ALBEDO_DARK = 0.1;
/** Albedo of the brightest tone the cover encodes (TES: Tharsis, Arabia ≈ 0.30). ADR-0018. */
export const MARS_ALBEDO_BRIGHT = 0.3;
/** Albedo of the chasmata floors (dark layered and dune deposits in Valles Marineris; TES ≈ 0.14). ADR-0018. */
export const MARS_CANYON_ALBEDO = 0.14;

/** Bright dusty regions first, dark ones after (a dark region over a bright one wins). */
export const MARS_ALBEDO_PROVINCES: readonly AlbedoProvince[] = [
  p('tharsis', 'Tharsis', 2, 250, 1900, 1500, 0.28),
  p('arabia-terra', 'Arabia Terra', 22.8, 5.1, 1500, 1000, 0.29),
  p('elysium', 'Elysium', 22, 147, 1000, 900, 0.27),
  p('amazonis', 'Amazonis Planitia', 24.8, 196, 1300, 1000, 0.28),
  p('hellas-floor', 'Hellas floor', -42.4, 70.5, 900, 850, 0.27),
  p('syrtis-major', 'Syrtis Major', 8.4, 69.5, 550, 900, 0.1),
  p('acidalia', 'Mare Acidalium (Acidalia Planitia)', 46, 330, 900, 700, 0.13),
  p('mare-erythraeum', 'Mare Erythraeum', -25, 305, 1400, 650, 0.13),
  p('sinus-meridiani', 'Sinus Meridiani', -2, 2, 750, 330, 0.12),
  p('sinus-sabaeus', 'Sinus Sabaeus', -8, 25, 1100, 350, 0.12),
  p('mare-tyrrhenum', 'Mare Tyrrhenum', -20, 105, 1000, 600, 0.13),
  p('mare-cimmerium', 'Mare Cimmerium', -25, 145, 1200, 500, 0.12),
  p('mare-sirenum', 'Mare Sirenum', -30, 205, 1100, 450, 0.13),
  p('mare-serpentis', 'Mare Serpentis', -30, 320, 700, 400, 0.14),
  p('solis-lacus', 'Solis Lacus', -25, 270, 400, 300, 0.15),
];
