/**
 * The GPU producer's micro crater band (ADR-0020): universe's micro crater ladder for many patches
 * in one compute dispatch. `microBatch` packs on the CPU: one plan record per body (from universe's
 * `microPlan`: rung seeds, cells, reach, the existence threshold and the exact shell bounds of
 * microKernel.ts), one record per patch (its plan and the level filter's rung weights, universe's
 * `detailWeight` as microCraterBatch applies it), and the hi/lo position words per sample.
 * `GpuMicroCraters.run` uploads, dispatches and reads back `MICRO_OUT_WORDS` floats per sample.
 * `microTolerance` is the stated float32 tolerance against universe's `microCraterBatch`.
 */
import { detailWeight, microPlan, type Body } from '@landfall/universe';
import {
  MICRO_MAX_RUNGS,
  MICRO_OUT_WORDS,
  MICRO_PATCH_WORDS,
  MICRO_PLAN_WORDS,
  MICRO_RUNG_WORDS,
  MICRO_WGSL,
  MICRO_WORKGROUP_SIZE,
} from './microKernel';
import { computePipeline, recordStage, runChain, type PassChain, type PassInput } from './compute';
import { positionWords } from './domainSplit';

/** One patch of a batch: the body, its float64 unit directions (xyz interleaved) and its level filter. */
export interface MicroPatch {
  body: Body;
  dirs: Float64Array;
  filterM: number;
}

/** Samples of one batch: whole patches of `samplesPerPatch` each. */
export interface MicroBatch {
  samplesPerPatch: number;
  patchCount: number;
  /** MICRO_PLAN_WORDS per distinct body (uint32 and float32 words share the buffer). */
  plans: ArrayBuffer;
  /** MICRO_PATCH_WORDS per patch. */
  records: ArrayBuffer;
  /** GRIT_SAMPLE_WORDS per sample (the domain split): hi.xyz, lo.xyz of the body-fixed position, m. */
  samples: Float32Array;
}

type Plan = ReturnType<typeof microPlan>;

/** x = m·2^e exactly (x > 0 finite). */
function dyadic(x: number): { m: bigint; e: number } {
  let e = 0;
  while (!Number.isInteger(x)) {
    x *= 2;
    e--;
  }
  return { m: BigInt(x), e };
}

/** ceil(x·2^32 / c²) exactly, for float64 x ≥ 0 and c > 0. */
function scaledCeil(x: number, c: number): bigint {
  if (x === 0) return 0n;
  const a = dyadic(x);
  const b = dyadic(c);
  const shift = a.e + 32 - 2 * b.e;
  const num = shift >= 0 ? a.m << BigInt(shift) : a.m;
  const den = shift >= 0 ? b.m * b.m : (b.m * b.m) << BigInt(-shift);
  return (num + den - 1n) / den;
}

function put96(u32: Uint32Array, at: number, v: bigint): void {
  if (v < 0n || v >= 1n << 96n) throw new RangeError(`microBatch: bound ${v} is outside 96 bits`);
  u32[at] = Number(v & 0xffffffffn);
  u32[at + 1] = Number((v >> 32n) & 0xffffffffn);
  u32[at + 2] = Number(v >> 64n);
}

/** Relative bound on the CPU's rounding of q² = qx² + qy² + qz² (three products, two sums: 3·2^-53, with margin). */
const Q2_ROUNDING = 4 * 2 ** -53;

/** Largest radius in cells of a rung for which microKernel.ts cellBounds' argument holds. */
const BOX_MAX_CELLS = 2.5 * 2 ** 20;

/** Writes `plan` at word `o` of the plans buffer (microKernel.ts `Plan`). */
function packPlan(plan: Plan, u32: Uint32Array, f32: Float32Array, o: number): void {
  if (plan.rungs.length > MICRO_MAX_RUNGS)
    throw new RangeError(`microBatch: ${plan.rungs.length} rungs, the kernel holds ${MICRO_MAX_RUNGS}`);
  const R = plan.radius;
  // Cell indices and the cell corner f32(i)·c must be exact in float32: |i|·c's mantissa < 2^24.
  f32[o] = R;
  f32[o + 1] = 1 / R;
  f32[o + 2] = plan.fill;
  plan.rungs.forEach((rung, r) => {
    const w = o + 4 + r * MICRO_RUNG_WORDS;
    const c = rung.cell;
    const mc = dyadic(c).m;
    if (Number(mc) * Math.ceil((R + rung.reach + 2 * rung.halfShell) / c + 2) >= 2 ** 24)
      throw new RangeError(`microBatch: cell ${c} m on radius ${R} m is not exact in float32`);
    // microKernel.ts cellBounds: its float32 candidate index is within a cell of the CPU's.
    if (R / c > BOX_MAX_CELLS || rung.reach + 1.01 * rung.halfShell > 2 * c)
      throw new RangeError(`microBatch: cell ${c} m on radius ${R} m is outside cellBounds' argument`);
    u32[w] = rung.seed >>> 0;
    // hash·2^-32 < pExist ⇔ hash ≤ ceil(pExist·2^32) − 1 (pExist·2^32 is exact).
    u32[w + 1] = rung.pExist > 0 ? Math.min(2 ** 32, Math.ceil(rung.pExist * 2 ** 32)) - 1 : 0;
    f32[w + 4] = c;
    f32[w + 5] = 1 / c;
    f32[w + 6] = rung.d;
    f32[w + 7] = rung.reach;
    f32[w + 8] = rung.halfShell;
    const from = scaledCeil(rung.lo2, c);
    const below = scaledCeil(rung.hi2, c);
    const margin = scaledCeil(Q2_ROUNDING * rung.hi2, c) + 1n;
    const b = w + 12;
    put96(u32, b, from);
    put96(u32, b + 4, below);
    put96(u32, b + 8, from - margin);
    put96(u32, b + 12, from + margin);
    put96(u32, b + 16, below - margin);
    put96(u32, b + 20, below + margin);
  });
}

/**
 * The level filter's weight of each rung, as microCraterBatch applies it: none without craters
 * (density 0), `detailWeight(D, filterM)` per rung, 0 for a rung whose existence probability is 0
 * (it adds nothing), and the rungs to walk (up to the last with weight > 0).
 */
function rungWeights(plan: Plan, filterM: number): { weights: number[]; n: number } {
  const weights = plan.rungs.map((rung) =>
    plan.density > 0 && rung.pExist > 0 ? detailWeight(rung.d, filterM) : 0,
  );
  let n = 0;
  weights.forEach((w, r) => {
    if (w > 0) n = r + 1;
  });
  return { weights, n };
}

/** Packs `patches` (each `samplesPerPatch` directions) for one dispatch; `samples` as `bandsBatch`. */
export function microBatch(
  patches: readonly MicroPatch[],
  samplesPerPatch: number,
  samples = positionWords(patches, samplesPerPatch),
): MicroBatch {
  const bodies: Body[] = [];
  for (const p of patches) if (!bodies.includes(p.body)) bodies.push(p.body);
  const plans = new ArrayBuffer(4 * MICRO_PLAN_WORDS * bodies.length);
  const planU32 = new Uint32Array(plans);
  const planF32 = new Float32Array(plans);
  bodies.forEach((body, i) => packPlan(microPlan(body), planU32, planF32, i * MICRO_PLAN_WORDS));
  const records = new ArrayBuffer(4 * MICRO_PATCH_WORDS * patches.length);
  const u32 = new Uint32Array(records);
  const f32 = new Float32Array(records);
  patches.forEach((p, i) => {
    if (!(p.filterM >= 0) || !Number.isFinite(p.filterM))
      throw new RangeError(`microBatch: filter ${p.filterM} m is not a finite number ≥ 0`);
    const { weights, n } = rungWeights(microPlan(p.body), p.filterM);
    const r = i * MICRO_PATCH_WORDS;
    u32[r] = bodies.indexOf(p.body);
    u32[r + 1] = n;
    weights.forEach((w, k) => (f32[r + 4 + k] = w));
  });
  return { samplesPerPatch, patchCount: patches.length, plans, records, samples };
}

/**
 * Most craters of one rung that can reach a sample: their cell points lie within a cylinder of
 * radius 1.5 D (the reach) and half height 1.5 D (the shell) about the sample's radial line, inside
 * a ball of radius 2.13 D = 0.71 cells, which meets at most 3 cells per axis; one crater per cell.
 */
export const MICRO_F32_CRATERS_PER_RUNG = 27;
/**
 * Error of one float32 crater's h in metres per metre of nominal diameter D (ADR-0020). The chord
 * m is built from metre-scale words (w = q − P: the corner difference exact by Sterbenz, the rest
 * ≤ 2^-24 relative; s and the 1 + s/R factor a few ulps more): |Δm| ≤ 2^-18·D. Then
 * |Δu| ≤ 3·|Δm|/rc + 9·2^-24 ≤ 2^-15.3 (rc ≥ D/2, |m| ≤ 1.5 rc), times the profile's Lipschitz bound
 * |dh/du| ≤ 1.85·D (bowl 0.47 D, apron 0.3 D, blend term 1.07 D) is 2^-14.4·D; the ≈ 25 float32
 * operations of the profile add ≤ 2^-19·D. Sum rounded up to a power of two: 2^-13 (2.4× margin).
 */
export const MICRO_F32_VALUE_UNITS = 2 ** -13;
/**
 * Error of one float32 crater's gradient in m per m (slope), ADR-0020: 2·dh/du·m / rc² moves by
 * 2·|dh/du|·|Δm| / rc² ≤ 2^-14.1 and by 2·|d²h/du²|·|Δu|·|m| / rc² ≤ 2^-9.6 (|d²h/du²| ≤ 8.6·D in
 * the rim blend); the evaluation adds ≤ 2^-15. Rounded up: 2^-9 (1.4× margin).
 */
export const MICRO_F32_SLOPE_UNITS = 2 ** -9;
/**
 * Error of the fresh-ejecta signal (0…1): the gate fresh > ½ is exact, (2·fresh − 1) is off by
 * ≤ 6·2^-24 and the apron weight w² by 2·1.32·|Δu| / 1.25 ≤ 2^-14.2; max() adds nothing.
 * Rounded up: 2^-13.
 */
export const MICRO_F32_EJECTA_UNITS = 2 ** -13;
/** The soft fold's own float32 evaluation, m (≈ 10 ulps of its ceiling, 1.5 m). */
const FOLD_ROUNDING_M = 2 ** -19;

/**
 * The stated tolerance (ADR-0020) of one GPU micro crater sample against universe's
 * `microCraterBatch` under the level filter `filterM`, for samples with no near-bound shell
 * decision (output word 5 = 0): with w_r the rung weights and D_r the nominal diameters,
 *   |Δh| ≤ Σ w_r · MICRO_F32_CRATERS_PER_RUNG · D_r · MICRO_F32_VALUE_UNITS + 2^-19 m,
 *   |Δ∇h| (each component, m per radian) ≤ R · Σ w_r · MICRO_F32_CRATERS_PER_RUNG · MICRO_F32_SLOPE_UNITS,
 *   |Δejecta| ≤ MICRO_F32_EJECTA_UNITS where any rung is drawn.
 * The soft fold's slope is ≤ 1, so it passes the sum's error on; the tangential projection moves
 * the gradient by a few ulps of it, inside the slope units' margin. A worst case: every rung full
 * of reaching craters at their worst errors; typical errors are far below it.
 */
export function microTolerance(body: Body, filterM: number): { h: number; gradient: number; ejecta: number } {
  const plan = microPlan(body);
  const { weights } = rungWeights(plan, filterM);
  let h = 0;
  let slope = 0;
  weights.forEach((w, r) => {
    h += w * MICRO_F32_CRATERS_PER_RUNG * plan.rungs[r].d * MICRO_F32_VALUE_UNITS;
    slope += w * MICRO_F32_CRATERS_PER_RUNG * MICRO_F32_SLOPE_UNITS;
  });
  const any = weights.some((w) => w > 0);
  return {
    h: any ? h + FOLD_ROUNDING_M : 0,
    gradient: slope * body.radius,
    ejecta: any ? MICRO_F32_EJECTA_UNITS : 0,
  };
}

/** Micro craters on a WebGPU device: one pipeline, buffers per run. */
export class GpuMicroCraters {
  private readonly pipeline: GPUComputePipeline;
  private disposed = false;

  constructor(private readonly device: GPUDevice) {
    this.pipeline = computePipeline(device, 'landfall micro craters', MICRO_WGSL);
  }

  /**
   * MICRO_OUT_WORDS floats per sample, in the batch's order: h (m), ∇h.xyz (m per radian,
   * tangential), fresh ejecta, near-bound shell decisions, craters summed, 0.
   */
  async run(batch: MicroBatch): Promise<Float32Array> {
    const [out] = await runChain(this.device, 'landfall micro craters', (chain) => [
      this.record(chain, batch),
    ]);
    return new Float32Array(out);
  }

  /**
   * The dispatch of `batch` recorded in `chain` (ADR-0020 item 21): its output buffer (left on the
   * GPU) and bytes; `samples` the batch's position words when the chain already holds them.
   */
  record(
    chain: PassChain,
    batch: MicroBatch,
    samples: PassInput = batch.samples,
  ): readonly [GPUBuffer, number] {
    if (this.disposed) throw new Error('GpuMicroCraters: run after dispose');
    return recordStage(
      chain,
      this.pipeline,
      'GpuMicroCraters',
      MICRO_WORKGROUP_SIZE,
      batch.samplesPerPatch,
      batch.patchCount,
      [new Uint8Array(batch.plans), new Uint8Array(batch.records), samples],
      MICRO_OUT_WORDS,
    );
  }

  /** Frees nothing the device does not own; later runs throw. */
  dispose(): void {
    this.disposed = true;
  }
}
