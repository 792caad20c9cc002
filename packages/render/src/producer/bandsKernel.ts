/**
 * WGSL of the GPU producer's band stage (ADR-0020): universe's `bandsD` (field/bands.ts) — value-noise
 * fBm in direction space (BAND_OCTAVES from BAND_BASE_FREQUENCY, ridge fBm on ridged and tesserae
 * bodies), flooding, the landform family's shaping, the ladder mask and the shoreline — in float32
 * with the lattice hash (math/mix32.ts's cell hash) in exact 32-bit integers.
 *
 * The lattice coordinates are direction × frequency ≤ 80 (bands) and ≤ 128 (ridges), so float32
 * resolves them to ≤ 2⁻¹⁷ of a cell: the direction is (hi + lo) / R from the domain split's words,
 * a function of the sample's words alone (a shared vertex gets the same bits from both patches).
 *
 * Layout: one invocation per sample, BANDS_WORKGROUP_SIZE per workgroup; per patch a record of
 * BANDS_RECORD_WORDS (the 7 band and 4 ridge octave seeds, then amplitude, flooding, landform code,
 * radius); per sample out three vec4: (h, ∇h), (shore, ∇shore), (mask, ∇mask) — value and 3-D
 * gradient with respect to the direction, as `bandsD` gives them (not yet projected).
 */
import { HASH_WGSL } from './hashWgsl';
import { VALUE_NOISE_WGSL } from './noiseWgsl';
import { SMOOTHSTEP_D_WGSL } from './smoothWgsl';

/** Invocations per workgroup. */
export const BANDS_WORKGROUP_SIZE = 64;

/** 32-bit words of one patch record: 12 seed words (11 used), amplitude, flooding, landform, radius. */
export const BANDS_RECORD_WORDS = 16;

/** The landform families' codes in a record, in universe's Landform order. */
export const LANDFORM_CODES = ['cratered', 'volcanic', 'ridged', 'tesserae', 'continents'] as const;

/** The band tunables the kernel bakes in (universe's BAND_TUNABLES). */
export interface BandConstants {
  octaves: number;
  baseFrequency: number;
  gain: number;
  floodLevel: number;
  floodWidth: number;
  floodBurial: number;
  mountainLevel: number;
  mountainWidth: number;
  shelfWidth: number;
  ridgeOctaves: number;
  ridgeBaseFrequency: number;
  ridgeSharpness: number;
  ridgeShare: number;
}

/** A WGSL float literal of a float64 constant (rounded to float32 by the compiler). */
const f = (x: number): string => (Number.isInteger(x) ? `${x}.0` : `${x}`);

export function bandsWgsl(c: BandConstants, sampleWords: number): string {
  return /* wgsl */ `
struct Params {
  samplesPerPatch: u32,
  total: u32,
  pad0: u32,
  pad1: u32,
};

struct Patch {
  seeds: array<vec4<u32>, 3>,
  amp: f32,
  flooding: f32,
  landform: u32,
  radius: f32,
};

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> patches: array<Patch>;
@group(0) @binding(2) var<storage, read> samples: array<f32>;
@group(0) @binding(3) var<storage, read_write> result: array<vec4<f32>>;

${HASH_WGSL}

${VALUE_NOISE_WGSL}
fn seedOf(p: Patch, i: u32) -> u32 {
  return p.seeds[i / 4u][i % 4u];
}

// 2 × normalised fBm of value noise at direction dir: octaves first..first+count of the seeds.
fn fbm(p: Patch, first: u32, count: u32, f0: f32, dir: vec3<f32>) -> vec4<f32> {
  var fr = f0;
  var a = 1.0;
  var norm = 0.0;
  var out = vec4<f32>(0.0);
  for (var i = 0u; i < count; i = i + 1u) {
    let o = valueNoise(seedOf(p, first + i), dir * fr);
    out = out + vec4<f32>(a * o.x, a * fr * o.yzw);
    norm = norm + a;
    a = a * ${f(c.gain)};
    fr = fr * 2.0;
  }
  return out * (2.0 / norm);
}

${SMOOTHSTEP_D_WGSL}

@compute @workgroup_size(${BANDS_WORKGROUP_SIZE})
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  let k = id.x;
  if (k >= params.total) {
    return;
  }
  let p = patches[k / params.samplesPerPatch];
  let b = ${sampleWords}u * k;
  let hi = vec3<f32>(samples[b], samples[b + 1u], samples[b + 2u]);
  let lo = vec3<f32>(samples[b + 3u], samples[b + 4u], samples[b + 5u]);
  let dir = (hi + lo) / p.radius;
  let n = fbm(p, 0u, ${c.octaves}u, ${f(c.baseFrequency)}, dir);
  let nv = n.x;
  let keep = 1.0 - p.flooding;
  let s = smoothstepD(${f(c.floodLevel - c.floodWidth)}, ${f(c.floodLevel + c.floodWidth)}, nv);
  let mul = keep + (1.0 - keep) * s.x;
  let fv = ${f(c.floodLevel)} + (nv - ${f(c.floodLevel)}) * mul;
  let fd = mul + (nv - ${f(c.floodLevel)}) * (1.0 - keep) * s.y;
  let burial = ${f(c.floodBurial)} * p.flooding;
  let mask = 1.0 - burial * (1.0 - s.x);
  let md = burial * s.y;
  var h = fv;
  var dn = fd;
  var dm = 0.0;
  var m = vec4<f32>(0.0);
  let lf = p.landform;
  if (lf == 4u) {
    let t = smoothstepD(${f(-c.shelfWidth)}, ${f(c.shelfWidth)}, nv);
    h = 0.7 * (2.0 * t.x - 1.0) + 0.3 * nv;
    dn = 1.4 * t.y + 0.3;
  } else if (lf == 1u) {
    let t = smoothstepD(${f(c.mountainLevel)}, ${f(c.mountainLevel + c.mountainWidth)}, nv);
    h = 0.3 * fv + t.x;
    dn = 0.3 * fd + t.y;
  } else if (lf == 2u || lf == 3u) {
    m = fbm(p, ${c.octaves}u, ${c.ridgeOctaves}u, ${f(c.ridgeBaseFrequency)}, dir);
    let sq = sqrt(m.x * m.x + ${f(c.ridgeSharpness * c.ridgeSharpness)});
    let r = (1.0 - sq) * (1.0 - sq);
    let rd = (-2.0 * (1.0 - sq) * m.x) / sq;
    if (lf == 2u) {
      h = ${f(1 - c.ridgeShare)} * fv + ${f(c.ridgeShare)} * (r - 0.5);
      dn = ${f(1 - c.ridgeShare)} * fd;
      dm = ${f(c.ridgeShare)} * rd;
    } else {
      let t = smoothstepD(${f(c.mountainLevel)}, ${f(c.mountainLevel + c.mountainWidth)}, nv);
      h = fv + ${f(c.ridgeShare)} * t.x * r;
      dn = fd + ${f(c.ridgeShare)} * t.y * r;
      dm = ${f(c.ridgeShare)} * t.x * rd;
    }
  }
  result[3u * k] = vec4<f32>(p.amp * h, p.amp * (dn * n.yzw + dm * m.yzw));
  result[3u * k + 1u] = vec4<f32>(s.x, s.y * n.yzw);
  result[3u * k + 2u] = vec4<f32>(mask, md * n.yzw);
}
`;
}
