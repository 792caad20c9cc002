/**
 * The Moon's named places (registry rows for `NAMED_PLACES`, ADR-0018). Positions and diameters:
 * IAU Gazetteer of Planetary Nomenclature (planetocentric latitude, east longitude, degrees);
 * floor levels of maria and basins: LOLA (Smith et al. 2010), rounded to 100 m; crater depths:
 * Pike 1977 and the per-row source; landing sites: NSSDCA / LROC site coordinates.
 */
import type { NamedPlace } from './placeTypes';

const G = 'IAU Gazetteer of Planetary Nomenclature';
const LOLA = 'floor: LOLA, Smith et al. 2010 (rounded)';
const LROC = 'LROC (Wagner et al. 2017) site coordinates';

const mare = (
  id: string,
  name: string,
  lat: number,
  lon: number,
  dKm: number,
  floorM: number,
): NamedPlace => ({
  id,
  name,
  body: 'luna',
  latDeg: lat,
  lonDeg: lon,
  sizeM: dKm * 1000,
  kind: 'mare',
  reliefM: floorM,
  source: `${G}; ${LOLA}`,
});

const crater = (
  id: string,
  name: string,
  lat: number,
  lon: number,
  dKm: number,
  depthM: number,
  depthSource: string,
): NamedPlace => ({
  id,
  name,
  body: 'luna',
  latDeg: lat,
  lonDeg: lon,
  sizeM: dKm * 1000,
  kind: 'crater',
  reliefM: depthM,
  source: `${G}; depth: ${depthSource}`,
});

const site = (id: string, name: string, lat: number, lon: number, source = LROC): NamedPlace => ({
  id,
  name,
  body: 'luna',
  latDeg: lat,
  lonDeg: lon,
  sizeM: 0,
  kind: 'landing-site',
  source,
});

export const LUNA_PLACES: readonly NamedPlace[] = [
  // Broad, shallow lowlands first: later rows blend over earlier ones (Imbrium over Procellarum).
  mare('oceanus-procellarum', 'Oceanus Procellarum', 18.4, -57.4, 2592, -1800),
  {
    id: 'south-pole-aitken',
    name: 'South Pole–Aitken basin',
    body: 'luna',
    latDeg: -53,
    lonDeg: 191,
    sizeM: 2500000,
    kind: 'basin',
    reliefM: -5000,
    source: `Garrick-Bethell & Zuber 2009 (centre, size); ${LOLA}`,
  },
  mare('mare-imbrium', 'Mare Imbrium', 32.8, -15.6, 1146, -2500),
  mare('mare-serenitatis', 'Mare Serenitatis', 27.3, 18.4, 707, -2500),
  mare('mare-tranquillitatis', 'Mare Tranquillitatis', 8.35, 30.83, 873, -1900),
  mare('mare-crisium', 'Mare Crisium', 16.18, 59.1, 556, -3300),
  mare('mare-fecunditatis', 'Mare Fecunditatis', -7.8, 53.7, 909, -2000),
  mare('mare-nectaris', 'Mare Nectaris', -15.2, 34.6, 339, -2300),
  mare('mare-nubium', 'Mare Nubium', -20.6, -17.3, 715, -1600),
  mare('mare-humorum', 'Mare Humorum', -24.5, -38.6, 420, -2600),
  mare('mare-cognitum', 'Mare Cognitum', -10.5, -22.3, 376, -1500),
  mare('mare-insularum', 'Mare Insularum', 7.5, -30.9, 513, -1500),
  mare('mare-vaporum', 'Mare Vaporum', 13.3, 3.6, 245, -1300),
  mare('mare-moscoviense', 'Mare Moscoviense', 27.3, 147.9, 277, -4500),
  {
    id: 'mare-orientale',
    name: 'Mare Orientale (Orientale basin)',
    body: 'luna',
    latDeg: -19.9,
    lonDeg: -94.7,
    sizeM: 930000,
    kind: 'basin',
    reliefM: -2800,
    source: `${G} (mare 294 km; basin outer ring ~930 km: Spudis et al. 1993); ${LOLA}`,
  },
  crater('tycho', 'Tycho', -43.31, -11.36, 85, 4700, 'Margot et al. 1999 (4.7 km)'),
  crater('copernicus', 'Copernicus', 9.62, -20.08, 96, 3760, 'Pike 1977 (3.76 km)'),
  crater('clavius', 'Clavius', -58.62, -14.73, 231, 3500, 'Pike 1977 (~3.5 km)'),
  crater('aristarchus', 'Aristarchus', 23.73, -47.49, 40, 3000, 'Pike 1977 (~3 km)'),
  crater('kepler', 'Kepler', 8.12, -38.01, 30, 2570, 'Pike 1977 (2.57 km)'),
  crater('plato', 'Plato', 51.62, -9.38, 101, 2000, 'Pike 1977 (~2 km, lava-flooded)'),
  crater('theophilus', 'Theophilus', -11.45, 26.28, 99, 4200, 'Pike 1977 (4.2 km)'),
  crater('ptolemaeus', 'Ptolemaeus', -9.16, -1.84, 154, 2400, 'Pike 1977 (~2.4 km, flooded)'),
  crater('langrenus', 'Langrenus', -8.86, 61.04, 132, 4400, 'Pike 1977 (~4.4 km)'),
  crater('eratosthenes', 'Eratosthenes', 14.47, -11.32, 59, 3600, 'Pike 1977 (3.6 km)'),
  site('apollo-11', 'Apollo 11 (Tranquility Base)', 0.67416, 23.47314),
  site('apollo-12', 'Apollo 12', -3.01239, -23.42157),
  site('apollo-14', 'Apollo 14', -3.6453, -17.47136),
  site('apollo-15', 'Apollo 15', 26.13222, 3.63386),
  site('apollo-16', 'Apollo 16', -8.97301, 15.50019),
  site('apollo-17', 'Apollo 17', 20.1908, 30.77168),
  site('luna-9', 'Luna 9', 7.08, -64.37, 'NSSDCA'),
  site('luna-16', 'Luna 16', -0.5137, 56.3638),
  site('luna-17', 'Luna 17 (Lunokhod 1)', 38.2378, -35.0017),
  site('luna-20', 'Luna 20', 3.7863, 56.6242),
  site('luna-21', 'Luna 21 (Lunokhod 2)', 25.85, 30.45, 'NSSDCA'),
  site('luna-24', 'Luna 24', 12.7145, 62.2129),
  site('change-3', "Chang'e 3", 44.1214, -19.5116),
  site('change-4', "Chang'e 4", -45.4446, 177.5991),
  site('change-5', "Chang'e 5", 43.0576, -51.9161, 'LROC (2020) site coordinates'),
  site('change-6', "Chang'e 6", -41.6385, -153.9852, 'LROC (2024) site coordinates'),
];
