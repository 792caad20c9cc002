/**
 * Mars' named places (registry rows for `NAMED_PLACES`, ADR-0018). Positions and diameters: IAU
 * Gazetteer of Planetary Nomenclature (planetocentric latitude, east longitude, degrees); summit
 * heights above the MOLA datum: Plescia 2004 (Tharsis, Elysium), MOLA (Smith et al. 2001) for
 * Olympus Mons (21.9 km); basin floors: MOLA, rounded to 100 m; landing sites: NSSDCA / mission
 * reconstructions.
 */
import type { NamedPlace } from './placeTypes';

const G = 'IAU Gazetteer of Planetary Nomenclature';
const P04 = 'summit above datum: Plescia 2004 (MOLA)';

const mons = (
  id: string,
  name: string,
  lat: number,
  lon: number,
  dKm: number,
  summitM: number,
  src: string,
): NamedPlace => ({
  id,
  name,
  body: 'mars',
  latDeg: lat,
  lonDeg: lon,
  sizeM: dKm * 1000,
  kind: 'mons',
  reliefM: summitM,
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
  mons(
    'olympus-mons',
    'Olympus Mons',
    18.65,
    226.2,
    624,
    21900,
    'summit 21.9 km above datum: MOLA (Smith et al. 2001)',
  ),
  mons('arsia-mons', 'Arsia Mons', -8.26, 239.91, 435, 17800, P04),
  mons('pavonis-mons', 'Pavonis Mons', 1.48, 247.04, 375, 14100, P04),
  mons('ascraeus-mons', 'Ascraeus Mons', 11.92, 255.92, 480, 18200, P04),
  mons('elysium-mons', 'Elysium Mons', 24.8, 146.9, 401, 14000, P04),
  {
    id: 'valles-marineris',
    name: 'Valles Marineris',
    body: 'mars',
    latDeg: -13.9,
    lonDeg: 300.8,
    sizeM: 4000000,
    kind: 'vallis',
    reliefM: 7000,
    widthM: 200000,
    path: [
      [-7.5, 263],
      [-15.5, 318],
    ],
    source: `${G} (centre, length); depth ~7 km, width ~200 km: Lucchitta et al. 1992; path: Noctis Labyrinthus to Eos Chasma (approximate)`,
  },
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
