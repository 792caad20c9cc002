/**
 * Valles Marineris as its chasmata (registry rows, ADR-0018): the system's own row (no relief:
 * the name for the picker and the HUD) and one canyon per chasma, Noctis Labyrinthus (~7° S
 * 102° W) to the chaos east (Eos, Capri, Ganges ~8–15° S 40–50° W), ~4,000 km in all.
 *
 * Centres and lengths: IAU Gazetteer of Planetary Nomenclature. Axes: two-point great-circle arcs
 * read from MOLA topography (Smith et al. 2001), approximate to ~0.5°. Widths and depths below the
 * surrounding plateau: Lucchitta et al. 1992 (Mars, U. Arizona Press, ch. 14) and MOLA profiles —
 * up to ~200 km wide (Melas, Candor) and 7–9 km deep in the centre, shallower at Noctis and in the
 * eastern chaos.
 */
import type { NamedPlace } from './placeTypes';

const G = 'IAU Gazetteer of Planetary Nomenclature (centre, length)';
const L92 = 'depth, width: Lucchitta et al. 1992; MOLA (Smith et al. 2001); axis approximate';

/**
 * One chasma: axis ends [lat, lon], its IAU length, width and depth in km. Its position is the
 * axis midpoint (the field builds the path; the position is what the picker flies to).
 */
const chasma = (
  id: string,
  name: string,
  a: readonly [number, number],
  b: readonly [number, number],
  lengthKm: number,
  widthKm: number,
  depthKm: number,
): NamedPlace => {
  return {
    id,
    name,
    body: 'mars',
    latDeg: (a[0] + b[0]) / 2,
    lonDeg: (a[1] + b[1]) / 2,
    sizeM: lengthKm * 1000,
    kind: 'vallis',
    reliefM: depthKm * 1000,
    widthM: widthKm * 1000,
    path: [a, b],
    source: `${G}; ${L92}`,
  };
};

export const VALLES_MARINERIS: readonly NamedPlace[] = [
  {
    id: 'valles-marineris',
    name: 'Valles Marineris',
    body: 'mars',
    latDeg: -13.9,
    lonDeg: 300.8,
    sizeM: 4000000,
    kind: 'vallis',
    source: `${G}; built by its chasmata (rows below)`,
  },
  chasma('noctis-labyrinthus', 'Noctis Labyrinthus', [-6.5, 251], [-6.9, 268], 1190, 120, 4.5),
  chasma('tithonium-chasma', 'Tithonium Chasma', [-3.8, 266.5], [-5.3, 283.5], 810, 60, 6),
  chasma('ius-chasma', 'Ius Chasma', [-6.3, 264], [-7.8, 284.5], 938, 100, 8),
  // Neighbouring chasmata overlap by their end tapers, so the system is continuous.
  chasma('ophir-chasma', 'Ophir Chasma', [-3.9, 284.5], [-4.2, 291], 317, 90, 7.5),
  chasma('candor-chasma', 'Candor Chasma', [-6.0, 284.5], [-7.2, 294], 816, 140, 7.5),
  chasma('melas-chasma', 'Melas Chasma', [-9.4, 281], [-11.4, 294], 563, 200, 8.5),
  chasma('coprates-chasma', 'Coprates Chasma', [-11.6, 290.5], [-15.0, 306.5], 966, 100, 8),
  chasma('eos-chasma', 'Eos Chasma', [-15.2, 304.5], [-13.0, 320], 918, 150, 5),
  chasma('capri-chasma', 'Capri Chasma', [-14.0, 307], [-6.5, 318], 1500, 120, 4.5),
  chasma('ganges-chasma', 'Ganges Chasma', [-7.5, 308.5], [-9.0, 316], 584, 100, 5),
];
