/**
 * The compose kernel of the GPU patch producer (ADR-0020): canonical.ts's per-sample combination for
 * a body whose landforms and places contribute nothing and whose young unit, if any, is the band
 * flooding's (GpuPatchProducer.ts refuses the rest), followed by drawn.ts's tail, in float32:
 *
 *   w  = 1 − shore, ∇w = −∇shore on a body with a flooded lowland unit (params.unit = 1), else 0
 *        (units.ts plainWeightD); m = 1 (no places)
 *   l  = (1 − w)·L_old + w·L_young,  ∇l = (1 − w)·∇L_old + w·∇L_young + (L_young − L_old)·∇w
 *   K  = B + l;  h_c = knee(K): K where |K| ≤ a = RELIEF_KNEE·maxRelief, else ±(a + softLimit(|K| − a,
 *        maxRelief − a)), slope d = knee′(K)
 *   ∇h = d·(∇B + ∇l) projected onto the tangent plane (both 3-D, per unit of direction), then
 *        + ∇micro + ∇grit (already tangential, m per radian); h = h_c + micro + grit
 *   ejecta = max(micro ejecta, ladder ejecta), boulders = ladder ejecta
 *
 * In per sample: the band stage's three vec4 ((B, ∇B) and (shore, ∇shore) are read: canonical.ts
 * resets the mask to 1 before the places), the ladder's LADDER_OUT_WORDS (old unit, ejecta, young
 * unit), the micro band's eight words, the grit's vec4 and the split position words (the direction
 * for the projection is (hi + lo)/R). Out COMPOSE_OUT_WORDS per sample: h, ∇h.xyz, ejecta,
 * boulders, w and |∇w| (3-D, per unit of direction: the cover's tone contact reads them).
 */
import { RELIEF_KNEE } from '@landfall/universe';
import { LADDER_OUT_WORDS } from './ladderKernel';

/** Invocations per workgroup. ADR-0020. */
export const COMPOSE_WORKGROUP_SIZE = 64;
/** Output floats per sample: h, ∇h.xyz, ejecta, boulders, w, |∇w|. ADR-0020. */
export const COMPOSE_OUT_WORDS = 8;

/** The WGSL source (params: samplesPerPatch, total, R and maxRelief as f32 bits; unit (0 or 1), 0, 0, 0). */
export const COMPOSE_WGSL = /* wgsl */ `
struct Params {
  samplesPerPatch: u32,
  total: u32,
  radius: u32,
  maxRelief: u32,
  unit: u32,
  pad0: u32,
  pad1: u32,
  pad2: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> bands: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read> ladder: array<f32>;
@group(0) @binding(3) var<storage, read> micro: array<f32>;
@group(0) @binding(4) var<storage, read> grit: array<vec4<f32>>;
@group(0) @binding(5) var<storage, read> samples: array<f32>;
@group(0) @binding(6) var<storage, read_write> result: array<f32>;

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
  let lo = ${LADDER_OUT_WORDS}u * k;
  let lOld = ladder[lo];
  let gOld = vec3<f32>(ladder[lo + 1u], ladder[lo + 2u], ladder[lo + 3u]);
  var l = lOld;
  var gl = gOld;
  var w = 0.0;
  var gw = 0.0;
  if (params.unit != 0u) {
    let shore = bands[3u * k + 1u];
    w = 1.0 - shore.x;
    gw = length(shore.yzw);
    let lYoung = ladder[lo + 8u];
    let gYoung = vec3<f32>(ladder[lo + 9u], ladder[lo + 10u], ladder[lo + 11u]);
    l = (1.0 - w) * lOld + w * lYoung;
    gl = (1.0 - w) * gOld + w * gYoung - (lYoung - lOld) * shore.yzw;
  }
  let s = 6u * k;
  let P = vec3<f32>(samples[s], samples[s + 1u], samples[s + 2u]) +
    vec3<f32>(samples[s + 3u], samples[s + 4u], samples[s + 5u]);
  let d = P / R;
  let kn = knee(band.x + l, limit);
  let g = kn.y * (band.yzw + gl);
  let t = g - dot(g, d) * d;
  let mi = 8u * k;
  let gr = grit[k];
  let h = kn.x + micro[mi] + gr.x;
  let gm = vec3<f32>(micro[mi + 1u], micro[mi + 2u], micro[mi + 3u]);
  let grad = t + gm + gr.yzw;
  let o = ${COMPOSE_OUT_WORDS}u * k;
  result[o] = h;
  result[o + 1u] = grad.x;
  result[o + 2u] = grad.y;
  result[o + 3u] = grad.z;
  result[o + 4u] = max(micro[mi + 4u], ladder[lo + 4u]);
  result[o + 5u] = ladder[lo + 4u];
  result[o + 6u] = w;
  result[o + 7u] = gw;
}
`;
