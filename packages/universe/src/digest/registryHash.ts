/**
 * The registry half of the world digest (ADR-0005): a hash over every tunable's exact float64
 * bits — each stage's frozen record, the cube warp, the grammar constants — and the body's own
 * facts and derived grammar, and the body's named places (ADR-0018: every field of every row, in
 * registry order, so moving or resizing a place changes the hash). Keys are hashed with their values, in a fixed order, so renaming,
 * adding or changing any tunable changes the hash. Bits are read little-endian through a DataView,
 * the same on every engine.
 */
import type { Body } from '../body/Body';
import {
  AIR_FLOOR_PRESSURE_PA,
  AIR_FULL_PRESSURE_PA,
  LADDER_TOP_FALLBACK_RATIO,
  MARS_COMPLEX_DEPTH_KM,
  MARS_COMPLEX_EXP_256,
  MARS_SIMPLE_DEPTH,
  MARS_SMALL_RISE,
  MARS_SMALL_SCALE_M,
  PIKE_DEPTH_EXP_256,
  PIKE_DEPTH_KM,
  PIKE_RIM_EXP_256,
  PIKE_RIM_KM,
  TRANSITION_DG_ICE,
  TRANSITION_DG_ROCK,
  YOUTH_FULL_AGE_GYR,
} from '../body/grammar';
import { CUBE_WARP_A, CUBE_WARP_B } from '../cube/CubeSphere';
import { BAND_TUNABLES, CRATER_TUNABLES, FIELD_TUNABLES, LADDER_TUNABLES } from '../field/tunables';
import { LANDFORM_TUNABLES } from '../field/landformTunables';
import { LINEA_FILTER_CELLS } from '../field/lineae';
import { TAIL_TUNABLES } from '../tail/tailTunables';
import {
  ALT_TONE_LEVELS,
  COVER_VERSION,
  ROCK_COVER_FULL_K,
  UNIT_ALT_TONE,
  UNIT_CONTACT_HALF_WIDTH_M,
} from '../cover/cover';
import { rockTunables } from '../cover/groundClass';
import { ROCK_K_CAP } from '../scatter/rockClasses';
import { ROCK_BURIAL_MAX, ROCK_BURIAL_MIN, SCATTER_VERSION } from '../scatter/regionScatter';
import { hashCombine, hashString } from '../math/hash';
import { NAMED_PLACES } from '../places/namedPlaces';
import { PLACE_TUNABLES } from '../places/placeTunables';
import {
  ALBEDO_EDGE,
  ALBEDO_NOISE_FREQUENCY,
  ALBEDO_PASS,
  ALBEDO_ROUGHNESS,
  ALBEDO_TONE_GRID,
} from '../cover/albedoTone';
import {
  MARS_ALBEDO_BACKGROUND,
  MARS_ALBEDO_BRIGHT,
  MARS_ALBEDO_DARK,
  MARS_ALBEDO_PROVINCES,
  MARS_CANYON_ALBEDO,
} from '../places/marsAlbedo';

/** Every stage's tunables, in digest order. */
export const TUNABLE_REGISTRY: Readonly<Record<string, Readonly<Record<string, number>>>> = Object.freeze({
  field: FIELD_TUNABLES,
  bands: BAND_TUNABLES,
  ladder: LADDER_TUNABLES,
  crater: CRATER_TUNABLES,
  places: PLACE_TUNABLES,
  albedo: Object.freeze({
    pass: ALBEDO_PASS,
    edge: ALBEDO_EDGE,
    roughness: ALBEDO_ROUGHNESS,
    noiseFrequency: ALBEDO_NOISE_FREQUENCY,
    toneGrid: ALBEDO_TONE_GRID,
    marsBackground: MARS_ALBEDO_BACKGROUND,
    marsDark: MARS_ALBEDO_DARK,
    marsBright: MARS_ALBEDO_BRIGHT,
    marsCanyon: MARS_CANYON_ALBEDO,
  }),
  landforms: LANDFORM_TUNABLES,
  // The drawn tail is not canonical, but patches and their persistent cache are keyed by the level
  // id: a tail change must move it too (ADR-0005, ADR-0006).
  tail: TAIL_TUNABLES,
  // Rocks and the cover bytes are not canonical either, and are keyed by the level id as well
  // (ADR-0007): the scatter's version and the rock-abundance constants move it.
  scatter: Object.freeze({
    version: SCATTER_VERSION,
    kCap: ROCK_K_CAP,
    coverFullK: ROCK_COVER_FULL_K,
    burialMin: ROCK_BURIAL_MIN,
    burialMax: ROCK_BURIAL_MAX,
    ...rockTunables(),
  }),
  // The cover bytes' meaning (ADR-0007): a change re-keys the patches that carry them.
  cover: Object.freeze({
    version: COVER_VERSION,
    toneLevels: ALT_TONE_LEVELS,
    unitContactHalfWidth: UNIT_CONTACT_HALF_WIDTH_M,
    lineaFilterCells: LINEA_FILTER_CELLS,
    ...Object.fromEntries(UNIT_ALT_TONE.map((v, i) => [`unitAltTone${i}`, v])),
  }),
  cube: Object.freeze({ warpA: CUBE_WARP_A, warpB: CUBE_WARP_B }),
  grammar: Object.freeze({
    transitionDgRock: TRANSITION_DG_ROCK,
    transitionDgIce: TRANSITION_DG_ICE,
    airFloorPressurePa: AIR_FLOOR_PRESSURE_PA,
    airFullPressurePa: AIR_FULL_PRESSURE_PA,
    youthFullAgeGyr: YOUTH_FULL_AGE_GYR,
    ladderTopFallbackRatio: LADDER_TOP_FALLBACK_RATIO,
    pikeDepthKm: PIKE_DEPTH_KM,
    pikeDepthExp256: PIKE_DEPTH_EXP_256,
    pikeRimKm: PIKE_RIM_KM,
    pikeRimExp256: PIKE_RIM_EXP_256,
    marsSimpleDepth: MARS_SIMPLE_DEPTH,
    marsSmallRise: MARS_SMALL_RISE,
    marsSmallScaleM: MARS_SMALL_SCALE_M,
    marsComplexDepthKm: MARS_COMPLEX_DEPTH_KM,
    marsComplexExp256: MARS_COMPLEX_EXP_256,
  }),
});

const view = new DataView(new ArrayBuffer(8));

/** Folds the exact float64 bits of `v` into `h`. */
export function hashFloat64(h: number, v: number): number {
  view.setFloat64(0, v, true);
  return hashCombine(hashCombine(h, view.getUint32(0, true)), view.getUint32(4, true));
}

function hashValue(h: number, key: string, v: unknown): number {
  h = hashCombine(h, hashString(key));
  if (typeof v === 'number') return hashFloat64(h, v);
  if (typeof v === 'string') return hashCombine(h, hashString(v));
  return h;
}

function hashRecord(h: number, name: string, rec: Readonly<Record<string, unknown>>): number {
  h = hashCombine(h, hashString(name));
  for (const key of Object.keys(rec).sort()) h = hashValue(h, key, rec[key]);
  return h;
}

/** Registry hash (uint32) of `body`: all tunables plus the body's facts and grammar. */
export function registryHash(body: Body): number {
  let h = hashString('landfall/registry');
  for (const name of Object.keys(TUNABLE_REGISTRY)) h = hashRecord(h, name, TUNABLE_REGISTRY[name]);
  const facts: Record<string, unknown> = {};
  for (const key of Object.keys(body)) {
    const v = (body as unknown as Record<string, unknown>)[key];
    if (typeof v === 'number' || (typeof v === 'string' && key !== 'sources')) facts[key] = v;
  }
  h = hashRecord(h, 'body', facts);
  h = hashRecord(h, 'grammar', body.grammar as unknown as Record<string, unknown>);
  for (const p of NAMED_PLACES) {
    if (p.body !== body.id) continue;
    const row: Record<string, unknown> = { ...p };
    p.path?.forEach((pt, i) => {
      row[`path${i}Lat`] = pt[0];
      row[`path${i}Lon`] = pt[1];
      if (pt.length === 4) {
        row[`path${i}WidthKm`] = pt[2];
        row[`path${i}DepthKm`] = pt[3];
      }
    });
    p.branches?.forEach((b, j) =>
      b.forEach((pt, i) => pt.forEach((v, k) => (row[`branch${j}v${i}c${k}`] = v))),
    );
    p.calderas?.forEach((c, i) => {
      row[`caldera${i}Lat`] = c[0];
      row[`caldera${i}Lon`] = c[1];
      row[`caldera${i}DiameterM`] = c[2];
      row[`caldera${i}DepthM`] = c[3];
    });
    h = hashRecord(h, `place:${p.id}`, row);
  }
  if (body.id === 'mars')
    for (const a of MARS_ALBEDO_PROVINCES) h = hashRecord(h, `albedo:${a.id}`, { ...a });
  // The grammar's nested records: crater morphometry and terrain units (ages, albedos, classes).
  const g = body.grammar;
  h = hashRecord(h, 'crater', g.crater as unknown as Record<string, unknown>);
  const u = g.units;
  h = hashRecord(h, 'units', { crust: u.crust, production: u.production });
  h = hashRecord(h, 'highland', u.highland as unknown as Record<string, unknown>);
  return u.plain ? hashRecord(h, 'plain', u.plain as unknown as Record<string, unknown>) : h;
}
