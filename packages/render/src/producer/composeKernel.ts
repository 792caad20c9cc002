/**
 * The compose kernel of the GPU patch producer (ADR-0020): canonical.ts's per-sample combination for
 * a body without landforms whose named places are floods and craters (GpuPatchProducer.ts refuses
 * the rest), followed by drawn.ts's tail, in float32:
 *
 *   places (placeStage.ts placesD, registry order, from the body's place records): a flood floods
 *        B to its level by its shore weight, a crater adds its profile to B; each masks the ladder
 *        (m ← m·(1 − w·(1 − keep))), except a named mare, which joins the young unit (k ← k·(1 − w))
 *   w  = 1 − shore, ∇w = −∇shore on a body with a flooded lowland unit (params.unit = 1), else 0
 *        (units.ts plainWeightD), then joined with the maria: w ← 1 − (1 − w)·k
 *   l  = (1 − w)·L_old + w·L_young,  ∇l = (1 − w)·∇L_old + w·∇L_young + (L_young − L_old)·∇w
 *   K  = B + m·l;  h_c = knee(K): K where |K| ≤ a = RELIEF_KNEE·maxRelief, else ±(a + softLimit(|K| − a,
 *        maxRelief − a)), slope d = knee′(K)
 *   ∇h = d·(∇B + m·∇l + l·∇m) projected onto the tangent plane (3-D, per unit of direction), then
 *        + ∇micro + ∇grit (already tangential, m per radian); h = h_c + micro + grit
 *   ejecta = max(micro ejecta, ladder ejecta), boulders = ladder ejecta
 *
 * In per sample: the band stage's three vec4 ((B, ∇B) and (shore, ∇shore) are read: canonical.ts
 * resets the mask to 1 before the places), the ladder's LADDER_OUT_WORDS (old unit, ejecta, young
 * unit), the micro band's eight words, the grit's vec4 and the split position words (the direction
 * for the projection is (hi + lo)/R; a place's offset is (hi − C_hi) + (lo − C_lo) in metres, as the
 * ladder's candidates'); per body the place records (GpuPlaces.ts, PLACE_RECORD_WORDS each). Out
 * COMPOSE_OUT_WORDS per sample: h, ∇h.xyz, ejecta, boulders, w and |∇w| (3-D, per unit of
 * direction: the cover's unit and tone contact read them).
 */
import { CRATER_EJECTA_REACH, PLACE_SHORE_WIDTH, RELIEF_KNEE } from '@landfall/universe';
import { craterProfileWgsl, LADDER_OUT_WORDS } from './ladderKernel';
import { SMOOTHSTEP_D_WGSL } from './smoothWgsl';
import { PLACE_RECORD_WORDS } from './GpuPlaces';

/** Invocations per workgroup. ADR-0020. */
export const COMPOSE_WORKGROUP_SIZE = 64;
/** Output floats per sample: h, ∇h.xyz, ejecta, boulders, w, |∇w|. ADR-0020. */
export const COMPOSE_OUT_WORDS = 8;

/**
 * The WGSL source (params: samplesPerPatch, total, R and maxRelief as f32 bits; unit (0 or 1), the
 * body's place count, 0, 0).
 */
export const COMPOSE_WGSL = /* wgsl */ `
struct Params {
  samplesPerPatch: u32,
  total: u32,
  radius: u32,
  maxRelief: u32,
  unit: u32,
  placeCount: u32,
  pad1: u32,
  pad2: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> bands: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read> ladder: array<f32>;
@group(0) @binding(3) var<storage, read> micro: array<f32>;
@group(0) @binding(4) var<storage, read> grit: array<vec4<f32>>;
@group(0) @binding(5) var<storage, read> samples: array<f32>;
@group(0) @binding(6) var<storage, read> places: array<vec4<f32>>;
@group(0) @binding(7) var<storage, read_write> result: array<f32>;

const PW: u32 = ${PLACE_RECORD_WORDS / 4}u;
const FLOOD: u32 = 0u;
const SHORE: f32 = ${PLACE_SHORE_WIDTH};
const EJECTA_REACH: f32 = ${CRATER_EJECTA_REACH};

${craterProfileWgsl('places')}

${SMOOTHSTEP_D_WGSL}

// softLimitD (math/softLimit.ts): x / sqrt(1 + u²), derivative 1 / ((1 + u²)·sqrt(1 + u²)).
fn soft_limit(x: f32, limit: f32) -> vec2<f32> {
  let u = x / limit;
  let a = 1.0 + u * u;
  let s = sqrt(a);
  return vec2<f32>(x / s, 1.0 / (a * s));
}

// canonical.ts kneeD: (value, slope).
fn knee(raw: f32, limit: f32) -> vec2<f32> {
  let a = f32(${RELIEF_KNEE}) * limit;
  if (raw > a) {
    let s = soft_limit(raw - a, limit - a);
    return vec2<f32>(a + s.x, s.y);
  }
  if (raw < -a) {
    let s = soft_limit(raw + a, limit - a);
    return vec2<f32>(s.x - a, s.y);
  }
  return vec2<f32>(raw, 1.0);
}

@compute @workgroup_size(${COMPOSE_WORKGROUP_SIZE})
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  let k = id.x;
  if (k >= params.total) {
    return;
  }
  let R = bitcast<f32>(params.radius);
  let limit = bitcast<f32>(params.maxRelief);
  let band = bands[3u * k];
  let s = 6u * k;
  let hi = vec3<f32>(samples[s], samples[s + 1u], samples[s + 2u]);
  let lo3 = vec3<f32>(samples[s + 3u], samples[s + 4u], samples[s + 5u]);
  // placeStage.ts placesD: floods and craters in registry order flood or add to B, mask the ladder
  // (m) and, for named maria, join the young unit (k = Π(1 − w)).
  var B = band.x;
  var gB = band.yzw;
  var m = 1.0;
  var gm = vec3<f32>(0.0);
  var kk = 1.0;
  var gk = vec3<f32>(0.0);
  for (var f = 0u; f < params.placeCount; f = f + 1u) {
    let b = f * PW;
    let c0 = places[b];
    let c1 = places[b + 1u];
    let c2 = places[b + 2u];
    // Sample minus centre, m (as the ladder's candidates).
    let pw = (hi - c0.xyz) + (lo3 - c1.xyz);
    let c2m = dot(pw, pw);
    if (!(c2m < places[b + 14u].x)) {
      continue;
    }
    let pm = places[b + 13u];
    let q = c2m * c2.x;
    let gq = c2.y * pw;
    let r = sqrt(q);
    var sw: vec2<f32>;
    if (u32(pm.x) == FLOOD) {
      sw = smoothstepD(1.0 - SHORE, 1.0 + SHORE, r);
    } else {
      if (q < c2.z) {
        let cr = craterAt(b, pw, q, R);
        B = B + cr.v;
        gB = gB + cr.d * gq + cr.ft;
      }
      sw = smoothstepD(1.0, EJECTA_REACH, r);
    }
    let wt = 1.0 - sw.x;
    var wd = 0.0;
    if (sw.y != 0.0) {
      wd = -sw.y / (2.0 * r);
    }
    let gwt = wd * gq;
    if (u32(pm.x) == FLOOD) {
      let diff = pm.z - B;
      gB = (1.0 - wt) * gB + diff * gwt;
      B = B + wt * diff;
      if (pm.y == 1.0) {
        gk = (1.0 - wt) * gk - kk * gwt;
        kk = kk * (1.0 - wt);
        continue;
      }
    }
    let lose = 1.0 - pm.w;
    let sk = 1.0 - wt * lose;
    gm = gm * sk - m * lose * gwt;
    m = m * sk;
  }
  // units.ts: the band flooding's weight, joined with the named maria (joinNamedMareD).
  var w = 0.0;
  var gw = vec3<f32>(0.0);
  if (params.unit != 0u) {
    let shore = bands[3u * k + 1u];
    w = 1.0 - shore.x;
    gw = -shore.yzw;
  }
  if (kk != 1.0 || gk.x != 0.0 || gk.y != 0.0 || gk.z != 0.0) {
    let o = 1.0 - w;
    gw = gw * kk - o * gk;
    w = 1.0 - o * kk;
  }
  let ld = ${LADDER_OUT_WORDS}u * k;
  let lOld = ladder[ld];
  let gOld = vec3<f32>(ladder[ld + 1u], ladder[ld + 2u], ladder[ld + 3u]);
  let lYoung = ladder[ld + 8u];
  let gYoung = vec3<f32>(ladder[ld + 9u], ladder[ld + 10u], ladder[ld + 11u]);
  let l = (1.0 - w) * lOld + w * lYoung;
  let gl = (1.0 - w) * gOld + w * gYoung + (lYoung - lOld) * gw;
  let d = (hi + lo3) / R;
  let kn = knee(B + m * l, limit);
  let g = kn.y * (gB + m * gl + l * gm);
  let t = g - dot(g, d) * d;
  let mi = 8u * k;
  let gr = grit[k];
  let h = kn.x + micro[mi] + gr.x;
  let gmi = vec3<f32>(micro[mi + 1u], micro[mi + 2u], micro[mi + 3u]);
  let grad = t + gmi + gr.yzw;
  let o = ${COMPOSE_OUT_WORDS}u * k;
  result[o] = h;
  result[o + 1u] = grad.x;
  result[o + 2u] = grad.y;
  result[o + 3u] = grad.z;
  result[o + 4u] = max(micro[mi + 4u], ladder[ld + 4u]);
  result[o + 5u] = ladder[ld + 4u];
  result[o + 6u] = w;
  result[o + 7u] = length(gw);
}
`;
