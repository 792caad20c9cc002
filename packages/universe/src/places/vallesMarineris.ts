/**
 * Valles Marineris as its chasmata (registry rows, ADR-0018): the system's own row (no relief:
 * the name for the picker and the HUD) and one canyon per chasma, Noctis Labyrinthus (~7° S
 * 102° W) to the chaos east (Eos, Capri, Ganges ~8–15° S 40–50° W), ~4,000 km in all.
 *
 * Centres and lengths: IAU Gazetteer of Planetary Nomenclature. Axes: polylines of a few vertices
 * [lat, lon, width km, depth km] read by eye from the MOLA shaded-relief map (Smith et al. 2001)
 * and the Viking MDIM mosaic — APPROXIMATE: positions to ~0.5°, widths to ~20 km, depths to
 * ~1 km. Widths and depths below the surrounding plateau: Lucchitta et al. 1992 (Mars, U. Arizona
 * Press, ch. 14) and MOLA profiles — up to ~200 km wide (Melas, Candor) and 7–9 km deep in the
 * centre, narrower at Coprates, shallower at Noctis and in the eastern chaos; each chasma tapers
 * at its ends (rounded heads). Noctis Labyrinthus is a network of narrow (15–30 km) intersecting
 * troughs (`branches`), 3–5 km deep.
 */
import type { NamedPlace, PathVertex } from './placeTypes';

const G = 'IAU Gazetteer of Planetary Nomenclature (centre, length)';
const L92 =
  'depth, width: Lucchitta et al. 1992; MOLA (Smith et al. 2001); axis vertices, widths, depths approximate';

/**
 * One chasma: its IAU centre [lat, lon] (what the picker flies to), IAU length km, and its axis
 * vertices [lat, lon, width km, depth km]; its width and relief rows are the widest and deepest
 * vertex.
 */
const chasma = (
  id: string,
  name: string,
  centre: readonly [number, number],
  lengthKm: number,
  path: readonly PathVertex[],
  branches?: readonly (readonly PathVertex[])[],
): NamedPlace => {
  const all = [path, ...(branches ?? [])].flat() as readonly (readonly number[])[];
  return {
    id,
    name,
    body: 'mars',
    latDeg: centre[0],
    lonDeg: centre[1],
    sizeM: lengthKm * 1000,
    kind: 'vallis',
    reliefM: Math.max(...all.map((v) => v[3])) * 1000,
    widthM: Math.max(...all.map((v) => v[2])) * 1000,
    path,
    ...(branches ? { branches } : {}),
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
  // A labyrinth of narrow grabens: an east–west trough and crossing ones trending NNE and NW.
  chasma(
    'noctis-labyrinthus',
    'Noctis Labyrinthus',
    [-6.86, 258.2],
    1190,
    [
      [-7.6, 251.5, 15, 2.5],
      [-7.0, 255.0, 25, 4],
      [-6.9, 258.2, 30, 4.5],
      [-7.1, 261.5, 30, 4.5],
      [-6.6, 265.5, 25, 4],
    ],
    [
      [
        [-3.6, 255.6, 12, 2.5],
        [-5.4, 256.6, 22, 4],
        [-8.4, 257.0, 25, 4],
        [-11.0, 257.9, 15, 3],
      ],
      [
        [-4.2, 260.2, 12, 2.5],
        [-6.0, 261.0, 22, 4],
        [-9.0, 262.4, 22, 4],
        [-11.2, 263.6, 12, 2.5],
      ],
      [
        [-10.2, 252.4, 12, 2.5],
        [-8.8, 254.0, 20, 3.5],
        [-7.4, 256.4, 20, 3.5],
      ],
      [
        [-3.8, 263.2, 12, 2.5],
        [-5.4, 264.4, 20, 3.5],
        [-6.8, 266.5, 20, 3.5],
      ],
    ],
  ),
  chasma('tithonium-chasma', 'Tithonium Chasma', [-4.6, 275.1], 810, [
    [-4.3, 267.6, 15, 3],
    [-4.4, 271.0, 45, 5.5],
    [-4.6, 275.1, 60, 6],
    [-4.9, 279.4, 55, 6],
    [-5.2, 283.0, 30, 4.5],
  ]),
  // Ius: a western head at Noctis, two troughs either side of Geryon Montes, joining Melas.
  chasma('ius-chasma', 'Ius Chasma', [-6.95, 274.2], 938, [
    [-6.4, 265.2, 25, 4],
    [-6.6, 269.4, 80, 7],
    [-6.95, 274.2, 100, 8],
    [-7.6, 279.0, 90, 8],
    [-8.7, 282.8, 80, 7.5],
  ]),
  // Neighbouring chasmata overlap at their rounded ends, so the system is continuous.
  chasma('ophir-chasma', 'Ophir Chasma', [-4.0, 287.2], 317, [
    [-3.5, 283.6, 30, 5],
    [-3.9, 286.2, 90, 7.5],
    [-4.7, 289.4, 80, 7],
    [-5.6, 291.4, 40, 5.5],
  ]),
  chasma('candor-chasma', 'Candor Chasma', [-6.6, 289.1], 816, [
    [-5.6, 284.6, 40, 5],
    [-6.2, 287.4, 140, 7],
    [-6.9, 290.8, 150, 7.5],
    [-7.9, 294.4, 60, 6],
  ]),
  chasma('melas-chasma', 'Melas Chasma', [-10.5, 287.1], 563, [
    [-9.3, 281.6, 80, 7],
    [-10.0, 284.5, 180, 8.5],
    [-10.5, 287.1, 200, 8.5],
    [-11.0, 290.0, 180, 8.5],
    [-11.8, 292.8, 130, 8.5],
  ]),
  chasma('coprates-chasma', 'Coprates Chasma', [-13.4, 298.6], 966, [
    [-11.8, 292.4, 110, 8.5],
    [-12.7, 295.5, 90, 8],
    [-13.4, 298.6, 100, 8],
    [-14.1, 302.0, 90, 7.5],
    [-14.6, 305.0, 110, 7],
    [-14.8, 307.8, 130, 6],
  ]),
  chasma('eos-chasma', 'Eos Chasma', [-13.0, 314.0], 918, [
    [-14.8, 306.5, 80, 5],
    [-14.0, 310.8, 150, 5],
    [-13.0, 315.5, 180, 4.5],
    [-12.0, 320.2, 110, 3.5],
  ]),
  chasma('capri-chasma', 'Capri Chasma', [-10.0, 313.0], 1500, [
    [-14.2, 308.4, 100, 5],
    [-11.6, 311.4, 130, 4.5],
    [-8.6, 314.6, 140, 4.5],
    [-5.6, 318.4, 90, 3.5],
  ]),
  chasma('ganges-chasma', 'Ganges Chasma', [-8.0, 311.0], 584, [
    [-7.0, 306.4, 40, 3.5],
    [-7.6, 309.4, 100, 5],
    [-8.4, 312.5, 110, 5],
    [-9.0, 315.6, 70, 4],
  ]),
];
