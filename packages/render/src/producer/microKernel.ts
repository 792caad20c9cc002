/**
 * WGSL of the GPU producer's micro crater band (ADR-0020): universe's micro crater ladder
 * (tail/microCraters.ts, microPlan.ts, microCraterBatch.ts, softFold.ts) in float32, with the
 * lattice hash, the existence draw and the shell test decided in exact integer arithmetic.
 *
 * Domain split, as gritKernel.ts: a sample arrives as its body-fixed position P (m) in two float32
 * words, hi = f32(P), lo = f32(P − hi). Everything is a function of those words and the patch's
 * record (body plan and level-filter weights), never of an anchor, so a shared vertex gets the
 * same bits from every patch.
 *
 * Per rung (ascending) and per sample, the kernel walks the cells of the CPU's cell box
 * (microPlan.ts microCellBox: per axis floor((P ∓ e) / c), e = reach + (|d| + 0.01)·halfShell, in
 * float64) in ascending (ix, iy, iz) order: exactly that box, except where P ∓ e lies within
 * 2^-15.8 cells of a cell boundary, where the box is one cell wider on that side (`cellBounds`
 * states the argument). A cell outside the CPU's box holds no crater that reaches the sample, so
 * an extra cell adds nothing (to rounding at u ≈ U, where a crater's profile is zero). Per cell:
 *  - hash, jitter and size draws: wrapping u32 products, shifts and xor (bit-identical);
 *  - existence, hash·2^-32 < pExist: the same decision as `hash ≤ ceil(pExist·2^32) − 1` (exact);
 *  - the cell point q = N·c/2^16 per axis (N = 2^16·i + jitter, exact in float64 on the CPU); the
 *    shell test compares Q = Σ N², an exact 96-bit integer, with ceil(lo²·2^32/c²) and
 *    ceil(hi²·2^32/c²) computed exactly on the host: the decision of the exact q². The CPU rounds
 *    q² (≤ 3·2^-53 relative), so within that band of a bound the two can disagree; those cells
 *    are counted per sample (output word 5) when the crater reaches the sample;
 *  - the offset w = q − P in metres: (f32(i)·c − hi) + (jitter·c·2^-16 − lo), the first difference
 *    exact (Sterbenz) wherever |hi| ≫ |w|; then the radial excess s = |q| − R from
 *    a = d·w, s = a + (|w|² − a²) / (2(R + a)), and the chord R·(dir − centre) as
 *    m = (d·s − w) / (1 + s/R): metre-scale quantities only, no cancellation of 10^6 m values;
 *  - u = |m|² / rc², the profile and its gradient as addMicroCrater, in float32; the fresh-ejecta
 *    gate fresh > ½ as an exact threshold on the freshness hash (`MICRO_FRESH_HASH_MIN`).
 * A rung whose weight is 1 sums into the sample's sums, one weighted w ∈ (0, 1) sums apart and is
 * added scaled (microCraterBatch's order). Then the soft fold and the tangential projection.
 *
 * Layout: one invocation per sample, `MICRO_WORKGROUP_SIZE` per workgroup. Bindings: params
 * (samplesPerPatch, total), plans (one `MICRO_PLAN_WORDS` record per body), patches (one
 * `MICRO_PATCH_WORDS` record per patch), samples (the domain split's `GRIT_SAMPLE_WORDS` f32 each), result
 * (`MICRO_OUT_WORDS` f32 per sample: h (m), ∇h.xyz (m per radian, tangential), fresh ejecta 0…1,
 * near-bound shell decisions of reaching craters, craters summed (u < U), 0).
 */
import { TAIL_TUNABLES } from '@landfall/universe';
import { GRIT_SAMPLE_WORDS } from './gritKernel';
import { HASH_WGSL } from './hashWgsl';

/** Invocations per workgroup. */
export const MICRO_WORKGROUP_SIZE = 64;
/** Rung slots of a plan record (the ladder has 3). */
export const MICRO_MAX_RUNGS = 4;
/**
 * 32-bit words of one rung: ids (seed, existence threshold, 0, 0), geo (cell c, 1/c, nominal
 * diameter, reach; f32), shell (half thickness; f32), then six 96-bit integers as vec4<u32> (xyz):
 * accept from, accept below, and the two near bands [from − M, from + M], [below − M, below + M].
 */
export const MICRO_RUNG_WORDS = 36;
/** 32-bit words of one plan record: head (R, 1/R, fill, 0; f32), then `MICRO_MAX_RUNGS` rungs. */
export const MICRO_PLAN_WORDS = 4 + MICRO_MAX_RUNGS * MICRO_RUNG_WORDS;
/** 32-bit words of one patch record: (plan index, rungs to walk, 0, 0; u32), weight per rung (f32). */
export const MICRO_PATCH_WORDS = 8;
/** 32-bit words of one sample's output: (h, ∇h.xyz), (ejecta, near-bound decisions, craters, 0). */
export const MICRO_OUT_WORDS = 8;

/**
 * Smallest freshness hash h (uint32) for which universe's fresh = (h·2^-32)³ exceeds ½ in float64:
 * the gate of the ejecta signal as an exact integer comparison (the cube is monotone in h).
 */
export const MICRO_FRESH_HASH_MIN = freshHashMin();

function freshHashMin(): number {
  const fresh = (h: number): number => {
    const f = h * (1 / 4294967296);
    return f * f * f;
  };
  let lo = 0;
  let hi = 4294967295;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (fresh(mid) > 0.5) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** A float64 tunable as a WGSL f32 literal (rounded to nearest, as the CPU's value in float32). */
function f32(x: number): string {
  const s = String(Math.fround(x));
  return /[.e]/.test(s) ? s : `${s}.0`;
}

const T = TAIL_TUNABLES;

export const MICRO_WGSL = /* wgsl */ `
struct Params {
  samplesPerPatch: u32,
  total: u32,
  pad0: u32,
  pad1: u32,
};

struct Rung {
  // seed, existence threshold (a cell exists iff its hash <= it), unused, unused
  ids: vec4<u32>,
  // cell edge c (m), 1 / c, nominal diameter D (m), reach (m)
  geo: vec4<f32>,
  // half shell thickness (m), unused x3
  shell: vec4<f32>,
  // 96-bit (xyz) bounds on Q = sum of N^2: accept from, accept below, near bands (from - M, from + M,
  // below - M, below + M)
  bounds: array<vec4<u32>, 6>,
};

struct Plan {
  // R (m), 1 / R, aeolian fill, unused
  head: vec4<f32>,
  rungs: array<Rung, ${MICRO_MAX_RUNGS}>,
};

struct Patch {
  // plan index, rungs to walk, unused, unused
  ids: vec4<u32>,
  // level-filter weight of each rung
  weight: vec4<f32>,
};

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> plans: array<Plan>;
@group(0) @binding(2) var<storage, read> patches: array<Patch>;
@group(0) @binding(3) var<storage, read> samples: array<f32>;
@group(0) @binding(4) var<storage, read_write> result: array<vec4<f32>>;

const REACH_U = ${f32(T.microReachU)};
const INV_APRON = ${f32(1 / (T.microReachU - 1))};
const RIM_LO = ${f32(1 - T.microRimBlendU)};
const RIM_HI = ${f32(1 + T.microRimBlendU)};
const INV_RIM_SPAN = ${f32(1 / (2 * T.microRimBlendU))};
const DEGRADED = ${f32(T.microDegradedDepth)};
const DEPTH_RATIO = ${f32(T.microDepthRatio)};
const RIM_RATIO = ${f32(T.microRimRatio)};
const CEILING = ${f32(T.microCraterCeilingM)};
const FRESH_MIN = ${MICRO_FRESH_HASH_MIN}u;

${HASH_WGSL}

// latticeDraw(h, salt) = fmix32(h + salt * 0x9e3779b9), the product wrapped.
fn latticeDraw(h: u32, salt: u32) -> u32 {
  return fmix32(h + salt * 0x9e3779b9u);
}

// x * y as 64 bits (lo, hi), from 16-bit halves.
fn mulWide(x: u32, y: u32) -> vec2<u32> {
  let x0 = x & 0xffffu;
  let x1 = x >> 16u;
  let y0 = y & 0xffffu;
  let y1 = y >> 16u;
  let p00 = x0 * y0;
  let p01 = x0 * y1;
  let p10 = x1 * y0;
  let mid = p01 + p10;
  let midCarry = select(0u, 0x10000u, mid < p01);
  let lo = p00 + (mid << 16u);
  let loCarry = select(0u, 1u, lo < p00);
  return vec2<u32>(lo, x1 * y1 + (mid >> 16u) + midCarry + loCarry);
}

fn add96(a: vec3<u32>, b: vec3<u32>) -> vec3<u32> {
  let x = a.x + b.x;
  let cx = select(0u, 1u, x < a.x);
  let y0 = a.y + b.y;
  let cy0 = select(0u, 1u, y0 < a.y);
  let y = y0 + cx;
  let cy1 = select(0u, 1u, y < y0);
  return vec3<u32>(x, y, a.z + b.z + cy0 + cy1);
}

fn lt96(a: vec3<u32>, b: vec3<u32>) -> bool {
  if (a.z != b.z) {
    return a.z < b.z;
  }
  if (a.y != b.y) {
    return a.y < b.y;
  }
  return a.x < b.x;
}

// N^2 for N = i * 2^16 + f (0 <= f < 2^16, |i| < 2^22), exactly, as 96 bits.
fn square96(i: i32, f: u32) -> vec3<u32> {
  // |N| = a * 2^16 + g with 0 <= g < 2^16.
  var a = u32(i);
  var g = f;
  if (i < 0) {
    if (f == 0u) {
      a = u32(-i);
    } else {
      a = u32(-i - 1);
      g = 0x10000u - f;
    }
  }
  let lo = (a << 16u) | g;
  let hi = a >> 16u;
  let p = mulWide(lo, lo);
  let q = mulWide(hi << 1u, lo);
  return add96(vec3<u32>(p.x, p.y, 0u), vec3<u32>(0u, q.x, q.y + hi * hi));
}

fn inBand(q: vec3<u32>, first: vec4<u32>, last: vec4<u32>) -> bool {
  return !lt96(q, first.xyz) && !lt96(last.xyz, q);
}

// The CPU's cell index n = floor(X), X = (P + s) / c, P = hi + lo, s = ∓e (microCellBox), per axis:
// the least index the CPU can give (toward = -1, the box's low corner) or the greatest (toward = 1,
// the high corner). Argument, with R/c ≤ 2.5·2^20 and reach + 1.01·halfShell ≤ 2c (microBatch
// checks both, and that f32(i)·c is exact), all errors in cells:
//  - the CPU rounds P + s and the quotient: its index is floor(X') with |X' − X| ≤ 2^-52·|X| < 2^-29;
//  - the candidate i = floor(f32(f32(hi + s)·f32(1/c))) is off X by ≤ 2^-22·(|X| + 2) < 0.63, so
//    n ∈ {i − 1, i, i + 1} and the true residual ρ = c·(X − i) lies in (−0.63c, 1.63c);
//  - the residual r = ((hi − f32(i)·c) + lo) + s: three roundings, each ≤ 2^-24 of a value below 4c
//    (≤ 2^-20.6 in all); lo misses P − hi by ≤ 2^-48·|P| < 2^-26; s misses the CPU's ∓e by
//    ≤ 5.2·2^-24·halfShell + 2^-24·2c ≤ 2^-20.2 (d to ≤ 3.1·2^-24, then three roundings). So
//    |r − ρ| < 2^-19·c.
// With the band β = 2^-16·c (8× that; c ± β is rounded by ≤ 2^-24·c): r ≥ β ⇒ X' > i,
// r ≥ c + β ⇒ X' > i + 1, r < −β ⇒ X' < i, r < c − β ⇒ X' < i + 1. So the low corner
// i − 1 + [r ≥ β] + [r ≥ c + β] is ≤ n and the high corner i − 1 + [r ≥ −β] + [r ≥ c − β] is ≥ n,
// each equal to n unless |ρ − k·c| < β + 2^-19·c (k = 0, 1): within 2^-15.8 cells of a boundary
// the box is one cell wider on that side, never narrower. A function of hi, lo and the record only.
fn cellBounds(hi: vec3<f32>, lo: vec3<f32>, s: vec3<f32>, c: f32, invC: f32, toward: i32) -> vec3<i32> {
  let i = vec3<i32>(floor((hi + s) * invC));
  let r = ((hi - vec3<f32>(i) * c) + lo) + s;
  let band = f32(-toward) * (c * ${f32(2 ** -16)});
  let one = vec3<i32>(1);
  let zero = vec3<i32>(0);
  return i - one + select(zero, one, r >= vec3<f32>(band)) + select(zero, one, r >= vec3<f32>(c + band));
}

@compute @workgroup_size(${MICRO_WORKGROUP_SIZE})
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  let k = id.x;
  if (k >= params.total) {
    return;
  }
  let record = patches[k / params.samplesPerPatch];
  let pi = record.ids.x;
  let R = plans[pi].head.x;
  let invR = plans[pi].head.y;
  let fill = plans[pi].head.z;
  let b = ${GRIT_SAMPLE_WORDS}u * k;
  let hi = vec3<f32>(samples[b], samples[b + 1u], samples[b + 2u]);
  let lo = vec3<f32>(samples[b + 3u], samples[b + 4u], samples[b + 5u]);
  // The sample's unit direction (to float32).
  let d = hi * invR + lo * invR;
  var sum = 0.0;
  // Unprojected gradient in m per metre of chord (x R at the end: m per radian).
  var grad = vec3<f32>(0.0);
  var ejecta = 0.0;
  var nearBound = 0u;
  var craters = 0u;
  for (var r = 0u; r < record.ids.y; r = r + 1u) {
    let weight = record.weight[r];
    if (weight == 0.0) {
      continue;
    }
    let whole = weight == 1.0;
    var rh = select(0.0, sum, whole);
    var rg = select(vec3<f32>(0.0), grad, whole);
    var re = select(0.0, ejecta, whole);
    let seed = plans[pi].rungs[r].ids.x;
    let exists = plans[pi].rungs[r].ids.y;
    let geo = plans[pi].rungs[r].geo;
    let c = geo.x;
    let invC = geo.y;
    let halfShell = plans[pi].rungs[r].shell.x;
    let acceptFrom = plans[pi].rungs[r].bounds[0].xyz;
    let acceptBelow = plans[pi].rungs[r].bounds[1].xyz;
    let e = geo.w + (abs(d) + 0.01) * halfShell;
    let c0 = cellBounds(hi, lo, -e, c, invC, -1);
    let c1 = cellBounds(hi, lo, e, c, invC, 1);
    for (var ix = c0.x; ix <= c1.x; ix = ix + 1) {
      for (var iy = c0.y; iy <= c1.y; iy = iy + 1) {
        for (var iz = c0.z; iz <= c1.z; iz = iz + 1) {
          let cell = vec3<i32>(ix, iy, iz);
          let h = latticeHash(seed, cell);
          if (h > exists) {
            continue;
          }
          let j1 = latticeDraw(h, 1u);
          let j2 = latticeDraw(h, 2u);
          let jit = vec3<u32>(j1 & 0xffffu, j1 >> 16u, j2 & 0xffffu);
          let q2 = add96(add96(square96(ix, jit.x), square96(iy, jit.y)), square96(iz, jit.z));
          let accepted = !lt96(q2, acceptFrom) && lt96(q2, acceptBelow);
          let near = inBand(q2, plans[pi].rungs[r].bounds[2], plans[pi].rungs[r].bounds[3]) ||
            inBand(q2, plans[pi].rungs[r].bounds[4], plans[pi].rungs[r].bounds[5]);
          if (!accepted && !near) {
            continue;
          }
          // w = q - P in metres: the cell corner minus hi (exact where |hi| >> |w|), plus the jitter
          // minus lo.
          let w = (vec3<f32>(cell) * c - hi) + (vec3<f32>(jit) * (c * ${f32(2 ** -16)}) - lo);
          let a = dot(d, w);
          let s = a + (dot(w, w) - a * a) / (2.0 * (R + a));
          let m = (d * s - w) / (1.0 + s * invR);
          let diameter = geo.z * (1.0 + f32(j2 >> 16u) * ${f32(2 ** -16)});
          let rc = 0.5 * diameter;
          let inv2 = 1.0 / (rc * rc);
          let u = dot(m, m) * inv2;
          if (!(u < REACH_U)) {
            continue;
          }
          if (near) {
            nearBound = nearBound + 1u;
          }
          if (!accepted) {
            continue;
          }
          let hf = latticeDraw(h, 3u);
          let f = f32(hf) * ${f32(2 ** -32)};
          let fresh = f * f * f;
          let state = (DEGRADED + (1.0 - DEGRADED) * fresh) * fill;
          let depth = DEPTH_RATIO * diameter * state;
          let rim = RIM_RATIO * diameter * state;
          let glow = select(0.0, 2.0 * fresh - 1.0, hf >= FRESH_MIN);
          var hv: f32;
          var dhdu: f32;
          var ev: f32;
          if (u < RIM_LO) {
            dhdu = depth + rim;
            hv = dhdu * u - depth;
            ev = glow;
          } else if (u >= RIM_HI) {
            let wa = (REACH_U - u) * INV_APRON;
            let w2 = wa * wa;
            hv = rim * w2 * wa;
            dhdu = -3.0 * rim * w2 * INV_APRON;
            ev = glow * w2;
          } else {
            let wa = (REACH_U - u) * INV_APRON;
            let w2 = wa * wa;
            let apron = rim * w2 * wa;
            let bs = depth + rim;
            let bowl = bs * u - depth;
            let t = (u - RIM_LO) * INV_RIM_SPAN;
            let sm = t * t * (3.0 - 2.0 * t);
            let gap = apron - bowl;
            dhdu = bs + (-3.0 * rim * w2 * INV_APRON - bs) * sm + gap * 6.0 * t * (1.0 - t) * INV_RIM_SPAN;
            hv = bowl + gap * sm;
            ev = select(glow * w2, glow, u < 1.0);
          }
          rh = rh + hv;
          rg = rg + (2.0 * dhdu * inv2) * m;
          if (ev > re) {
            re = ev;
          }
          craters = craters + 1u;
        }
      }
    }
    if (whole) {
      sum = rh;
      grad = rg;
      ejecta = re;
    } else {
      sum = sum + weight * rh;
      grad = grad + weight * rg;
      if (weight * re > ejecta) {
        ejecta = weight * re;
      }
    }
  }
  // softFoldD(sum, CEILING), then the tangential projection (finishMicroSample).
  let x = sum / CEILING;
  let x2 = x * x;
  let q = 1.0 + x2 * x2;
  let root = sqrt(sqrt(q));
  let g = (grad * R) * (1.0 / (q * root));
  let radial = dot(g, d);
  result[2u * k] = vec4<f32>(sum / root, g - radial * d);
  result[2u * k + 1u] = vec4<f32>(ejecta, f32(nearBound), f32(craters), 0.0);
}
`;
