/**
 * Mars' named places (registry rows for `NAMED_PLACES`, ADR-0018). Positions and diameters: IAU
 * Gazetteer of Planetary Nomenclature (planetocentric latitude, east longitude, degrees); summit
 * heights above the MOLA datum: Plescia 2004 (Tharsis, Elysium), MOLA (Smith et al. 2001) for
 * Olympus Mons (21.9 km); basin floors: MOLA, rounded to 100 m; landing sites: NSSDCA / mission
 * reconstructions.
 */
import type { NamedPlace } from './placeTypes';
import { VALLES_MARINERIS } from './vallesMarineris';

const G = 'IAU Gazetteer of Planetary Nomenclature';
const P04 = 'summit above datum: Plescia 2004 (MOLA)';
const CAL_OM = 'caldera complex: Mouginis-Mark 1981, Mouginis-Mark & Robinson 1992';

const mons = (
  id: string,
  name: string,
  lat: number,
  lon: number,
  dKm: number,
  summitM: number,
  src: string,
  calderas: readonly (readonly [number, number, number, number])[],
  escarpmentM = 0,
): NamedPlace => ({
  id,
  name,
  body: 'mars',
  latDeg: lat,
  lonDeg: lon,
  sizeM: dKm * 1000,
  kind: 'mons',
  reliefM: summitM,
  calderas,
  escarpmentM,
  source: `${G}; ${src}`,
});

const site = (id: string, name: string, lat: number, lon: number): NamedPlace => ({
  id,
  name,
  body: 'mars',
  latDeg: lat,
  lonDeg: lon,
  sizeM: 0,
  kind: 'landing-site',
  source: 'NSSDCA / mission landing-site reconstruction',
});

export const MARS_PLACES: readonly NamedPlace[] = [
  {
    id: 'hellas',
    name: 'Hellas Planitia',
    body: 'mars',
    latDeg: -42.4,
    lonDeg: 70.5,
    sizeM: 2300000,
    kind: 'basin',
    reliefM: -7100,
    source: `${G}; floor −7.15 km: MGS radio science / MOLA (Smith et al. 2001)`,
  },
  {
    id: 'argyre',
    name: 'Argyre Planitia',
    body: 'mars',
    latDeg: -49.7,
    lonDeg: 316,
    sizeM: 1800000,
    kind: 'basin',
    reliefM: -3500,
    source: `${G} (centre); basin ~1,800 km, floor ~5.2 km below its rim: Hiesinger & Head 2002`,
  },
  // Calderas [lat, lon, diameter m, depth m], nested pits adding their depths. Olympus: a ~60 × 80 km
  // complex of overlapping pits ~3 km deep (Mouginis-Mark 1981; Mouginis-Mark & Robinson 1992),
  // its basal escarpment 6 km (2–10 km around the shield, MOLA: Smith et al. 2001). Tharsis
  // Montes and Elysium: caldera diameters and depths from Plescia 2004 (rounded).
  mons(
    'olympus-mons',
    'Olympus Mons',
    18.65,
    226.2,
    624,
    21900,
    `summit 21.9 km above datum: MOLA (Smith et al. 2001); ${CAL_OM}`,
    [
      [18.35, 226.05, 60000, 2400],
      [18.55, 225.85, 25000, 800],
      [18.3, 226.6, 40000, 1000],
    ],
    6000,
  ),
  mons('arsia-mons', 'Arsia Mons', -8.26, 239.91, 435, 17800, `${P04}; caldera ~110 km`, [
    [-8.35, 239.9, 110000, 1300],
  ]),
  mons('pavonis-mons', 'Pavonis Mons', 1.48, 247.04, 375, 14100, `${P04}; caldera ~47 km, ~4.5 km deep`, [
    [1.48, 247.04, 47000, 4500],
  ]),
  mons('ascraeus-mons', 'Ascraeus Mons', 11.92, 255.92, 480, 18200, `${P04}; nested calderas ~60 km`, [
    [11.9, 255.95, 45000, 2500],
    [11.75, 255.7, 25000, 900],
  ]),
  mons('elysium-mons', 'Elysium Mons', 24.8, 146.9, 401, 14000, `${P04}; caldera 14 km`, [
    [24.8, 146.9, 14000, 300],
  ]),
  mons(
    'alba-mons',
    'Alba Mons',
    40.47,
    250.42,
    1000,
    6800,
    `broad low shield ~6.8 km: ${P04}; Ivanov & Head 2006`,
    [[40.5, 250.4, 60000, 300]],
  ),
  ...VALLES_MARINERIS,
  {
    id: 'gale',
    name: 'Gale crater',
    body: 'mars',
    latDeg: -5.37,
    lonDeg: 137.81,
    sizeM: 154000,
    kind: 'crater',
    reliefM: 4500,
    source: `${G}; depth ~4.5 km: Anderson & Bell 2010 (Aeolis Mons not modelled)`,
  },
  {
    id: 'jezero',
    name: 'Jezero crater',
    body: 'mars',
    latDeg: 18.38,
    lonDeg: 77.58,
    sizeM: 49000,
    kind: 'crater',
    reliefM: 900,
    source: `${G}; depth ~0.9 km: Goudge et al. 2015`,
  },
  site('viking-1', 'Viking 1', 22.27, 312.05),
  site('viking-2', 'Viking 2', 47.64, 134.29),
  site('pathfinder', 'Mars Pathfinder', 19.13, 326.78),
  site('spirit', 'Spirit (MER-A)', -14.5684, 175.4726),
  site('opportunity', 'Opportunity (MER-B)', -1.9462, 354.4734),
  site('curiosity', 'Curiosity (Bradbury Landing)', -4.5895, 137.4417),
  site('perseverance', 'Perseverance (Octavia E. Butler Landing)', 18.4447, 77.4508),
];
