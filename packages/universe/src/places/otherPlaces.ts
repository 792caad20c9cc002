/**
 * Named places on Mercury and the largest elsewhere (registry rows for `NAMED_PLACES`, ADR-0018).
 * Positions and diameters: IAU Gazetteer of Planetary Nomenclature, converted to planetocentric
 * east longitude where the Gazetteer lists west (Mercury, the Galilean moons); depths or floor
 * levels from the per-row source.
 */
import type { NamedPlace } from './placeTypes';

const G = 'IAU Gazetteer of Planetary Nomenclature';

export const OTHER_PLACES: readonly NamedPlace[] = [
  {
    id: 'caloris',
    name: 'Caloris Planitia',
    body: 'mercury',
    latDeg: 30.5,
    lonDeg: 170.2,
    sizeM: 1550000,
    kind: 'basin',
    reliefM: -2500,
    source: `${G} (30.5° N 189.8° W); floor ~2.5 km below datum: Zuber et al. 2012 (MLA)`,
  },
  {
    id: 'rembrandt',
    name: 'Rembrandt basin',
    body: 'mercury',
    latDeg: -32.89,
    lonDeg: 87.87,
    sizeM: 716000,
    kind: 'basin',
    reliefM: -2000,
    source: `${G} (32.89° S 272.13° W); floor: Watters et al. 2009`,
  },
  {
    id: 'beethoven',
    name: 'Beethoven basin',
    body: 'mercury',
    latDeg: -20.8,
    lonDeg: -124.4,
    sizeM: 630000,
    kind: 'basin',
    reliefM: -2000,
    source: `${G}; floor: Becker et al. 2016 (approximate)`,
  },
  {
    id: 'rheasilvia',
    name: 'Rheasilvia',
    body: 'vesta',
    latDeg: -75,
    lonDeg: 301,
    sizeM: 505000,
    kind: 'basin',
    reliefM: -8000,
    source: `${G}; floor ~8 km below datum (rim to floor ~19 km): Schenk et al. 2012 (central peak not modelled)`,
  },
  {
    id: 'kerwan',
    name: 'Kerwan',
    body: 'ceres',
    latDeg: -10.77,
    lonDeg: 123.99,
    sizeM: 280000,
    kind: 'crater',
    reliefM: 6000,
    source: `${G}; depth ~6 km: Hiesinger et al. 2016`,
  },
  {
    id: 'pwyll',
    name: 'Pwyll',
    body: 'europa',
    latDeg: -25.2,
    lonDeg: 88.6,
    sizeM: 45000,
    kind: 'crater',
    reliefM: 600,
    source: `${G} (25.2° S 271.4° W); depth: Schenk 2002`,
  },
  {
    id: 'gilgamesh',
    name: 'Gilgamesh',
    body: 'ganymede',
    latDeg: -62.2,
    lonDeg: 235.6,
    sizeM: 590000,
    kind: 'basin',
    reliefM: -2000,
    source: `${G} (62.2° S 124.4° W); relief: Schenk 2010 (approximate)`,
  },
  {
    id: 'stickney',
    name: 'Stickney',
    body: 'phobos',
    latDeg: 1,
    lonDeg: -49,
    sizeM: 9000,
    kind: 'crater',
    reliefM: 1200,
    source: `${G}; depth: Thomas 1979`,
  },
];
