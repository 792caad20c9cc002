/**
 * WGSL of the GPU producer's crater ladder (ADR-0020, port step 2): the old unit's sums of
 * universe's feature ladder (field/ladder.ts `ladderBatchD`, field/rungSum.ts `addFeature` and
 * `foldOne`, math/craterProfile.ts) per sample over candidates the CPU gathered for the patch.
 *
 * The CPU gathers and describes each patch's candidates per rung in canonical order (ascending
 * lattice cell, universe's `gatherRung` over the patch's bounding cap padded beyond the float32
 * error) and packs them (GpuLadder.ts); the kernel does, per sample: the reach test q < qe, the
 * profiles (simple bowls, complex craters with their scalloped rim, terraced wall and lobed peak,
 * knobs and pits, remnants), the per-rung sum and its soft-limit fold, the level filter's rung
 * weights, and the fresh-ejecta (boulder) maximum. A candidate that does not reach a sample adds
 * nothing, and both patches of a shared vertex hold every candidate that can reach it in the same
 * order, so the vertex gets the same bits from both.
 *
 * Domain split: a sample arrives as hi = f32(P), lo = f32(P − hi), P = direction × R in metres; a
 * candidate's centre C = n × R likewise. The offset sample − centre is w = (hi − C_hi) +
 * (lo − C_lo): the first difference is exact (Sterbenz) where the two are within a factor 2, else
 * rounded to 2^-24 of itself; metre-scale afterwards, never a difference of 10^6 m values.
 * q = |w|²/ρ² (ρ the rim radius, m) is universe's chord²/r² to ≈ 2^-21; the gradient
 * d·(2/r²)·dx (direction units) is d·(2R/ρ²)·w.
 *
 * Complex craters' phases (twelve e^{iφ} from the crater's spin, craterProfile.ts `phasesOf`) and
 * azimuth basis (`tangentBasis`) depend on the crater alone: the CPU computes them in float64 and
 * uploads them with the candidate.
 *
 * Layout: one invocation per sample, `LADDER_WORKGROUP_SIZE` per workgroup. Bindings: params
 * (samplesPerPatch, total), patches (`LADDER_PATCH_WORDS` each: first rung record, rungs, R as f32
 * bits, 0), rungs (`LADDER_RUNG_WORDS` each: first candidate, end, weight and fold limit as f32
 * bits; the young unit's uniform weight as f32 bits, 1 when the rung sums the young unit per
 * feature, 0, 0), candidates (`LADDER_CANDIDATE_WORDS` f32 each, `Candidate` below), samples (the split's
 * GRIT_SAMPLE_WORDS each), result (`LADDER_OUT_WORDS` per sample: h (m), ∇h.xyz (m per direction
 * unit, 3-D, as `ladderBatchD` gives it), fresh ejecta, candidates summed, 0, 0, then the young
 * unit's h and ∇h.xyz).
 *
 * The young unit (ladder.ts `setRungMode`): a rung with uniform young weights adds its weight c_k
 * times the rung's filtered fold to the young unit's sum; a rung of a dated unit with older features
 * (or buried remnants) sums each feature × its young weight (candidate word 19) and folds that sum
 * the same way. The compose kernel blends the two units by the unit's weight w.
 */
import {
  BOULDER_APRON_Q,
  CRATER_PEAK_LOBES,
  CRATER_RIM_SCALLOP,
  CRATER_SCALLOP_REACH,
  CRATER_TERRACE_PINCH,
  CRATER_TERRACE_WAVE,
  KIND_CRATER,
} from '@landfall/universe';

/** Invocations per workgroup. */
export const LADDER_WORKGROUP_SIZE = 64;
/** 32-bit words of one patch record: first rung record, rung count (u32), R (f32), 0. */
export const LADDER_PATCH_WORDS = 4;
/**
 * 32-bit words of one rung record (two vec4): first candidate, end (u32), level-filter weight, fold
 * limit (f32); the young unit's uniform weight (f32), the per-feature flag (u32), two zeros.
 */
export const LADDER_RUNG_WORDS = 8;
/**
 * 32-bit words of one candidate (13 vec4 of f32): centre hi.xyz, kind (a small integer as f32: no denormal bit patterns); centre lo.xyz,
 * terraces; 1/ρ² (m⁻²), 2R/ρ², qe, boulder strength; rim, depth, k, qf; peak, qp, terrace, young weight; the
 * azimuth basis e1.xyz, 0 and e2.xyz, 0; twelve phases (cos, sin) in six vec4.
 */
export const LADDER_CANDIDATE_WORDS = 52;
/** 32-bit words of one sample's output: (h, ∇h.xyz), (ejecta, candidates summed, 0, 0), (h_young, ∇h_young.xyz). */
export const LADDER_OUT_WORDS = 12;

const f32 = (x: number): string => {
  const v = Math.fround(x);
  const s = String(v);
  return /[.eE]/.test(s) ? s : `${s}.0`;
};

/**
 * WGSL of one crater's profile (craterProfile.ts: bowls, complex craters with scalloped rims,
 * terraced walls, lobed peaks, ejecta), reading its description (LADDER_CANDIDATE_WORDS from vec4
 * index b) from the storage array named `buffer`: the crater ladder's candidates and the named
 * places' craters (composeKernel.ts) share it. `craterAt(b, w, q, R)` is one crater at the sample
 * whose offset from the centre is w (m) and q = |w|²/ρ²: (h, dh/dq, the azimuthal gradient term).
 */
export function craterProfileWgsl(buffer: string): string {
  return /* wgsl */ `
const SCALLOP_REACH: f32 = ${f32(CRATER_SCALLOP_REACH)};
const RIM_SCALLOP: f32 = ${f32(CRATER_RIM_SCALLOP)};
const TERRACE_WAVE: f32 = ${f32(CRATER_TERRACE_WAVE)};
const TERRACE_PINCH: f32 = ${f32(CRATER_TERRACE_PINCH)};
const PEAK_LOBES: f32 = ${f32(CRATER_PEAK_LOBES)};

// Phase k (cos, sin) of candidate at vec4 index b.
fn phase(b: u32, k: u32) -> vec2<f32> {
  let v = BUF[b + 7u + k / 2u];
  return select(v.zw, v.xy, (k & 1u) == 0u);
}

// z · (c + i s), craterProfile.ts harmonics' repeated product.
fn rot(z: vec2<f32>, cs: vec2<f32>) -> vec2<f32> {
  return vec2<f32>(z.x * cs.x - z.y * cs.y, z.x * cs.y + z.y * cs.x);
}

// terraceWave: (A, dA/dθ, P, dP/dθ) on n = 3, 6, 11 (A) and 4, 7, 12 (P).
fn terraceWave(b: u32, cs: vec2<f32>) -> vec4<f32> {
  var ns = array<u32, 6>(3u, 4u, 6u, 7u, 11u, 12u);
  var ws = array<f32, 6>(0.5, 0.5, 0.3, 0.3, 0.2, 0.2);
  var out = vec4<f32>(0.0);
  var z = vec2<f32>(1.0, 0.0);
  var n = 0u;
  for (var i = 0u; i < 6u; i = i + 1u) {
    while (n < ns[i]) {
      z = rot(z, cs);
      n = n + 1u;
    }
    let ph = phase(b, i);
    let w = ws[i];
    let re = w * (z.x * ph.x - z.y * ph.y);
    let im = w * f32(n) * (z.x * ph.y + z.y * ph.x);
    if ((i & 1u) == 0u) {
      out.x = out.x + re;
      out.y = out.y - im;
    } else {
      out.z = out.z + re;
      out.w = out.w - im;
    }
  }
  return out;
}

// rimWave: (R, dR/dθ) on n = 5, 8, 13, phases 6…8.
fn rimWave(b: u32, cs: vec2<f32>) -> vec2<f32> {
  var ns = array<u32, 3>(5u, 8u, 13u);
  var ws = array<f32, 3>(0.5, 0.3, 0.2);
  var out = vec2<f32>(0.0);
  var z = vec2<f32>(1.0, 0.0);
  var n = 0u;
  for (var i = 0u; i < 3u; i = i + 1u) {
    while (n < ns[i]) {
      z = rot(z, cs);
      n = n + 1u;
    }
    let ph = phase(b, 6u + i);
    let w = ws[i];
    out.x = out.x + w * (z.x * ph.x - z.y * ph.y);
    out.y = out.y - w * f32(n) * (z.x * ph.y + z.y * ph.x);
  }
  return out;
}

// peakLobes at s = q/qp: (M, dM/ds, dM/dθ), phases 9…11.
fn peakLobes(b: u32, s: f32, cs: vec2<f32>) -> vec3<f32> {
  var ws = array<f32, 3>(0.4, 0.35, 0.25);
  let rs = sqrt(s);
  var z = vec2<f32>(cs.x * cs.x - cs.y * cs.y, 2.0 * cs.x * cs.y);
  var pw = s;
  var dpw = 1.0;
  var out = vec3<f32>(0.0);
  for (var i = 0u; i < 3u; i = i + 1u) {
    if (i > 0u) {
      z = rot(z, cs);
      pw = pw * rs;
      dpw = select(2.0 * s, 1.5 * rs, i == 1u);
    }
    let ph = phase(b, 9u + i);
    let re = z.x * ph.x - z.y * ph.y;
    let w = ws[i];
    out.x = out.x + w * pw * re;
    out.y = out.y + w * dpw * re;
    out.z = out.z - w * pw * f32(i + 2u) * (z.x * ph.y + z.y * ph.x);
  }
  return out;
}

// Ejecta h = rim·q^-1.5·((qe − q)/(qe − 1))² and dh/dq.
fn ejecta(rim: f32, qe: f32, q: f32) -> vec2<f32> {
  let inv = 1.0 / (q * sqrt(q));
  let e = 1.0 / (qe - 1.0);
  let a = (qe - q) * e;
  let w = a * a;
  return vec2<f32>(rim * inv * w, rim * inv * (-1.5 * (w / q) - 2.0 * a * e));
}

// craterProfile.ts profileAt (unscalloped): (h, dh/dq, dh/dθ).
fn profileAt(b: u32, q: f32, cs: vec2<f32>) -> vec3<f32> {
  let c1 = BUF[b + 1u];
  let c2 = BUF[b + 2u];
  let c3 = BUF[b + 3u];
  let c4 = BUF[b + 4u];
  let qe = c2.z;
  let rim = c3.x;
  let depth = c3.y;
  let k = c3.z;
  let qf = c3.w;
  let terraces = c1.w;
  if (q >= qe) {
    return vec3<f32>(0.0);
  }
  if (q >= 1.0) {
    return vec3<f32>(ejecta(rim, qe, q), 0.0);
  }
  if (qf == 0.0) {
    return vec3<f32>(rim - depth * (1.0 - (2.0 + k) * q + (1.0 + k) * q * q), -depth * (2.0 * (1.0 + k) * q - (2.0 + k)), 0.0);
  }
  var v: f32;
  var d: f32;
  var az: f32;
  if (q > qf) {
    let iw = 1.0 / (1.0 - qf);
    var u = (q - qf) * iw;
    var du = 1.0;
    var dt = 0.0;
    if (terraces > 0.0) {
      let wave = terraceWave(b, cs);
      let m = terraces + 1.0;
      let uu = u * u;
      let bump = u * (1.0 - uu * uu) * 1.869;
      let wa = TERRACE_WAVE * wave.x;
      let ph = wa * bump;
      let phaseU = wa * (1.0 - 5.0 * uu * uu) * 1.869;
      let phaseT = TERRACE_WAVE * wave.y * bump;
      let pinch = 1.0 - 0.5 * TERRACE_PINCH * (1.0 - wave.z);
      let pinchT = 0.5 * TERRACE_PINCH * wave.w;
      let t = m * u + ph;
      let f = t - floor(t);
      let f2 = f * f;
      let g = (f2 * (3.0 - 2.0 * f) - f) / m;
      let sd = 6.0 * f * (1.0 - f);
      let u2 = u * u;
      let u4 = u2 * u2;
      let e = 1.0 - u4 * u4;
      let a = c4.z;
      let as_ = a * pinch;
      du = 1.0 + as_ * (-8.0 * u4 * u2 * u * g + e * (sd - 1.0) * (1.0 + phaseU / m));
      dt = a * e * (pinchT * g + pinch * ((sd - 1.0) / m) * phaseT);
      u = u + as_ * e * g;
    }
    let slope = -depth * u * (3.0 * (2.0 + k) * u - 2.0 * (3.0 + k));
    v = rim - depth * (1.0 - (3.0 + k) * u * u + (2.0 + k) * u * u * u);
    d = slope * iw * du;
    az = slope * dt;
  } else {
    v = rim - depth;
    d = 0.0;
    az = 0.0;
  }
  let qp = c4.y;
  if (q < qp) {
    let peak = c4.x;
    let ip = 1.0 / qp;
    let bb = 1.0 - q * ip;
    if (terraces > 0.0) {
      let lobes = peakLobes(b, q * ip, cs);
      let l = 1.0 + PEAK_LOBES * lobes.x;
      let base = peak * bb * bb;
      v = v + base * l * l;
      d = d + (-2.0 * peak * bb * ip * l * l + base * 2.0 * l * PEAK_LOBES * lobes.y * ip);
      az = az + base * 2.0 * l * PEAK_LOBES * lobes.z;
    } else {
      v = v + peak * bb * bb;
      d = d - 2.0 * peak * bb * ip;
    }
  }
  return vec3<f32>(v, d, az);
}

struct CraterValue {
  v: f32,
  d: f32,
  ft: vec3<f32>,
}

fn craterAt(b: u32, w: vec3<f32>, q: f32, R: f32) -> CraterValue {
  let c1 = BUF[b + 1u];
  let c2 = BUF[b + 2u];
  let c3 = BUF[b + 3u];
  let qe = c2.z;
  var v = 0.0;
  var d = 0.0;
  var ft = vec3<f32>(0.0);
  let terraces = c1.w;
  if (q >= 1.0 && (terraces == 0.0 || q >= SCALLOP_REACH)) {
    let e = ejecta(c3.x, qe, q);
    v = e.x;
    d = e.y;
  } else if (c3.w == 0.0) {
    let depth = c3.y;
    let kk = c3.z;
    v = c3.x - depth * (1.0 - (2.0 + kk) * q + (1.0 + kk) * q * q);
    d = -depth * (2.0 * (1.0 + kk) * q - (2.0 + kk));
  } else if (terraces > 0.0) {
    // The azimuth in the centre's tangent basis; ∇θ per direction unit (× R).
    let e1 = BUF[b + 5u].xyz;
    let e2 = BUF[b + 6u].xyz;
    let a = dot(w, e1);
    let bb = dot(w, e2);
    let r2 = a * a + bb * bb;
    var cs = vec2<f32>(1.0, 0.0);
    var gt = vec3<f32>(0.0);
    if (r2 > 0.0) {
      let rl = sqrt(r2);
      cs = vec2<f32>(a / rl, bb / rl);
      gt = (a * e2 - bb * e1) * (R / r2);
    }
    // craterProfileAtD: the scalloped q' below the scallop reach (q < qw here).
    let rw = rimWave(b, cs);
    let at = (SCALLOP_REACH - q) / (SCALLOP_REACH - 1.0);
    let env = q * at * at;
    let envQ = at * at - (2.0 * q * at) / (SCALLOP_REACH - 1.0);
    let pr = profileAt(b, q + RIM_SCALLOP * rw.x * env, cs);
    v = pr.x;
    d = pr.y * (1.0 + RIM_SCALLOP * rw.x * envQ);
    let t = pr.z + pr.y * RIM_SCALLOP * rw.y * env;
    ft = t * gt;
  } else {
    let pr = profileAt(b, q, vec2<f32>(1.0, 0.0));
    v = pr.x;
    d = pr.y;
  }
  return CraterValue(v, d, ft);
}
`.replaceAll('BUF[', `${buffer}[`);
}

export const LADDER_WGSL = /* wgsl */ `
struct Params {
  samplesPerPatch: u32,
  total: u32,
  pad0: u32,
  pad1: u32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> patches: array<vec4<u32>>;
@group(0) @binding(2) var<storage, read> rungs: array<vec4<u32>>;
@group(0) @binding(3) var<storage, read> cands: array<vec4<f32>>;
@group(0) @binding(4) var<storage, read> samples: array<f32>;
@group(0) @binding(5) var<storage, read_write> result: array<vec4<f32>>;

const KIND_CRATER: u32 = ${KIND_CRATER}u;
const APRON_Q: f32 = ${f32(BOULDER_APRON_Q)};
const CW: u32 = ${LADDER_CANDIDATE_WORDS / 4}u;

${craterProfileWgsl('cands')}
@compute @workgroup_size(${LADDER_WORKGROUP_SIZE})
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let k = gid.x;
  if (k >= params.total) {
    return;
  }
  let rec = patches[k / params.samplesPerPatch];
  let R = bitcast<f32>(rec.z);
  let s = 6u * k;
  let hi = vec3<f32>(samples[s], samples[s + 1u], samples[s + 2u]);
  let lo = vec3<f32>(samples[s + 3u], samples[s + 4u], samples[s + 5u]);
  var outH = 0.0;
  var outG = vec3<f32>(0.0);
  var outHy = 0.0;
  var outGy = vec3<f32>(0.0);
  var outE = 0.0;
  var summed = 0u;
  for (var r = 0u; r < rec.y; r = r + 1u) {
    let rr = rungs[2u * (rec.x + r)];
    let ry = rungs[2u * (rec.x + r) + 1u];
    let perFeature = ry.y != 0u;
    var sh = 0.0;
    var sg = vec3<f32>(0.0);
    var shy = 0.0;
    var sgy = vec3<f32>(0.0);
    var se = 0.0;
    for (var j = rr.x; j < rr.y; j = j + 1u) {
      let b = j * CW;
      let c0 = cands[b];
      let c1 = cands[b + 1u];
      let c2 = cands[b + 2u];
      // Sample minus centre, m (header).
      let w = (hi - c0.xyz) + (lo - c1.xyz);
      let q = dot(w, w) * c2.x;
      let qe = c2.z;
      if (!(q < qe)) {
        continue;
      }
      summed = summed + 1u;
      let kind = u32(c0.w);
      let c3 = cands[b + 3u];
      var v: f32;
      var d: f32;
      // The feature's tangential azimuth term (terraced craters), kept apart for the young sum.
      var ft = vec3<f32>(0.0);
      if (kind == KIND_CRATER) {
        let cr = craterAt(b, w, q, R);
        v = cr.v;
        d = cr.d;
        ft = cr.ft;
        let strength = c2.w;
        if (strength > 0.0 && q < APRON_Q) {
          let aw = select((APRON_Q - q) / (APRON_Q - 1.0), 1.0, q <= 1.0);
          let e = strength * aw * aw;
          if (e > se) {
            se = e;
          }
        }
      } else {
        // Knobs and pits (s = 0), remnants (s = 1): rim·b², b = 1 − q·(1 + s·(q − 1)).
        let sk = c3.z;
        let bq = 1.0 - q * (1.0 + sk * (q - 1.0));
        v = c3.x * bq * bq;
        d = 2.0 * c3.x * bq * -(1.0 + sk * (2.0 * q - 1.0));
      }
      let fg = ft + (d * c2.y) * w;
      sh = sh + v;
      sg = sg + fg;
      if (perFeature) {
        // rungSum.ts addFeatureUnits: the same contribution × the feature's young weight.
        let yw = cands[b + 4u].w;
        shy = shy + yw * v;
        sgy = sgy + yw * fg;
      }
    }
    if (se > outE) {
      outE = se;
    }
    if (sh == 0.0 && sg.x == 0.0 && sg.y == 0.0 && sg.z == 0.0) {
      continue;
    }
    // foldOne: softLimit(S, fold) × the rung's weight.
    let weight = bitcast<f32>(rr.z);
    let limit = bitcast<f32>(rr.w);
    let u = sh / limit;
    let a = 1.0 + u * u;
    let root = sqrt(a);
    let fv = sh / root;
    let fd = 1.0 / (a * root);
    outH = outH + weight * fv;
    outG = outG + (weight * fd) * sg;
    if (perFeature) {
      // ladder.ts foldInto: the young unit's own sum folded the same way.
      let uy = shy / limit;
      let ay = 1.0 + uy * uy;
      let rooty = sqrt(ay);
      outHy = outHy + weight * (shy / rooty);
      outGy = outGy + (weight / (ay * rooty)) * sgy;
    } else {
      // ladder.ts foldInto: the young unit's uniform weight c × the rung's weight, no second fold.
      let c = bitcast<f32>(ry.x) * weight;
      outHy = outHy + c * fv;
      outGy = outGy + (c * fd) * sg;
    }
  }
  result[3u * k] = vec4<f32>(outH, outG);
  result[3u * k + 1u] = vec4<f32>(outE, f32(summed), 0.0, 0.0);
  result[3u * k + 2u] = vec4<f32>(outHy, outGy);
}
`;
