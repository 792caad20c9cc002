// The GPU producer's double-float helpers (ADR-0020) checked in a Chromium page against exact
// float64 arithmetic, used by tools/e2e/gpuDoubleFloat.spec.ts and the kernel bench
// (window.__dfPage): two-sum and two-product must be error-free bit for bit, the double-word sum and
// product within their published bounds. Inputs are float32 with exponents in [−14, 14], so every
// truth below is exact in float64 (a sum of two spans ≤ 24 + 28 bits, a product ≤ 48) or, for the
// double-word results, sums of such exact parts rounded in float64 (≈ 2⁻⁵³ relative, 1/32 of u²).
import { DF_CHECK_IN_WORDS, DF_CHECK_OUT_WORDS, dfCheck } from '@landfall/render';
import { pageDevice } from './pageDevice';

/** u = 2⁻²⁴, the float32 unit roundoff; bounds below are in u². */
const U2 = 2 ** -48;

export interface DfCheckResult {
  cases: number;
  /** Cases whose two-sum (s, e) or two-product (p, e) differ from the exact float64 split. */
  twoSumFails: number;
  twoProdFails: number;
  /** Largest relative error of df_add and df_mul, in u² (u = 2⁻²⁴). */
  addWorstU2: number;
  mulWorstU2: number;
  /** Cases of near cancellation (|x + y| < 2⁻¹⁰ (|x| + |y|)) among them. */
  cancelling: number;
  /** First failing case, for the report. */
  firstFail: string;
}

export interface DfPage {
  check(count: number, seed: number, device?: GPUDevice): Promise<DfCheckResult>;
}

declare global {
  interface Window {
    __dfPage?: DfPage;
  }
}

/** Deterministic uint32 stream (xorshift32). */
function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s;
  };
}

/** A float32 with a random 24-bit significand, sign and exponent in [lo, hi]. */
function f32(next: () => number, lo: number, hi: number): number {
  const m = (next() >>> 8) | 0x800000; // 24 bits, leading one
  const e = lo + (next() % (hi - lo + 1));
  const v = m * 2 ** (e - 23);
  return Math.fround(next() & 1 ? -v : v);
}

/** Inputs: x = (a, b), y = (c, d); one in four cases nearly cancels (c ≈ −a). */
export function dfCases(count: number, seed: number): Float32Array {
  const next = rng(seed);
  const out = new Float32Array(DF_CHECK_IN_WORDS * count);
  for (let k = 0; k < count; k++) {
    const a = f32(next, -14, 14);
    let c = f32(next, -14, 14);
    if (k % 4 === 3) c = Math.fround(-a * (1 + ((next() % 2001) - 1000) * 2 ** -20));
    const lo = (v: number) => Math.fround(v * 2 ** -25 * ((next() % 2000001) / 1000000 - 1));
    out.set([a, lo(a), c, lo(c)], DF_CHECK_IN_WORDS * k);
  }
  return out;
}

async function check(count: number, seed: number, given?: GPUDevice): Promise<DfCheckResult> {
  const device = given ?? (await pageDevice()).device;
  const input = dfCases(count, seed);
  const out = await dfCheck(device, input);
  if (!given) device.destroy();
  const r: DfCheckResult = {
    cases: count,
    twoSumFails: 0,
    twoProdFails: 0,
    addWorstU2: 0,
    mulWorstU2: 0,
    cancelling: 0,
    firstFail: '',
  };
  const fail = (what: string, k: number, got: number[], want: number[]) => {
    if (!r.firstFail) r.firstFail = `${what} case ${k}: got ${got.join(', ')}, want ${want.join(', ')}`;
  };
  for (let k = 0; k < count; k++) {
    const [a, b, c, d] = input.subarray(DF_CHECK_IN_WORDS * k, DF_CHECK_IN_WORDS * (k + 1));
    const o = out.subarray(DF_CHECK_OUT_WORDS * k, DF_CHECK_OUT_WORDS * (k + 1));
    const S = a + c; // exact in float64
    const s = Math.fround(S);
    if (o[0] !== s || o[1] !== S - s) {
      r.twoSumFails++;
      fail('two_sum', k, [o[0], o[1]], [s, S - s]);
    }
    const P = a * c; // exact in float64
    const p = Math.fround(P);
    if (o[2] !== p || o[3] !== P - p) {
      r.twoProdFails++;
      fail('two_prod', k, [o[2], o[3]], [p, P - p]);
    }
    // (a + c) and (b + d) are exact in float64 (float32 pairs whose exponents differ by ≤ 28), so
    // their sum is rounded once; a + b itself may span more than 53 bits.
    const sum = a + c + (b + d);
    if (Math.abs(sum) < 2 ** -10 * (Math.abs(a) + Math.abs(c))) r.cancelling++;
    if (sum !== 0) r.addWorstU2 = Math.max(r.addWorstU2, Math.abs(o[4] + o[5] - sum) / Math.abs(sum) / U2);
    else if (o[4] + o[5] !== 0) r.addWorstU2 = Infinity;
    // Each partial product is exact (≤ 48 bits); a·c dominates, so the sum rounds to ≈ 2⁻⁵³.
    const prod = a * c + (a * d + b * c) + b * d;
    r.mulWorstU2 = Math.max(r.mulWorstU2, Math.abs(o[6] + o[7] - prod) / Math.abs(prod) / U2);
  }
  return r;
}

window.__dfPage = { check };
