/**
 * The albedo tone of a body with an albedo map (ADR-0018): Mars' classical dark and bright
 * provinces (places/marsAlbedo.ts) and its dark chasma floors, as a Lambert albedo at a unit
 * direction and as the 0 … 15 tone the cover carries in place of the terrain unit (cover.ts).
 *
 *   A ← background;  for each province, in order:  A ← A + w·(A_i − A)
 *   w = 1 − smoothstep((1 − e)², (1 + e)², q·(1 + r·N(d)))
 *   q = (Δ·east / a)² + (Δ·north / b)², Δ = d − c  (an ellipse with semi-axes a, b on the ground)
 *   N = value noise, two octaves (ALBEDO_PASS): the edges wander, so provinces are not ellipses
 *   then the chasmata:  A ← A + k·(MARS_CANYON_ALBEDO − A), k their joined floor weight
 *
 * Every step is C¹ in the direction (smoothstep joins, C² noise), exact arithmetic only, and a
 * pure function of the body and the direction. Not canonical: it feeds cover, not elevation.
 */
import type { Body } from '../body/Body';
import { chasmaWeightAt } from '../field/placeStage';
import { hashCombine } from '../math/hash';
import { smoothstep } from '../math/smooth';
import { noise4, noiseCell, valueNoiseD } from '../math/valueNoise';
import { sinCosDeg } from '../math/exactTrig';
import {
  MARS_ALBEDO_BACKGROUND,
  MARS_ALBEDO_BRIGHT,
  MARS_ALBEDO_DARK,
  MARS_ALBEDO_PROVINCES,
  MARS_CANYON_ALBEDO,
  type AlbedoProvince,
} from '../places/marsAlbedo';

/** Random-stream pass id of the province-edge noise (ADR-0002: never reused). */
export const ALBEDO_PASS = 0xa1b0;
/** Soft edge half-width of a province, in its radius. ADR-0018. */
export const ALBEDO_EDGE = 0.2;
/** Edge irregularity: the noise scales a province's q by 1 ± this. ADR-0018. */
export const ALBEDO_ROUGHNESS = 0.5;
/** Noise lattice cells per unit of direction space, first octave (Mars: ~340 km cells). ADR-0018. */
export const ALBEDO_NOISE_FREQUENCY = 10;
/**
 * Grid the tone's quantity 15·(bright − A)/(bright − dark) + ½ is rounded to before its floor
 * (ADR-0018): provinces whose albedo lands on a step (Tharsis, Sinus Meridiani) take the exact
 * value's tone, and a float32 evaluation (the GPU producer, ADR-0020) agrees with float64 there.
 */
export const ALBEDO_TONE_GRID = 1 / 65536;

export interface Province {
  cx: number;
  cy: number;
  cz: number;
  ex: number;
  ey: number;
  ez: number;
  nx: number;
  ny: number;
  nz: number;
  /** 1 / a², 1 / b² in chord units. */
  ia2: number;
  ib2: number;
  albedo: number;
}

export interface AlbedoMap {
  background: number;
  dark: number;
  bright: number;
  canyon: number;
  provinces: Province[];
  seeds: Uint32Array;
}

const MAPS: Readonly<Record<string, readonly AlbedoProvince[]>> = { mars: MARS_ALBEDO_PROVINCES };
const compiled = new WeakMap<Body, AlbedoMap>();
const sLat = { s: 0, c: 0 };
const sLon = { s: 0, c: 0 };

function compile(body: Body, rows: readonly AlbedoProvince[]): AlbedoMap {
  const provinces = rows.map((r): Province => {
    sinCosDeg(r.latDeg, sLat);
    sinCosDeg(r.lonDeg, sLon);
    const a = (r.eastKm * 1000) / body.radius;
    const b = (r.northKm * 1000) / body.radius;
    return {
      cx: sLat.c * sLon.c,
      cy: sLat.c * sLon.s,
      cz: sLat.s,
      ex: -sLon.s,
      ey: sLon.c,
      ez: 0,
      nx: -sLat.s * sLon.c,
      ny: -sLat.s * sLon.s,
      nz: sLat.c,
      ia2: 1 / (a * a),
      ib2: 1 / (b * b),
      albedo: r.albedo,
    };
  });
  const seeds = Uint32Array.from([0, 1], (i) => hashCombine(hashCombine(body.seed, ALBEDO_PASS), i));
  return {
    background: MARS_ALBEDO_BACKGROUND,
    dark: MARS_ALBEDO_DARK,
    bright: MARS_ALBEDO_BRIGHT,
    canyon: MARS_CANYON_ALBEDO,
    provinces,
    seeds,
  };
}

function mapOf(body: Body): AlbedoMap | undefined {
  let m = compiled.get(body);
  if (m) return m;
  const rows = MAPS[body.id];
  if (!rows) return undefined;
  m = compile(body, rows);
  compiled.set(body, m);
  return m;
}

/**
 * The compiled albedo map of `body` (its provinces in direction space, the background, darkest,
 * brightest and chasma albedos, the two edge-noise seeds), or null without one: for a kernel that
 * evaluates `albedoAt` elsewhere (the GPU producer, ADR-0020). The same objects `albedoAt` reads.
 */
export function albedoMap(body: Body): Readonly<AlbedoMap> | null {
  return mapOf(body) ?? null;
}

/** Whether `body` has an albedo map (its cover carries the tone instead of the terrain unit). */
export function hasAlbedoMap(body: Body): boolean {
  return MAPS[body.id] !== undefined;
}

const P = new Float64Array(3);
const cells = [noiseCell(), noiseCell()];
const n = noise4();
const E0 = (1 - ALBEDO_EDGE) * (1 - ALBEDO_EDGE);
const E1 = (1 + ALBEDO_EDGE) * (1 + ALBEDO_EDGE);
/** q beyond which no province reaches, whatever the noise. */
const Q_REACH = E1 / (1 - ALBEDO_ROUGHNESS);

/** Edge noise at (x, y, z): two octaves of value noise, about −1 … 1. */
function edgeNoise(m: AlbedoMap, x: number, y: number, z: number): number {
  const f = ALBEDO_NOISE_FREQUENCY;
  P[0] = x * f;
  P[1] = y * f;
  P[2] = z * f;
  let v = valueNoiseD(m.seeds, 0, P, cells[0], n).v;
  P[0] = x * 2.5 * f;
  P[1] = y * 2.5 * f;
  P[2] = z * 2.5 * f;
  v += 0.5 * valueNoiseD(m.seeds, 1, P, cells[1], n).v;
  return v / 1.5;
}

/**
 * Lambert albedo of `body` at unit direction (x, y, z): the province blend above, or null where
 * the body has no albedo map. `filterM`: the level filter of the drawn relief, which the chasma
 * floors' weight follows (their walls widen with it, placeStage.ts).
 */
export function albedoAt(body: Body, x: number, y: number, z: number, filterM = 0): number | null {
  const m = mapOf(body);
  if (!m) return null;
  let a = m.background;
  let noise = 2; // not yet evaluated (noise is within −1 … 1)
  for (const p of m.provinces) {
    const dx = x - p.cx;
    const dy = y - p.cy;
    const dz = z - p.cz;
    const de = dx * p.ex + dy * p.ey + dz * p.ez;
    const dn = dx * p.nx + dy * p.ny + dz * p.nz;
    const q = de * de * p.ia2 + dn * dn * p.ib2;
    if (!(q < Q_REACH) || x * p.cx + y * p.cy + z * p.cz <= 0) continue;
    if (noise === 2) noise = edgeNoise(m, x, y, z);
    const w = 1 - smoothstep(E0, E1, q * (1 + ALBEDO_ROUGHNESS * noise));
    a += w * (p.albedo - a);
  }
  const k = chasmaWeightAt(body, x, y, z, filterM);
  return a + k * (m.canyon - a);
}

/**
 * The cover's albedo tone 0 … 15 at unit direction (x, y, z): 0 at the map's brightest albedo,
 * 15 at its darkest (render mixes regolith towards regolithAlt by tone / 15); 0 without a map. The
 * quantity is rounded to ALBEDO_TONE_GRID before its floor.
 */
export function albedoTone(body: Body, x: number, y: number, z: number, filterM = 0): number {
  const a = albedoAt(body, x, y, z, filterM);
  if (a === null) return 0;
  const m = mapOf(body)!;
  // Taken to the grid first: a province whose albedo sits on a step (Tharsis 0.28: 15·0.02/0.2 + ½
  // = 2) gets exact arithmetic's tone, not the last bit of float64's (1.9999999999999973).
  const q = (15 * (m.bright - a)) / (m.bright - m.dark) + 0.5;
  const t = Math.floor(Math.floor(q / ALBEDO_TONE_GRID + 0.5) * ALBEDO_TONE_GRID);
  return t <= 0 ? 0 : t >= 15 ? 15 : t;
}
