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

// universe math/hash.ts hashCell3: three rounds, one per axis.
fn hashCell3(seed: u32, c: vec3<i32>) -> u32 {
  let u = bitcast<vec3<u32>>(c);
  let hx = fmix32(seed ^ (u.x * 0x8da6b343u));
  let hy = fmix32(hx ^ (u.y * 0xd8163841u));
  return fmix32(hy ^ (u.z * 0xcb1ab31fu));
}

fn corner(seed: u32, c: vec3<i32>) -> f32 {
  return 2.0 * (f32(hashCell3(seed, c)) * 2.3283064365386963e-10) - 1.0;
}

fn quintic(t: vec3<f32>) -> vec3<f32> {
  return t * t * t * (t * (6.0 * t - 15.0) + 10.0);
}
fn quinticD(t: vec3<f32>) -> vec3<f32> {
  let a = t * (t - 1.0);
  return 30.0 * a * a;
}

// Value noise and its gradient at lattice point p (universe math/valueNoise.ts).
fn valueNoise(seed: u32, p: vec3<f32>) -> vec4<f32> {
  let fl = floor(p);
  let i = vec3<i32>(fl);
  let t = p - fl;
  let c000 = corner(seed, i);
  let c100 = corner(seed, i + vec3<i32>(1, 0, 0));
  let c010 = corner(seed, i + vec3<i32>(0, 1, 0));
  let c110 = corner(seed, i + vec3<i32>(1, 1, 0));
  let c001 = corner(seed, i + vec3<i32>(0, 0, 1));
  let c101 = corner(seed, i + vec3<i32>(1, 0, 1));
  let c011 = corner(seed, i + vec3<i32>(0, 1, 1));
  let c111 = corner(seed, i + vec3<i32>(1, 1, 1));
  let k1 = c100 - c000;
  let k2 = c010 - c000;
  let k3 = c001 - c000;
  let k4 = c110 - c010 - c100 + c000;
  let k5 = c101 - c001 - c100 + c000;
  let k6 = c011 - c001 - c010 + c000;
  let k7 = c111 - c011 - c101 - c110 + c100 + c001 + c010 - c000;
  let w = quintic(t);
  let d = quinticD(t);
  let v = c000 + k1 * w.x + k2 * w.y + k3 * w.z + k4 * w.x * w.y + k5 * w.x * w.z + k6 * w.y * w.z
    + k7 * w.x * w.y * w.z;
  return vec4<f32>(
    v,
    d.x * (k1 + k4 * w.y + k5 * w.z + k7 * w.y * w.z),
    d.y * (k2 + k4 * w.x + k6 * w.z + k7 * w.x * w.z),
    d.z * (k3 + k5 * w.x + k6 * w.y + k7 * w.x * w.y),
  );
}

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
