/**
 * Double-float arithmetic for the GPU producer's kernels (ADR-0020, port step 1): a value as an
 * unevaluated sum hi + lo of two float32 words, for the differences the crater ladders need (crater
 * centres minus sample positions on cells that are not powers of two). WGSL's f32 `+`, `-` and `*`
 * are correctly rounded, so the error-free transformations hold — if the compiler keeps them as
 * written: reassociating `(s − a)` or dropping `a − (s − b')` as zero turns a two-sum into a plain
 * sum. `dfCheck` runs the helpers over given inputs so a browser test (and tools/gpu-check on a real
 * device) can prove a compiler kept them intact.
 *
 * Helpers (after Joldes, Muller, Popescu, "Tight and rigorous error bounds for basic building
 * blocks of double-word arithmetic", ACM TOMS 2017; Dekker 1971 for the product without FMA):
 *  - df_two_sum(a, b): s = f32(a + b) and e with s + e = a + b exactly (Knuth, 6 operations);
 *  - df_fast_two_sum(a, b): the same for |a| ≥ |b| (3 operations);
 *  - df_two_prod(a, b): p = f32(a·b) and e with p + e = a·b exactly (Dekker's split by 2¹² + 1;
 *    |a|, |b| < 2¹⁰⁰ and no underflow);
 *  - df_add(x, y): the accurate double-word sum (relative error ≤ 3u²/(1 − 4u), u = 2⁻²⁴);
 *  - df_mul(x, y): the double-word product without FMA (relative error ≤ 7u² in that paper's
 *    analysis of its DWTimesDW1);
 *  - df_sub(x, y) = df_add(x, −y).
 */
import { computePipeline, runOnce, workgroups } from './compute';

/** The helpers' WGSL, to prepend to a kernel that uses them. */
export const DOUBLE_FLOAT_WGSL = /* wgsl */ `
fn df_two_sum(a: f32, b: f32) -> vec2<f32> {
  let s = a + b;
  let bv = s - a;
  let av = s - bv;
  return vec2<f32>(s, (a - av) + (b - bv));
}

fn df_fast_two_sum(a: f32, b: f32) -> vec2<f32> {
  let s = a + b;
  return vec2<f32>(s, b - (s - a));
}

fn df_split(a: f32) -> vec2<f32> {
  let t = 4097.0 * a;
  let hi = t - (t - a);
  return vec2<f32>(hi, a - hi);
}

fn df_two_prod(a: f32, b: f32) -> vec2<f32> {
  let p = a * b;
  let x = df_split(a);
  let y = df_split(b);
  let e = ((x.x * y.x - p) + x.x * y.y + x.y * y.x) + x.y * y.y;
  return vec2<f32>(p, e);
}

fn df_add(x: vec2<f32>, y: vec2<f32>) -> vec2<f32> {
  let s = df_two_sum(x.x, y.x);
  let t = df_two_sum(x.y, y.y);
  let v = df_fast_two_sum(s.x, s.y + t.x);
  return df_fast_two_sum(v.x, t.y + v.y);
}

fn df_sub(x: vec2<f32>, y: vec2<f32>) -> vec2<f32> {
  return df_add(x, -y);
}

fn df_mul(x: vec2<f32>, y: vec2<f32>) -> vec2<f32> {
  let p = df_two_prod(x.x, y.x);
  return df_fast_two_sum(p.x, p.y + (x.x * y.y + x.y * y.x));
}
`;

/** Input words per check case: a, b (the double-float x = a + b), c, d (y = c + d). */
export const DF_CHECK_IN_WORDS = 4;
/** Output words per case: two_sum(a, c), two_prod(a, c), df_add(x, y), df_mul(x, y), two each. */
export const DF_CHECK_OUT_WORDS = 8;

const WORKGROUP = 64;

const CHECK_WGSL = /* wgsl */ `
${DOUBLE_FLOAT_WGSL}
struct Params { count: u32, pad0: u32, pad1: u32, pad2: u32 }
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> cases: array<f32>;
@group(0) @binding(2) var<storage, read_write> out: array<f32>;

@compute @workgroup_size(${WORKGROUP})
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  let k = id.x;
  if (k >= params.count) { return; }
  let i = ${DF_CHECK_IN_WORDS}u * k;
  let x = vec2<f32>(cases[i], cases[i + 1u]);
  let y = vec2<f32>(cases[i + 2u], cases[i + 3u]);
  let o = ${DF_CHECK_OUT_WORDS}u * k;
  let s = df_two_sum(x.x, y.x);
  let p = df_two_prod(x.x, y.x);
  let a = df_add(x, y);
  let m = df_mul(x, y);
  out[o] = s.x; out[o + 1u] = s.y;
  out[o + 2u] = p.x; out[o + 3u] = p.y;
  out[o + 4u] = a.x; out[o + 5u] = a.y;
  out[o + 6u] = m.x; out[o + 7u] = m.y;
}
`;

/**
 * Runs the helpers on `device` over `cases` (DF_CHECK_IN_WORDS float32 words each) and returns
 * DF_CHECK_OUT_WORDS words per case, for a caller to compare with exact float64 arithmetic.
 */
export async function dfCheck(device: GPUDevice, cases: Float32Array): Promise<Float32Array> {
  const count = cases.length / DF_CHECK_IN_WORDS;
  if (!Number.isInteger(count)) throw new RangeError(`dfCheck: ${cases.length} words is not whole cases`);
  const pipeline = computePipeline(device, 'landfall double-float check', CHECK_WGSL);
  const groups = workgroups(device, count, WORKGROUP, 'dfCheck');
  return runOnce(
    device,
    pipeline,
    'landfall double-float check',
    new Uint32Array([count, 0, 0, 0]),
    [cases],
    4 * DF_CHECK_OUT_WORDS * count,
    groups,
  );
}
