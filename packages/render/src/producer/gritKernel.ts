/**
 * WGSL of the GPU producer's grit band (ADR-0020): universe's `gritAt` (tail/grit.ts) — two octaves
 * of quintic gradient noise on cubic lattices — evaluated in float32 with the lattice hash in exact
 * 32-bit integer arithmetic.
 *
 * The domain split: a sample arrives as its body-fixed position P = direction × radius (m), which
 * the CPU computes in float64 and splits into two float32 words, hi = f32(P) and lo = f32(P − hi).
 * Each octave's spacing is a power of two metres, so hi / spacing and lo / spacing are exact; the
 * cell index is floor(hi / spacing) (exact: an integer of magnitude < 2^24) and the fraction
 * (hi / spacing − cell) + lo / spacing is off by ≤ 2^-24. A vertex two patches share arrives as the
 * same words from both, so the kernel gives it the same bits in both: no anchor, no seam.
 *
 * Layout: one invocation per sample, 64 per workgroup; patches of `samplesPerPatch` samples each,
 * many per dispatch; per patch one record of octave constants; out per sample (h, ∇h) in m and
 * m per radian, the gradient tangential like `gritAt`'s.
 */
import { HASH_WGSL } from './hashWgsl';

/** Invocations per workgroup. */
export const GRIT_WORKGROUP_SIZE = 64;

/** 32-bit words of one patch record: seeds (4 u32) then amplitude and 1 / spacing per octave (4 f32). */
export const GRIT_RECORD_WORDS = 8;

/** 32-bit words of one sample's input: hi.xyz, lo.xyz. */
export const GRIT_SAMPLE_WORDS = 6;

export const GRIT_WGSL = /* wgsl */ `
struct Params {
  samplesPerPatch: u32,
  total: u32,
  pad0: u32,
  pad1: u32,
};

struct Patch {
  // seed of octave 0, seed of octave 1, unused, unused
  seeds: vec4<u32>,
  // amplitude (m) of octave 0 and 1, 1 / spacing (1 / m) of octave 0 and 1
  coef: vec4<f32>,
};

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> patches: array<Patch>;
@group(0) @binding(2) var<storage, read> samples: array<f32>;
@group(0) @binding(3) var<storage, read_write> result: array<vec4<f32>>;

${HASH_WGSL}

// Gradient components k / 511.5 − 1 from three 10-bit fields of the hash.
fn gradientOf(h: u32) -> vec3<f32> {
  let k = (vec3<u32>(h, h >> 10u, h >> 20u)) & vec3<u32>(1023u);
  return vec3<f32>(k) / 511.5 - 1.0;
}

// One octave at lattice coordinates cell + f (f in [0, 1)): value and gradient in lattice units.
fn octave(seed: u32, cell: vec3<i32>, f: vec3<f32>) -> vec4<f32> {
  let s = f * f * f * (f * (f * 6.0 - 15.0) + 10.0);
  let ds = 30.0 * f * f * (f * (f - 2.0) + 1.0);
  var n = 0.0;
  var g = vec3<f32>(0.0);
  for (var c = 0u; c < 8u; c = c + 1u) {
    let o = vec3<u32>(c & 1u, (c >> 1u) & 1u, c >> 2u);
    let up = o == vec3<u32>(1u);
    let gr = gradientOf(latticeHash(seed, cell + vec3<i32>(o)));
    let v = dot(gr, f - vec3<f32>(o));
    let w3 = select(1.0 - s, s, up);
    let dw3 = select(-ds, ds, up);
    let w = w3.x * w3.y * w3.z;
    n = n + w * v;
    g = g + vec3<f32>(dw3.x * w3.y * w3.z, w3.x * dw3.y * w3.z, w3.x * w3.y * dw3.z) * v + w * gr;
  }
  return vec4<f32>(n, g);
}

// The octave at P / spacing, P = hi + lo: exact cell, fraction to 2^-24.
fn octaveAt(seed: u32, hi: vec3<f32>, lo: vec3<f32>, inv: f32) -> vec4<f32> {
  let th = hi * inv;
  let fl = floor(th);
  var f = (th - fl) + lo * inv;
  var cell = vec3<i32>(fl);
  let under = f < vec3<f32>(0.0);
  cell = cell - select(vec3<i32>(0), vec3<i32>(1), under);
  f = f + select(vec3<f32>(0.0), vec3<f32>(1.0), under);
  let over = f >= vec3<f32>(1.0);
  cell = cell + select(vec3<i32>(0), vec3<i32>(1), over);
  f = f - select(vec3<f32>(0.0), vec3<f32>(1.0), over);
  return octave(seed, cell, f);
}

@compute @workgroup_size(${GRIT_WORKGROUP_SIZE})
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  let k = id.x;
  if (k >= params.total) {
    return;
  }
  let p = patches[k / params.samplesPerPatch];
  let b = ${GRIT_SAMPLE_WORDS}u * k;
  let hi = vec3<f32>(samples[b], samples[b + 1u], samples[b + 2u]);
  let lo = vec3<f32>(samples[b + 3u], samples[b + 4u], samples[b + 5u]);
  var h = 0.0;
  var g = vec3<f32>(0.0);
  for (var o = 0u; o < 2u; o = o + 1u) {
    let a = p.coef[o];
    if (a != 0.0) {
      let inv = p.coef[2u + o];
      let n = octaveAt(p.seeds[o], hi, lo, inv);
      h = h + a * n.x;
      // d(noise)/dP = ∇n / spacing; per radian of the unit direction × radius R = |P|.
      g = g + (a * inv) * n.yzw;
    }
  }
  // m per metre → m per radian: × R; then the tangential part, as gritAt does.
  let r = length(hi);
  let d = hi / r;
  let gr = g * r;
  result[k] = vec4<f32>(h, gr - dot(gr, d) * d);
}
`;
