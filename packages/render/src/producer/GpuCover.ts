/**
 * The GPU producer's cover encode (ADR-0020, coverKernel.ts): `coverBatch` packs one record per
 * patch from universe's `coverEncodePlan` and the per-sample inputs (the drawn h and gradient, the
 * fresh-ejecta and boulder signals, the young unit's w and |∇w|) as float32; `GpuCover.run` returns
 * the two cover bytes per sample (byte 0 | byte 1 << 8 in a u32). The stated tolerance is in
 * `COVER_F32_BAND`.
 */
import { coverEncodePlan, type Body } from '@landfall/universe';
import {
  COVER_RECORD_WORDS,
  COVER_SAMPLE_WORDS,
  COVER_UNIT_MODES,
  COVER_WORKGROUP_SIZE,
  coverWgsl,
} from './coverKernel';
import { computePipeline, recordStage, runChain, type PassChain, type PassInput } from './compute';

/** One patch: its body, level filter, and per sample (`samplesPerPatch` of them) the stage's inputs. */
export interface CoverPatch {
  body: Body;
  filterM: number;
  /** Drawn elevation, m. */
  h: ArrayLike<number>;
  /** Drawn tangential gradient, m per radian, xyz interleaved. */
  grad: ArrayLike<number>;
  /** Fresh-ejecta signal (0 … 1) and canonical boulder-field signal. */
  ejecta: ArrayLike<number>;
  boulders: ArrayLike<number>;
  /** Young unit's weight and the length of its gradient (per radian). */
  w: ArrayLike<number>;
  wGradient: ArrayLike<number>;
  /** Lambert albedo (albedoTone.ts `albedoAt`) where the body has an albedo map; else unread. */
  albedo?: ArrayLike<number>;
}

export interface CoverBatch {
  samplesPerPatch: number;
  patchCount: number;
  records: ArrayBuffer;
  samples: Float32Array;
}

/**
 * Relative band about a cover step inside which the float32 encode may land one step from the CPU
 * (ADR-0020): the slope tangent (three squares, a sum, a root, a division: ≤ 2⁻²¹ relative), the
 * ejecta × 16, the rock k (≈ 8 operations on float32 inputs, ≤ 2⁻²⁰ relative) and the tone's
 * smoothstep argument ((w − ½)/|∇w|: w − ½ exact by Sterbenz for w ∈ [¼, 1], then a division, a sum
 * and a division, ≤ 2⁻²¹) each stay within 2⁻²⁰ of the CPU's value; the inputs' own rounding to
 * float32 adds 2⁻²⁴. Rounded up with margin: 2⁻¹⁸. A nibble (or the terrain unit) may differ by one
 * step only where the CPU's quantity lies within this relative band of that step; everywhere else
 * the bytes are equal.
 */
export const COVER_F32_BAND = 2 ** -18;

/**
 * The cover records (COVER_RECORD_WORDS per patch, from universe's `coverEncodePlan`) of `patches`;
 * refuses bodies it cannot encode.
 */
export function coverRecords(patches: readonly Pick<CoverPatch, 'body' | 'filterM'>[]): ArrayBuffer {
  const records = new ArrayBuffer(4 * COVER_RECORD_WORDS * patches.length);
  const u32 = new Uint32Array(records);
  const f32 = new Float32Array(records);
  patches.forEach((p, i) => {
    const plan = coverEncodePlan(p.body, p.filterM);
    if (plan.unsupported)
      throw new RangeError(
        `coverRecords: ${p.body.id}'s cover needs ${plan.unsupported}, not yet on the GPU`,
      );
    const r = i * COVER_RECORD_WORDS;
    f32[r] = p.body.radius;
    f32[r + 1] = plan.plainBelowM;
    u32[r + 2] = COVER_UNIT_MODES.indexOf(plan.unitMode);
    u32[r + 3] = plan.albedo ? 2 : plan.toneContact ? 1 : 0;
    f32.set(plan.base, r + 4);
    f32.set(plan.fresh, r + 8);
    f32[r + 12] = plan.airFactor;
    f32[r + 13] = plan.contactHalfRad;
    if (plan.albedo) {
      f32[r + 14] = plan.albedo.bright;
      f32[r + 15] = plan.albedo.dark;
    }
  });
  return records;
}

/** Packs `patches` (each `samplesPerPatch` samples) for one dispatch; refuses bodies it cannot encode. */
export function coverInputBatch(patches: readonly CoverPatch[], samplesPerPatch: number): CoverBatch {
  const records = coverRecords(patches);
  const samples = new Float32Array(COVER_SAMPLE_WORDS * samplesPerPatch * patches.length);
  patches.forEach((p, i) => {
    const albedo = coverEncodePlan(p.body, p.filterM).albedo;
    for (const [name, a, n] of [
      ['h', p.h, 1],
      ['grad', p.grad, 3],
      ['ejecta', p.ejecta, 1],
      ['boulders', p.boulders, 1],
      ['w', p.w, 1],
      ['wGradient', p.wGradient, 1],
      ['albedo', albedo ? (p.albedo ?? []) : p.w, 1],
    ] as const)
      if (a.length < n * samplesPerPatch)
        throw new RangeError(
          `coverInputBatch: patch ${i} ${name} has ${a.length} values, not ${n * samplesPerPatch}`,
        );
    let s = i * samplesPerPatch * COVER_SAMPLE_WORDS;
    for (let k = 0; k < samplesPerPatch; k++, s += COVER_SAMPLE_WORDS) {
      samples[s] = p.h[k];
      samples[s + 1] = p.grad[3 * k];
      samples[s + 2] = p.grad[3 * k + 1];
      samples[s + 3] = p.grad[3 * k + 2];
      samples[s + 4] = p.ejecta[k];
      samples[s + 5] = p.boulders[k];
      samples[s + 6] = p.w[k];
      samples[s + 7] = p.wGradient[k];
      samples[s + 8] = albedo ? (p.albedo as ArrayLike<number>)[k] : 0;
    }
  });
  return { samplesPerPatch, patchCount: patches.length, records, samples };
}

/** The cover encode on a WebGPU device: one pipeline (built for the universe's constants), buffers per run. */
export class GpuCover {
  private readonly pipeline: GPUComputePipeline;
  private disposed = false;

  constructor(
    private readonly device: GPUDevice,
    sample: Body,
  ) {
    // The constants are the same for every body; `sample` only reads them.
    this.pipeline = computePipeline(device, 'landfall cover', coverWgsl(coverEncodePlan(sample, 0)));
  }

  /** One u32 per sample: cover byte 0 | byte 1 << 8, in the batch's order. */
  async run(batch: CoverBatch): Promise<Uint32Array> {
    const [out] = await runChain(this.device, 'landfall cover', (chain) => [
      this.record(chain, batch.records, batch.samples, batch.samplesPerPatch, batch.patchCount),
    ]);
    return new Uint32Array(out);
  }

  /**
   * The encode recorded in `chain` (ADR-0020 item 21) from `records` (`coverRecords`) and the samples
   * (COVER_SAMPLE_WORDS each: `coverInputBatch`'s, or the compose kernel's output left on the GPU):
   * its output buffer and bytes.
   */
  record(
    chain: PassChain,
    records: ArrayBuffer,
    samples: PassInput,
    samplesPerPatch: number,
    patchCount: number,
  ): readonly [GPUBuffer, number] {
    if (this.disposed) throw new Error('GpuCover: run after dispose');
    return recordStage(
      chain,
      this.pipeline,
      'GpuCover',
      COVER_WORKGROUP_SIZE,
      samplesPerPatch,
      patchCount,
      [new Uint8Array(records), samples],
      1,
    );
  }

  /** Later runs throw. */
  dispose(): void {
    this.disposed = true;
  }
}
