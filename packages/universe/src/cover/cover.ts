/**
 * Per-sample cover bytes (ADR-0007), packed by the streamer into each vertex
 * (`packages/streamer/src/patch/PatchFormat.ts`, OFFSET_COVER):
 *
 *   byte 0 = slope class (high nibble, 0–15) | fresh-ejecta brightness (low nibble, 0–15)
 *   byte 1 = regolith tone (high nibble) | rock cover (low nibble, 0–15)
 *            regolith tone on a body with an albedo map (Mars): its albedo tone 0 … 15; elsewhere
 *            the alt-tone level round(ALT_TONE_LEVELS × a) (cover version 2), a the weight of the
 *            palette's second regolith tone: the larger of the terrain unit's own share
 *            (UNIT_ALT_TONE, groundClass.ts units) and, on ice, Europa's dark material (lineae,
 *            ridge margins, chaos matrix) or the young unit (Ganymede's grooved terrain, Pluto's
 *            Sputnik Planitia), on rock the young unit (maria). Version 1 packed the unit in bits
 *            0–1 and a 4-level alt tone in bits 2–3: every mare shore and linea edge drew as
 *            contour steps of a third of the contrast, saw-toothed along the mesh cells.
 *
 * Slope class c: the slope is in [3c°, 3c + 3°) (class 15: ≥ 45°), from the drawn field's analytic
 * gradient. Fresh ejecta: floor(16 × the micro ladder's fresh-ejecta signal), clamped to 15. Rock
 * cover: round(15 × k / ROCK_COVER_FULL_K), clamped, k from `rockAbundance` on the canonical
 * boulder-field signal alone (craters deep enough to excavate through their unit's regolith,
 * field/regolith.ts), the same signal and rule scatter's rocks follow; metre-scale tail craters
 * brighten the ground but add no rock. Regolith tone: on a
 * body with an albedo map (Mars, ADR-0018) its albedo tone 0 (brightest) … 15 (darkest) from
 * `albedoTone`; elsewhere the unit and alt-tone level above. Computed from the field
 * value and gradient at the sample, never from a mesh, so cover does not step at LOD boundaries.
 */
import type { Body } from '../body/Body';
import type { Vec3 } from '../math/vec3';
import { elevationSample } from '../field/elevation';
import { bodyLandforms, darkMaterialAt } from '../field/landforms';
import { plainWeightSampleAt, unitSample } from '../field/units';
import { drawnGroundAtD, freshEjectaBatch } from '../tail/drawn';
import { albedoMap, albedoTone, hasAlbedoMap } from './albedoTone';
import {
  ICE_UNIT_ICINESS,
  PLAIN_UNIT_DEPTH,
  rockAbundance,
  rockTerms,
  slopeTangent,
  terrainUnit,
  VOLCANIC_UNIT_YOUTH,
} from './groundClass';

/** Rock abundance k that maps to rock-cover nibble 15. */
export const ROCK_COVER_FULL_K = 0.3;
/** Levels of the alt-tone signal in cover byte 1 (its whole high nibble). ADR-0018. */
export const ALT_TONE_LEVELS = 15;
/**
 * Version of the cover bytes' meaning (ADR-0007): in the registry hash, so patches cached under
 * another meaning are not served. 2: the tone nibble is one 16-level alt tone; 3: the young unit's
 * weight drawn as a contact (UNIT_CONTACT_HALF_WIDTH_M); 4: Europa's lenticulae pits and spots join
 * its dark material (field/lenticulae.ts); 5: the young unit's tone weight joins the named maria,
 * as the field does (field/units.ts `plainWeightSampleAt`); 6: the terrain unit (rock cover, the
 * unit's own tone share) is the young unit on the Moon, not every band lowland (groundClass.ts); 7:
 * the albedo tone's quantity is rounded to ALBEDO_TONE_GRID before its floor (Tharsis' tone 1 → 2).
 */
export const COVER_VERSION = 7;
/**
 * Half-width of the tone's contact between the young unit and the old, m (ADR-0007): the smoothstep
 * about w = ½ spans 2× this, its steepest gradient 0.75/this — 12.5 % per km, inside the 5–15 %
 * per km that Clementine spectra show near mare–highland contacts (Li & Mustard 2000, lateral
 * mixing). Never narrower than the level filter.
 */
export const UNIT_CONTACT_HALF_WIDTH_M = 6000;
/**
 * Alt-tone share of each terrain unit on its own [highland, plain, ice, volcanic] (ADR-0018): low
 * plains a touch darker, young volcanic rock darker still; the young unit's weight (maria) and
 * Europa's dark material take the second tone in full where they lie.
 */
export const UNIT_ALT_TONE: readonly number[] = Object.freeze([0, 0.125, 0, 0.375]);
/** Slope class width, degrees. */
export const SLOPE_CLASS_STEP_DEG = 3;

/** tan(3°·c) for c = 1 … 15: slope-class thresholds on the slope tangent. */
const SLOPE_TAN = [
  0.05240777928304121, 0.10510423526567647, 0.15838444032453627, 0.21255656167002213, 0.2679491924311227,
  0.3249196962329063, 0.3838640350354158, 0.4452286853085362, 0.5095254494944288, 0.5773502691896257,
  0.6494075931975106, 0.7265425280053609, 0.809784033195007, 0.9004040442978399, 0.9999999999999999,
];

/** Slope class 0 … 15 of a slope tangent. */
export function slopeClass(tanSlope: number): number {
  let c = 0;
  while (c < 15 && tanSlope >= SLOPE_TAN[c]) c++;
  return c;
}

function nibble(x: number): number {
  return x >= 15 ? 15 : x <= 0 ? 0 : Math.floor(x);
}

const at = { x: 0, y: 0, z: 0 };

/**
 * Alt-tone level 0 … ALT_TONE_LEVELS at unit direction (x, y, z) of ground of terrain `unit`: the
 * larger of the unit's own share (UNIT_ALT_TONE) and, on ice, Europa's dark material or the young
 * unit; on rock, the young unit's weight (the Moon's maria take the palette's dark mare regolith in
 * full, ADR-0004's unit albedo); 0 from the second term on a body without a young unit. Europa's
 * lineae and ridge margins are drawn at the level filter `filterM` (lineae.ts).
 */
function darkLevel(body: Body, unit: number, x: number, y: number, z: number, filterM: number): number {
  const g = body.grammar;
  at.x = x;
  at.y = y;
  at.z = z;
  let w: number;
  if (g.iciness >= ICE_UNIT_ICINESS && bodyLandforms(body).lineae) w = darkMaterialAt(body, at, filterM);
  else w = g.units.plain ? unitContact(body, filterM) : 0;
  const own = UNIT_ALT_TONE[unit];
  return Math.floor(ALT_TONE_LEVELS * (w > own ? w : own) + 0.5);
}

const unitAt = unitSample();

/**
 * The young unit's tone weight at `at`: a smoothstep across its contact with the old unit, of
 * half-width H = max(UNIT_CONTACT_HALF_WIDTH_M, filterM) along the weight's gradient, about the
 * contact w = ½ — d = (w − ½)/|∇w| is the distance to it to first order. The flooding shore's own
 * ramp is tens of km wide (band-noise units); real contacts are sharper (cover version 3).
 */
function unitContact(body: Body, filterM: number): number {
  const u = plainWeightSampleAt(body, at, unitAt);
  const w = u.w;
  if (w <= 0 || w >= 1) return w;
  const g = Math.sqrt(u.wx * u.wx + u.wy * u.wy + u.wz * u.wz);
  const half = (filterM > UNIT_CONTACT_HALF_WIDTH_M ? filterM : UNIT_CONTACT_HALF_WIDTH_M) / body.radius;
  if (!(g > 0)) return w;
  const x = ((w - 0.5) / g + half) / (2 * half);
  const t = x <= 0 ? 0 : x >= 1 ? 1 : x;
  return t * t * (3 - 2 * t);
}

/** Packs one sample's cover into out[o], out[o + 1]; `dark` its alt-tone level. */
function packCover(
  body: Body,
  x: number,
  y: number,
  z: number,
  h: number,
  gx: number,
  gy: number,
  gz: number,
  ejecta: number,
  boulders: number,
  out: Uint8Array,
  o: number,
  filterM = 0,
): void {
  const tan = slopeTangent(body, h, gx, gy, gz);
  const unit = terrainUnit(body, h, x, y, z);
  const k = rockAbundance(body, unit, boulders, tan);
  out[o] = (slopeClass(tan) << 4) | nibble(16 * ejecta);
  const tone = hasAlbedoMap(body)
    ? albedoTone(body, x, y, z, filterM)
    : darkLevel(body, unit, x, y, z, filterM);
  out[o + 1] = (tone << 4) | nibble((15 * k) / ROCK_COVER_FULL_K + 0.5);
}

const drawn = elevationSample();
const pointBoulders = new Float64Array(1);

/** Cover bytes of the drawn ground at unit direction `dir` into out[0], out[1]; returns `out`. */
export function coverAt(body: Body, dir: Readonly<Vec3>, out: Uint8Array): Uint8Array {
  if (out.length < 2) throw new RangeError(`coverAt: out has ${out.length} bytes; 2 are needed`);
  const ejectaAt = drawnGroundAtD(body, dir, drawn, pointBoulders);
  packCover(
    body,
    dir.x,
    dir.y,
    dir.z,
    drawn.h,
    drawn.gx,
    drawn.gy,
    drawn.gz,
    ejectaAt,
    pointBoulders[0],
    out,
    0,
  );
  return out;
}

let ejecta = new Float64Array(0);
let boulders = new Float64Array(0);

/**
 * Cover for `count` samples: `dirs` (x, y, z interleaved), the drawn `heights` and gradients
 * `grads` (as filled by `drawnBatch`), 2 bytes per sample into `out`. Equal to `coverAt` per sample
 * when heights and grads come from `drawnBatch` on the same directions. `filterM`: the level
 * filter the heights were drawn with (the fresh-ejecta signal is read under the same filter).
 */
export function coverBatch(
  body: Body,
  dirs: Float64Array,
  count: number,
  heights: Float64Array,
  grads: Float64Array,
  out: Uint8Array,
  filterM = 0,
): void {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`coverBatch: bad count ${count}`);
  if (
    dirs.length < 3 * count ||
    heights.length < count ||
    grads.length < 3 * count ||
    out.length < 2 * count
  ) {
    throw new RangeError(
      `coverBatch: ${count} samples need dirs ≥ ${3 * count}, heights ≥ ${count}, grads ≥ ${3 * count}, out ≥ ${2 * count} (got ${dirs.length}, ${heights.length}, ${grads.length}, ${out.length})`,
    );
  }
  if (ejecta.length < count) {
    ejecta = new Float64Array(count);
    boulders = new Float64Array(count);
  }
  freshEjectaBatch(body, dirs, count, ejecta, filterM, boulders);
  for (let i = 0; i < count; i++) {
    packCover(
      body,
      dirs[3 * i],
      dirs[3 * i + 1],
      dirs[3 * i + 2],
      heights[i],
      grads[3 * i],
      grads[3 * i + 1],
      grads[3 * i + 2],
      ejecta[i],
      boulders[i],
      out,
      2 * i,
      filterM,
    );
  }
}

/**
 * What `packCover` needs of `body` under the level filter `filterM`, for a kernel that encodes the
 * cover bytes elsewhere (the GPU producer, ADR-0020), or why it cannot: the slope-class thresholds,
 * the rock terms (groundClass.ts `rockTerms`), the terrain unit's mode (one unit for ice and young
 * volcanic bodies; else the named maria's weight w ≥ PLAIN_UNIT_WEIGHT, or elevation below
 * `plainBelowM`), and the tone: the unit's own share and, with `toneContact`, the young unit's
 * contact of half-width `contactHalfRad` radians, or on a body with an albedo map (Mars) the albedo's
 * tone between `albedo.bright` and `albedo.dark`. `unsupported` names what such a kernel would need
 * besides (Europa's dark material); '' when nothing.
 */
function albedoRange(body: Body): { bright: number; dark: number } | null {
  const m = albedoMap(body);
  return m ? { bright: m.bright, dark: m.dark } : null;
}

export function coverEncodePlan(body: Body, filterM: number) {
  const g = body.grammar;
  const unitMode =
    g.iciness >= ICE_UNIT_ICINESS
      ? 'ice'
      : g.youth >= VOLCANIC_UNIT_YOUTH
        ? 'volcanic'
        : g.lowlandUnit
          ? 'lowland'
          : 'namedMaria';
  const darkMaterial = g.iciness >= ICE_UNIT_ICINESS && bodyLandforms(body).lineae;
  return {
    slopeTan: SLOPE_TAN as readonly number[],
    unitAltTone: UNIT_ALT_TONE,
    altToneLevels: ALT_TONE_LEVELS,
    rockCoverFullK: ROCK_COVER_FULL_K,
    ...rockTerms(body),
    unitMode,
    plainBelowM: -PLAIN_UNIT_DEPTH * g.maxReliefM,
    toneContact: !darkMaterial && Boolean(g.units.plain),
    contactHalfRad: (filterM > UNIT_CONTACT_HALF_WIDTH_M ? filterM : UNIT_CONTACT_HALF_WIDTH_M) / body.radius,
    /** With an albedo map the tone is the albedo's (`albedoTone`): its brightest and darkest albedo. */
    albedo: albedoRange(body),
    unsupported: darkMaterial ? 'dark material (lineae)' : '',
  } as const;
}
