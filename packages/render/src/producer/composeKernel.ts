/**
 * The compose kernel of the GPU patch producer (ADR-0020): canonical.ts's per-sample combination for
 * a body without landforms whose named places are floods, craters, shields, canyons and calderas
 * (GpuPatchProducer.ts refuses the rest), followed by drawn.ts's tail, in float32:
 *
 *   places (placeStage.ts placesD, registry order, from the body's place records): a flood floods
 *        B to its level by its shore weight, a crater adds its profile to B; each masks the ladder
 *        (m ← m·(1 − w·(1 − keep))), except a named mare, which joins the young unit (k ← k·(1 − w));
 *        the canyon segments join their cut (cut ← cut + w·(D − cut)), B ← B − cut after the loop;
 *        shields and calderas add A after the knee
 *   w  = 1 − shore, ∇w = −∇shore on a body with a flooded lowland unit (params.unit = 1), else 0
 *        (units.ts plainWeightD), then joined with the maria: w ← 1 − (1 − w)·k
 *   l  = (1 − w)·L_old + w·L_young,  ∇l = (1 − w)·∇L_old + w·∇L_young + (L_young − L_old)·∇w
 *   K  = B + m·l;  h_c = knee(K): K where |K| ≤ a = RELIEF_KNEE·maxRelief, else ±(a + softLimit(|K| − a,
 *        maxRelief − a)), slope d = knee′(K)
 *   ∇h = d·(∇B + m·∇l + l·∇m) + ∇A projected onto the tangent plane (3-D, per unit of direction),
 *        then + ∇micro + ∇grit (already tangential, m per radian); h = h_c + A + micro + grit
 *   albedo (albedoTone.ts albedoAt) on a body with an albedo map: the provinces with their noisy
 *        edges over the background, then the chasma floors by 1 − Π(1 − w) of the segments
 *   ejecta = max(micro ejecta, ladder ejecta), boulders = ladder ejecta
 *
 * In per sample: the band stage's three vec4 ((B, ∇B) and (shore, ∇shore) are read: canonical.ts
 * resets the mask to 1 before the places), the ladder's LADDER_OUT_WORDS (old unit, ejecta, young
 * unit), the micro band's eight words, the grit's vec4 and the split position words (the direction
 * for the projection is (hi + lo)/R; a place's offset is (hi − C_hi) + (lo − C_lo) in metres, as the
 * ladder's candidates'); per body the place records (GpuPlaces.ts, PLACE_RECORD_WORDS each). Out
 * COMPOSE_OUT_WORDS per sample: h, ∇h.xyz, ejecta, boulders, w and |∇w| (3-D, per unit of
 * direction: the cover's unit and tone contact read them), the albedo (the cover's tone on Mars).
 */
import {
  ALBEDO_EDGE,
  ALBEDO_NOISE_FREQUENCY,
  ALBEDO_ROUGHNESS,
  CRATER_EJECTA_REACH,
  FEATURE_CALDERA,
  FEATURE_CANYON,
  FEATURE_FLOOD,
  FEATURE_SHIELD,
  FEATURE_SCARP,
  PLACE_CALDERA_DEPTH,
  PLACE_CALDERA_WALL,
  PLACE_CANYON_TAPER,
  PLACE_SCARP_FACE,
  PLACE_SHORE_WIDTH,
  RELIEF_KNEE,
  RIDGE_TAPER,
} from '@landfall/universe';
import { ARC_RECORD_VEC4 } from './GpuArcs';
import { HASH_WGSL } from './hashWgsl';
import { VALUE_NOISE_WGSL } from './noiseWgsl';
import { craterProfileWgsl, LADDER_OUT_WORDS } from './ladderKernel';
import { SMOOTHERSTEP_D_WGSL, SMOOTHSTEP_D_WGSL } from './smoothWgsl';
import { PLACE_RECORD_WORDS } from './GpuPlaces';

/** Invocations per workgroup. ADR-0020. */
export const COMPOSE_WORKGROUP_SIZE = 64;
/** Output floats per sample: h, ∇h.xyz, ejecta, boulders, w, |∇w|, the albedo (0 without a map). ADR-0020. */
export const COMPOSE_OUT_WORDS = 9;

/** A WGSL f32 literal of a float64 constant. */
const f32 = (x: number): string => {
  const s = String(Math.fround(x));
  return /[.eE]/.test(s) ? s : `${s}.0`;
};

/**
 * The WGSL source (params: samplesPerPatch, total, R and maxRelief as f32 bits; unit (0 or 1), the
 * body's place count, its albedo provinces (0: no map), 0). Binding 7 the batch (GpuArcs.ts): per
 * patch the canyon walls' filter width, chord (placeStage.ts `filterChord`), and its lobate-scarp
 * arcs.
 */
export const COMPOSE_WGSL = /* wgsl */ `
struct Params {
  samplesPerPatch: u32,
  total: u32,
  radius: u32,
  maxRelief: u32,
  unit: u32,
  placeCount: u32,
  albedoCount: u32,
  pad2: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> bands: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read> ladder: array<f32>;
@group(0) @binding(3) var<storage, read> micro: array<f32>;
@group(0) @binding(4) var<storage, read> grit: array<vec4<f32>>;
@group(0) @binding(5) var<storage, read> samples: array<f32>;
@group(0) @binding(6) var<storage, read> places: array<vec4<f32>>;
@group(0) @binding(7) var<storage, read> batch: array<vec4<f32>>;
@group(0) @binding(8) var<storage, read_write> result: array<f32>;

const PW: u32 = ${PLACE_RECORD_WORDS / 4}u;
const FLOOD: u32 = ${FEATURE_FLOOD}u;
const SHIELD: u32 = ${FEATURE_SHIELD}u;
const CANYON: u32 = ${FEATURE_CANYON}u;
const CALDERA: u32 = ${FEATURE_CALDERA}u;
const SCARP: u32 = ${FEATURE_SCARP}u;
const SCARP_KNEE: f32 = ${f32(-1 + 2 * PLACE_SCARP_FACE)};
const SCARP_TAPER: f32 = ${f32(PLACE_CANYON_TAPER)};
const ARC_TAPER: f32 = ${f32(RIDGE_TAPER)};
const AV: u32 = ${ARC_RECORD_VEC4}u;
const SHORE: f32 = ${PLACE_SHORE_WIDTH};
const EJECTA_REACH: f32 = ${CRATER_EJECTA_REACH};
const CALDERA_FLOOR_Q: f32 = ${f32((1 - PLACE_CALDERA_WALL) * (1 - PLACE_CALDERA_WALL))};
const CALDERA_PIT: f32 = ${f32(PLACE_CALDERA_DEPTH)};
const ALBEDO_E0: f32 = ${f32((1 - ALBEDO_EDGE) * (1 - ALBEDO_EDGE))};
const ALBEDO_E1: f32 = ${f32((1 + ALBEDO_EDGE) * (1 + ALBEDO_EDGE))};
const ALBEDO_REACH: f32 = ${f32(((1 + ALBEDO_EDGE) * (1 + ALBEDO_EDGE)) / (1 - ALBEDO_ROUGHNESS))};
const ALBEDO_ROUGH: f32 = ${f32(ALBEDO_ROUGHNESS)};
const ALBEDO_FREQUENCY: f32 = ${f32(ALBEDO_NOISE_FREQUENCY)};

${craterProfileWgsl('places')}

${SMOOTHSTEP_D_WGSL}
${SMOOTHERSTEP_D_WGSL}
${HASH_WGSL}
${VALUE_NOISE_WGSL}

// placeStage.ts segmentD: canyon segment b at (s, u) (chords from its great circle and along it)
// under the filter width fw: its weight w (1 on the floor, 0 beyond the rim), ∂w/∂s, ∂w/∂u, its
// depth and ∂depth/∂u; on = false outside.
struct Segment {
  w: f32,
  ws: f32,
  wu: f32,
  dep: f32,
  depU: f32,
  on: bool,
}

fn segment(b: u32, s: f32, u: f32, fw: f32) -> Segment {
  var o = Segment(0.0, 0.0, 0.0, 0.0, 0.0, false);
  let g0 = places[b + 7u];
  let g1 = places[b + 8u];
  let uh = g0.x;
  var du = 0.0;
  if (u > uh) {
    du = u - uh;
  } else if (u < -uh) {
    du = u + uh;
  }
  let d2 = s * s + du * du;
  let sb = smoothstepD(-uh, uh, u);
  let inner0 = g0.y + (g0.z - g0.y) * sb.x;
  let outer0 = g0.w + (g1.x - g0.w) * sb.x;
  let mid = (inner0 + outer0) / 2.0;
  let midU = ((g0.z - g0.y + g1.x - g0.w) * sb.y) / 2.0;
  let wall0 = outer0 - inner0;
  let wall0U = (g1.x - g0.z - g0.w + g0.y) * sb.y;
  let cap = min(fw, g1.w);
  var wall = wall0;
  var wallU = wall0U;
  if (cap > 0.0) {
    wall = sqrt(wall0 * wall0 + cap * cap);
    wallU = (wall0 * wall0U) / wall;
  }
  let outer = mid + wall / 2.0;
  if (!(d2 < outer * outer)) {
    return o;
  }
  let inner = mid - wall / 2.0;
  let innerU = midU - wallU / 2.0;
  let d = sqrt(d2);
  let t = (d - inner) / wall;
  let rise = smootherstepD(0.0, 1.0, t);
  o.w = 1.0 - rise.x;
  if (rise.y != 0.0) {
    let kq = -rise.y / wall;
    o.ws = (kq * s) / d;
    o.wu = kq * (du / d - innerU - t * wallU);
  }
  o.dep = g1.y + (g1.z - g1.y) * sb.x;
  o.depU = (g1.z - g1.y) * sb.y;
  o.on = true;
  return o;
}

// The scarp profile (placeStage.ts canyonD's rupes, lobateScarps.ts) at a = s/sHalf ∈ (−1, 1):
// (c, dc/da), c = smoothstep(−1, κ, a)·(1 − smoothstep(κ, 1, a)): a steep face, a long back limb.
fn scarpProfile(a: f32) -> vec2<f32> {
  let rise = smoothstepD(-1.0, SCARP_KNEE, a);
  let fall = smoothstepD(SCARP_KNEE, 1.0, a);
  return vec2<f32>(rise.x * (1.0 - fall.x), rise.y * (1.0 - fall.x) - rise.x * fall.y);
}

// lobateScarps.ts lobateScarpsD over the patch's arcs (GpuArcs.ts): (h, ∇h) of Mercury's scarps.
fn lobateScarps(p: u32, hi: vec3<f32>, lo3: vec3<f32>, R: f32) -> vec4<f32> {
  let head = batch[p];
  let first = u32(head.y);
  let count = u32(head.z);
  let base = params.total / params.samplesPerPatch;
  var out = vec4<f32>(0.0);
  for (var i = 0u; i < count; i = i + 1u) {
    let b = base + (first + i) * AV;
    let v0 = batch[b];
    let v1 = batch[b + 1u];
    let v4 = batch[b + 4u];
    let pw = (hi - v0.xyz) + (lo3 - v1.xyz);
    if (!(dot(pw, pw) < v4.z)) {
      continue;
    }
    let v2 = batch[b + 2u];
    let v3 = batch[b + 3u];
    let s = (dot(pw, v2.xyz) / R + v0.w) * v2.w;
    let sa = s * v3.w;
    if (!(sa > -1.0 && sa < 1.0)) {
      continue;
    }
    let u = dot(pw, v3.xyz) / R + v1.w;
    let au = abs(u);
    let uHalf = v4.x;
    if (!(au < uHalf)) {
      continue;
    }
    let e = smoothstepD((1.0 - ARC_TAPER) * uHalf, uHalf, au);
    let ev = 1.0 - e.x;
    let ed = select(-e.y, e.y, u < 0.0);
    let height = v4.y;
    let c = scarpProfile(sa);
    let fs = height * c.y * ev * v2.w * v3.w;
    let fu = height * c.x * ed;
    out = out + vec4<f32>(height * c.x * ev, fs * v2.xyz + fu * v3.xyz);
  }
  return out;
}

// albedoTone.ts edgeNoise: two octaves of value noise at the direction, about −1 … 1.
fn edgeNoise(s0: u32, s1: u32, d: vec3<f32>) -> f32 {
  let v = valueNoise(s0, d * ALBEDO_FREQUENCY).x + 0.5 * valueNoise(s1, d * (2.5 * ALBEDO_FREQUENCY)).x;
  return v / 1.5;
}

// albedoTone.ts albedoAt: the provinces over the background, then the chasma floors (keep = Π(1 − w)
// over the canyon segments at the sample).
fn albedoAt(d: vec3<f32>, keep: f32) -> f32 {
  let hb = params.placeCount * PW;
  let hd = places[hb];
  let sd = places[hb + 1u];
  let s0 = u32(sd.x) | (u32(sd.y) << 16u);
  let s1 = u32(sd.z) | (u32(sd.w) << 16u);
  var a = hd.x;
  var noise = 2.0;
  for (var i = 0u; i < params.albedoCount; i = i + 1u) {
    let b = hb + (1u + i) * PW;
    let c = places[b].xyz;
    let dd = d - c;
    let de = dot(dd, places[b + 1u].xyz);
    let dn = dot(dd, places[b + 2u].xyz);
    let pr = places[b + 3u];
    let q = de * de * pr.x + dn * dn * pr.y;
    if (!(q < ALBEDO_REACH) || dot(d, c) <= 0.0) {
      continue;
    }
    if (noise == 2.0) {
      noise = edgeNoise(s0, s1, d);
    }
    let w = 1.0 - smoothstepD(ALBEDO_E0, ALBEDO_E1, q * (1.0 + ALBEDO_ROUGH * noise)).x;
    a = a + w * (pr.z - a);
  }
  return a + (1.0 - keep) * (hd.w - a);
}

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
  let d = (hi + lo3) / R;
  let pi = k / params.samplesPerPatch;
  let fw = batch[pi].x;
  // landforms.ts: Mercury's lobate scarps join the bands before the places flood them.
  let scarps = lobateScarps(pi, hi, lo3, R);
  var B = band.x + scarps.x;
  var gB = band.yzw + scarps.yzw;
  var m = 1.0;
  var gm = vec3<f32>(0.0);
  var kk = 1.0;
  var gk = vec3<f32>(0.0);
  // The chasmata's joined cut (subtracted from B after the loop), the post-knee shields and
  // calderas (A), and the chasma floors' keep for the albedo.
  var cut = 0.0;
  var gcut = vec3<f32>(0.0);
  var A = 0.0;
  var gA = vec3<f32>(0.0);
  var akeep = 1.0;
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
    let kind = u32(pm.x);
    if (kind == SCARP) {
      // placeStage.ts canyonD (rupes): B += H·c(a)·e(u), a = s/sHalf, tapered ends.
      let n = places[b + 5u].xyz;
      let t = places[b + 6u].xyz;
      let g0 = places[b + 7u];
      let s = dot(pw, n) / R;
      let u = dot(pw, t) / R;
      let sa = abs(s) / g0.y;
      let au = abs(u);
      if (sa >= 1.0 || au >= g0.x || dot(d, (c0.xyz + c1.xyz) / R) <= 0.0) {
        continue;
      }
      let c = scarpProfile(s / g0.y);
      let e = smoothstepD(g0.x * (1.0 - SCARP_TAPER), g0.x, au);
      let ev = 1.0 - e.x;
      let ed = select(-e.y, e.y, u < 0.0);
      let ks = pm.z * (c.y / g0.y) * ev;
      let ku = pm.z * c.x * ed;
      B = B + pm.z * c.x * ev;
      gB = gB + ks * n + ku * t;
      continue;
    }
    if (kind == CANYON) {
      // placeStage.ts canyonD: cut ← cut + w·(D − cut); s, u from the offset (the centre lies on
      // the great circle, its tangent across it), so they keep the offset's precision.
      if (!(dot(d, (c0.xyz + c1.xyz) / R) > 0.0)) {
        continue;
      }
      let n = places[b + 5u].xyz;
      let t = places[b + 6u].xyz;
      let sg = segment(b, dot(pw, n) / R, dot(pw, t) / R, fw);
      if (!sg.on) {
        continue;
      }
      let diff = sg.dep - cut;
      let ks = diff * sg.ws;
      let ku = diff * sg.wu + sg.w * sg.depU;
      gcut = (1.0 - sg.w) * gcut + ks * n + ku * t;
      cut = cut + sg.w * diff;
      akeep = akeep * (1.0 - sg.w);
      continue;
    }
    let q = c2m * c2.x;
    let gq = c2.y * pw;
    if (kind == SHIELD) {
      // placeStage.ts shieldD: (H − E)·(1 − 3q² + 2q³) + E·(1 − smoothstep(q_e, 1, q)) − the
      // generic summit pit D·(1 − q·K)² where no caldera is named.
      let sh = places[b + 7u];
      let dome = pm.z - sh.x;
      var v = dome * (1.0 - 3.0 * q * q + 2.0 * q * q * q);
      var dv = dome * (6.0 * q * q - 6.0 * q);
      if (sh.x > 0.0) {
        let e = smoothstepD(sh.y, 1.0, q);
        v = v + sh.x * (1.0 - e.x);
        dv = dv - sh.x * e.y;
      }
      let qc = q * sh.z;
      if (sh.z > 0.0 && qc < 1.0) {
        let a = 1.0 - qc;
        let dc = CALDERA_PIT * pm.z;
        v = v - dc * a * a;
        dv = dv + 2.0 * dc * a * sh.z;
      }
      A = A + v;
      gA = gA + dv * gq;
      continue;
    }
    if (kind == CALDERA) {
      // −D·(1 − smoothstep((1 − wall)², 1, q)): a flat floor D deep, a steep wall to the rim.
      let e = smoothstepD(CALDERA_FLOOR_Q, 1.0, q);
      A = A - pm.z * (1.0 - e.x);
      gA = gA + pm.z * e.y * gq;
      continue;
    }
    let r = sqrt(q);
    var sw: vec2<f32>;
    if (kind == FLOOD) {
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
    if (kind == FLOOD) {
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
  B = B - cut;
  gB = gB - gcut;
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
  let kn = knee(B + m * l, limit);
  let g = kn.y * (gB + m * gl + l * gm) + gA;
  let t = g - dot(g, d) * d;
  let mi = 8u * k;
  let gr = grit[k];
  let h = kn.x + A + micro[mi] + gr.x;
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
  var albedo = 0.0;
  if (params.albedoCount > 0u) {
    albedo = albedoAt(d, akeep);
  }
  result[o + 8u] = albedo;
}
`;
