/**
 * WGSL of the GPU producer's cover encode (ADR-0020): universe's `packCover` (cover/cover.ts) in
 * float32 — the two cover bytes of ADR-0007 per sample from the drawn field's h and tangential
 * gradient, the micro and crater ladders' fresh-ejecta signal, the canonical boulder-field signal
 * and the young unit's weight w and |∇w|:
 *   byte 0 = slope class (tan(slope) against tan(3°·c), c = 1 … 15) << 4 | floor(16·ejecta)
 *   byte 1 = alt-tone level floor(15·max(w_tone, own share) + 0.5) << 4 | round(15·k / 0.3)
 * with k = (base + (fresh − base)·max(boulders, steep))·(1 − air/2) (groundClass.ts
 * `rockAbundance`), the terrain unit from the body's unit mode, and w_tone the young unit's
 * contact smoothstep (`unitContact`) where the body has a young unit, else 0. On a body with an albedo
 * map (Mars) the level is albedoTone.ts's instead: the floor of 15·(bright − A)/(bright − dark) + 0.5
 * rounded to ALBEDO_TONE_GRID, in 0 … 15, from the sample's albedo A (the compose kernel's). Europa's dark material is refused by
 * `coverInputBatch` (GpuCover.ts): its tone reads fields this stage does not have.
 *
 * Layout: one invocation per sample, `COVER_WORKGROUP_SIZE` per workgroup. Bindings: params
 * (samplesPerPatch, total), records (`COVER_RECORD_WORDS` per patch: R, the plain's depth
 * threshold, unit mode, tone mode (0 the unit's own, 1 with the young unit's contact, 2 the albedo),
 * base k per unit ×4, fresh k per unit ×4, the air factor, the contact's half-width in radians, the
 * brightest and darkest albedo), samples (`COVER_SAMPLE_WORDS` f32: h, ∇h.xyz, ejecta, boulders, w,
 * |∇w|, albedo), result (one u32: byte 0 | byte 1 << 8).
 */

import { ALBEDO_TONE_GRID } from '@landfall/universe';

/** Invocations per workgroup. */
export const COVER_WORKGROUP_SIZE = 64;
/** 32-bit words of one patch record. */
export const COVER_RECORD_WORDS = 16;
/** 32-bit words of one sample's input. */
export const COVER_SAMPLE_WORDS = 9;

/** Terrain unit modes of a record: the body's whole ground is one unit, or it is decided per sample. */
export const COVER_UNIT_MODES = ['ice', 'volcanic', 'namedMaria', 'lowland'] as const;

function f32(x: number): string {
  const s = String(Math.fround(x));
  return /[.e]/.test(s) ? s : `${s}.0`;
}

/** The kernel, given universe's cover constants (slope thresholds, steep walls, own tone shares). */
export function coverWgsl(c: {
  slopeTan: readonly number[];
  steepStart: number;
  steepFull: number;
  unitAltTone: readonly number[];
  altToneLevels: number;
  rockCoverFullK: number;
}): string {
  return /* wgsl */ `
struct Params { samplesPerPatch: u32, total: u32, pad0: u32, pad1: u32 }
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> records: array<u32>;
@group(0) @binding(2) var<storage, read> samples: array<f32>;
@group(0) @binding(3) var<storage, read_write> result: array<u32>;

const SLOPE_TAN = array<f32, 15>(${c.slopeTan.map(f32).join(', ')});
const OWN_TONE = array<f32, 4>(${c.unitAltTone.map(f32).join(', ')});
const STEEP_START: f32 = ${f32(c.steepStart)};
const STEEP_SPAN: f32 = ${f32(c.steepFull - c.steepStart)};
const TONE_LEVELS: f32 = ${f32(c.altToneLevels)};
const ROCK_SCALE: f32 = ${f32(15 / c.rockCoverFullK)};
const TONE_GRID_INV: f32 = ${f32(1 / ALBEDO_TONE_GRID)};

fn nibble(x: f32) -> u32 {
  if (x >= 15.0) { return 15u; }
  if (x <= 0.0) { return 0u; }
  return u32(floor(x));
}

fn rf(i: u32) -> f32 {
  return bitcast<f32>(records[i]);
}

// cover.ts unitContact: the smoothstep across the young unit's contact w = 1/2, half-width half.
fn unitContact(w: f32, gw: f32, half: f32) -> f32 {
  if (w <= 0.0 || w >= 1.0) { return w; }
  if (!(gw > 0.0)) { return w; }
  let x = ((w - 0.5) / gw + half) / (2.0 * half);
  let t = clamp(x, 0.0, 1.0);
  return t * t * (3.0 - 2.0 * t);
}

@compute @workgroup_size(${COVER_WORKGROUP_SIZE})
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  let k = id.x;
  if (k >= params.total) { return; }
  let r = (k / params.samplesPerPatch) * ${COVER_RECORD_WORDS}u;
  let s = ${COVER_SAMPLE_WORDS}u * k;
  let h = samples[s];
  let g = vec3<f32>(samples[s + 1u], samples[s + 2u], samples[s + 3u]);
  let ejecta = samples[s + 4u];
  let boulders = samples[s + 5u];
  let w = samples[s + 6u];
  let gw = samples[s + 7u];
  let tanSlope = sqrt(dot(g, g)) / (rf(r) + h);
  var cls = 0u;
  loop {
    if (cls >= 15u || !(tanSlope >= SLOPE_TAN[cls])) { break; }
    cls = cls + 1u;
  }
  let mode = records[r + 2u];
  var unit = 0u;
  if (mode == 0u) { unit = 2u; }
  else if (mode == 1u) { unit = 3u; }
  else if (mode == 2u) { unit = select(0u, 1u, w >= 0.5); }
  else { unit = select(0u, 1u, h < rf(r + 1u)); }
  let base = rf(r + 4u + unit);
  let fresh = rf(r + 8u + unit);
  var steep = (tanSlope - STEEP_START) / STEEP_SPAN;
  steep = select(select(0.5 * steep, 0.5, steep >= 1.0), 0.0, steep <= 0.0);
  let raise = select(steep, boulders, boulders > steep);
  let rock = (base + (fresh - base) * raise) * rf(r + 12u);
  var tone = 0.0;
  if (records[r + 3u] == 1u) { tone = unitContact(w, gw, rf(r + 13u)); }
  let own = OWN_TONE[unit];
  var level = u32(floor(TONE_LEVELS * select(own, tone, tone > own) + 0.5));
  if (records[r + 3u] == 2u) {
    let bright = rf(r + 14u);
    let q = (15.0 * (bright - samples[s + 8u])) / (bright - rf(r + 15u)) + 0.5;
    // albedoTone.ts: the quantity to ALBEDO_TONE_GRID (half up), then its floor.
    let t = floor(floor(q * TONE_GRID_INV + 0.5) / TONE_GRID_INV);
    level = u32(clamp(t, 0.0, 15.0));
  }
  let byte0 = (cls << 4u) | nibble(16.0 * ejecta);
  let byte1 = (level << 4u) | nibble(rock * ROCK_SCALE + 0.5);
  result[k] = byte0 | (byte1 << 8u);
}
`;
}
