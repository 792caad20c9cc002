/**
 * Ground classes read by cover and scatter (ADR-0007): the terrain unit of a sample, its slope, and
 * its rock abundance k (Golombek & Rapp 1997: the cumulative fractional area covered by rocks of
 * diameter ≥ D is F_k(D) = k·e^(−q(k)·D), q(k) = 1.79 + 0.152/k, D in m). All from the field's
 * value and analytic gradient at the sample, never from a mesh, so nothing steps at LOD boundaries.
 *
 * Terrain units (the high nibble of cover byte 1):
 *   0 highland / old cratered ground   1 mare / low plain   2 ice   3 volcanic (young rock)
 */
import type { Body } from '../body/Body';
import { plainWeightSampleAt, unitSample } from '../field/units';
import { tailCraterShare } from '../tail/microPlan';

export const TERRAIN_HIGHLAND = 0;
export const TERRAIN_PLAIN = 1;
export const TERRAIN_ICE = 2;
export const TERRAIN_VOLCANIC = 3;

/** Iciness at and above which the ground is ice. */
export const ICE_UNIT_ICINESS = 0.5;
/** Youth at and above which rocky ground is young volcanic plains (Io, Venus, Earth). */
export const VOLCANIC_UNIT_YOUTH = 0.75;
/**
 * Elevation below −this × maxRelief is a low plain (lunar maria lie 1–3 km below the highlands), on
 * bodies whose flooded lowlands are their young unit (`lowlandUnit`).
 */
export const PLAIN_UNIT_DEPTH = 0.1;
/**
 * Young-unit weight at and above which ground is plain on a body whose young unit is only its named
 * maria (`lowlandUnit` false: the Moon): the contact w = ½ that the cover's tone is centred on.
 */
export const PLAIN_UNIT_WEIGHT = 0.5;

const unitAt = unitSample();
const dirAt = { x: 0, y: 0, z: 0 };

/**
 * Terrain unit of ground at elevation `h` (m) at unit direction (x, y, z) on `body`. Ice and young
 * volcanic bodies are one unit; elsewhere the plain is the field's young unit: on a body whose young
 * unit is only its named maria (the Moon) where their weight reaches PLAIN_UNIT_WEIGHT, so band
 * lowlands outside them are highland as their craters and tone are; on the others, ground below
 * −PLAIN_UNIT_DEPTH × the relief bound, where their flooded lowlands lie.
 */
export function terrainUnit(body: Body, h: number, x: number, y: number, z: number): number {
  const g = body.grammar;
  if (g.iciness >= ICE_UNIT_ICINESS) return TERRAIN_ICE;
  if (g.youth >= VOLCANIC_UNIT_YOUTH) return TERRAIN_VOLCANIC;
  if (!g.lowlandUnit) {
    dirAt.x = x;
    dirAt.y = y;
    dirAt.z = z;
    return plainWeightSampleAt(body, dirAt, unitAt).w >= PLAIN_UNIT_WEIGHT ? TERRAIN_PLAIN : TERRAIN_HIGHLAND;
  }
  return h < -PLAIN_UNIT_DEPTH * g.maxReliefM ? TERRAIN_PLAIN : TERRAIN_HIGHLAND;
}

/** Per body (or default) background k per unit [highland, plain, ice, volcanic] and fresh-ejecta k. */
interface RockTable {
  background: readonly [number, number, number, number];
  fresh: number;
}

/**
 * Rock abundance k (fraction of area covered by rocks of any size).
 * - Luna, and airless rocky bodies by default: plains 0.005, highlands 0.01 — blocks cover well
 *   under 1 % of lunar plains away from fresh craters (Cintala & McBride 1995, NASA TM-104804,
 *   Surveyor and Lunar Orbiter block counts); fresh crater ejecta 0.2 (blocky rims, ibid.).
 * - Mars: plains 0.07 (Viking Lander 1, k = 0.069; Golombek & Rapp 1997 Table 1), old highlands
 *   0.08 (the global mode of thermal-inertia rock abundance ≈ 0.06–0.08, Christensen 1986), fresh
 *   ejecta 0.3 (Viking Lander 2 on Mie ejecta, k = 0.176, and rockier near-rim counts).
 * - Ice: 0.01 background, 0.1 fresh (ice blocks on Europa and Callisto are sparse away from
 *   fresh craters; Galileo SSI high-resolution frames, Moore et al. 1999) — an estimate.
 * - Volcanic: 0.05 background (Venera 13/14 panoramas show platy outcrop rather than loose
 *   blocks; Io unobserved at metre scale), 0.15 fresh — an estimate.
 */
const DEFAULT_TABLE: RockTable = { background: [0.01, 0.005, 0.01, 0.05], fresh: 0.2 };
const TABLES: Readonly<Record<string, RockTable>> = {
  mars: { background: [0.08, 0.07, 0.01, 0.05], fresh: 0.3 },
};
const ICE_FRESH = 0.1;
const VOLCANIC_FRESH = 0.15;

/**
 * The rock-abundance constants as one flat record, for the registry hash (ADR-0005): rocks and the
 * cover bytes of patches are keyed by the level id, so a change here must move it.
 */
export function rockTunables(): Readonly<Record<string, number>> {
  const out: Record<string, number> = { iceFresh: ICE_FRESH, volcanicFresh: VOLCANIC_FRESH };
  out.iceIciness = ICE_UNIT_ICINESS;
  out.volcanicYouth = VOLCANIC_UNIT_YOUTH;
  out.plainDepth = PLAIN_UNIT_DEPTH;
  out.plainWeight = PLAIN_UNIT_WEIGHT;
  out.steepStart = STEEP_START;
  out.steepFull = STEEP_FULL;
  const tables: [string, RockTable][] = [['default', DEFAULT_TABLE], ...Object.entries(TABLES)];
  for (const [id, t] of tables) {
    t.background.forEach((k, unit) => (out[`${id}Background${unit}`] = k));
    out[`${id}Fresh`] = t.fresh;
  }
  return Object.freeze(out);
}

/** Tangent of the slope above which bare blocks are exposed on walls (25°). */
const STEEP_START = 0.4663076581549986;
/** Tangent of the slope at which walls are as blocky as half of fresh ejecta (40°). */
const STEEP_FULL = 0.8390996311772799;

/**
 * Local rock abundance k at ground of terrain `unit`, fresh-ejecta signal `ejecta` (0 … 1) and slope
 * tangent `tanSlope`: background k raised towards the fresh-ejecta k by the ejecta signal and by
 * steep walls, then reduced by air (wind and weathering bury and break rocks): × (1 − air/2).
 */
export function rockAbundance(body: Body, unit: number, ejecta: number, tanSlope: number): number {
  const table = TABLES[body.id] ?? DEFAULT_TABLE;
  // Background blocks are impact ejecta accumulated over the unit's age: a surface whose small
  // craters are below equilibrium holds that share of them (the drawn tail's crater share, ADR-0006:
  // Europa 0.29, Enceladus 0.49, Triton 0.24; 1 on every old surface). Volcanic ground's blocks are
  // not impact ejecta; fresh ejecta and steep walls keep their k.
  const base =
    unit === TERRAIN_VOLCANIC ? table.background[unit] : table.background[unit] * tailCraterShare(body);
  const fresh = unit === TERRAIN_ICE ? ICE_FRESH : unit === TERRAIN_VOLCANIC ? VOLCANIC_FRESH : table.fresh;
  let steep = (tanSlope - STEEP_START) / (STEEP_FULL - STEEP_START);
  steep = steep <= 0 ? 0 : steep >= 1 ? 0.5 : 0.5 * steep;
  const raise = ejecta > steep ? ejecta : steep;
  return (base + (fresh - base) * raise) * (1 - body.grammar.air / 2);
}

/**
 * `rockAbundance`'s terms on `body` for a kernel that evaluates it elsewhere (the GPU producer's
 * cover encode, ADR-0020): per terrain unit the base and fresh k, the air factor and the steep-wall
 * ramp. rockAbundance(body, u, e, t) = (base[u] + (fresh[u] − base[u])·max(e, steep(t)))·airFactor.
 */
export function rockTerms(body: Body): {
  base: readonly number[];
  fresh: readonly number[];
  airFactor: number;
  steepStart: number;
  steepFull: number;
} {
  const table = TABLES[body.id] ?? DEFAULT_TABLE;
  const share = tailCraterShare(body);
  const base = table.background.map((k, unit) => (unit === TERRAIN_VOLCANIC ? k : k * share));
  const fresh = [table.fresh, table.fresh, ICE_FRESH, VOLCANIC_FRESH];
  return { base, fresh, airFactor: 1 - body.grammar.air / 2, steepStart: STEEP_START, steepFull: STEEP_FULL };
}

/** Largest k `rockAbundance` can return on `body` (for cheap rejection in scatter). */
export function maxRockAbundance(body: Body): number {
  const table = TABLES[body.id] ?? DEFAULT_TABLE;
  return Math.max(table.fresh, ICE_FRESH, VOLCANIC_FRESH, ...table.background) * (1 - body.grammar.air / 2);
}

/** Slope tangent of ground with tangential gradient (gx, gy, gz) m per radian at elevation h. */
export function slopeTangent(body: Body, h: number, gx: number, gy: number, gz: number): number {
  return Math.sqrt(gx * gx + gy * gy + gz * gz) / (body.radius + h);
}
