/**
 * The GPU producer's first band (ADR-0020): regolith grit for many patches in one compute dispatch.
 * `gritBatch` packs patches on the CPU (float64 directions → the hi/lo position words of
 * gritKernel.ts, one record of octave constants per patch); `GpuGrit.run` uploads, dispatches and
 * reads back (h, ∇h) per sample. `gritTolerance` is the stated float32 tolerance against
 * universe's `gritAt`.
 */
import { gritOctaves, type Body } from '@landfall/universe';
import { GRIT_RECORD_WORDS, GRIT_WGSL, GRIT_WORKGROUP_SIZE } from './gritKernel';
import { positionWords } from './domainSplit';
import { computePipeline, recordStage, runChain, type PassChain, type PassInput } from './compute';

/** Samples of one batch: whole patches of `samplesPerPatch` each. */
export interface GritBatch {
  samplesPerPatch: number;
  patchCount: number;
  /** GRIT_RECORD_WORDS per patch (uint32 seeds, float32 constants share the buffer). */
  records: ArrayBuffer;
  /** GRIT_SAMPLE_WORDS per sample: hi.xyz, lo.xyz of the body-fixed position, m. */
  samples: Float32Array;
}

/** One patch of a batch: the body, its float64 unit directions (xyz interleaved) and its level filter. */
export interface GritPatch {
  body: Body;
  dirs: Float64Array;
  filterM: number;
}

/** Packs `patches` (each `samplesPerPatch` directions) for one dispatch; `samples` as `bandsBatch`. */
export function gritBatch(
  patches: readonly GritPatch[],
  samplesPerPatch: number,
  samples = positionWords(patches, samplesPerPatch),
): GritBatch {
  const records = new ArrayBuffer(4 * GRIT_RECORD_WORDS * patches.length);
  const u32 = new Uint32Array(records);
  const f32 = new Float32Array(records);
  patches.forEach((p, i) => {
    const oct = gritOctaves(p.body, p.filterM);
    const r = i * GRIT_RECORD_WORDS;
    u32[r] = oct[0].seed;
    u32[r + 1] = oct[1].seed;
    f32[r + 4] = oct[0].amplitude;
    f32[r + 5] = oct[1].amplitude;
    f32[r + 6] = 1 / oct[0].spacing;
    f32[r + 7] = 1 / oct[1].spacing;
  });
  return { samplesPerPatch, patchCount: patches.length, records, samples };
}

/**
 * The stated tolerance (ADR-0020) of one GPU grit sample against `gritAt`, from the patch's
 * octaves: |Δh| ≤ Σ a_o · GRIT_F32_VALUE_UNITS and |Δ∇h| (each component, m per radian)
 * ≤ Σ a_o · (R / spacing_o) · GRIT_F32_GRADIENT_UNITS.
 */
export function gritTolerance(body: Body, filterM: number): { h: number; gradient: number } {
  let h = 0;
  let gradient = 0;
  for (const o of gritOctaves(body, filterM)) {
    h += o.amplitude * GRIT_F32_VALUE_UNITS;
    gradient += o.amplitude * (body.radius / o.spacing) * GRIT_F32_GRADIENT_UNITS;
  }
  return { h, gradient };
}

/**
 * Error of one float32 octave in noise units (ADR-0020): the domain (the fraction off by ≤ 2^-23
 * after the split) times the octave's proved Lipschitz bound 36.75 per lattice unit is ≤ 2^-17.8;
 * the float32 evaluation of the eight corners' ≈ 60 operations on terms of magnitude ≤ 3 adds
 * ≤ 60 · 3 · 2^-24 ≈ 2^-16.5. Their sum, 2^-16.0, rounded up to a power of two (2× margin).
 */
export const GRIT_F32_VALUE_UNITS = 2 ** -15;
/**
 * Error of one octave's gradient in noise units per lattice unit (ADR-0020): the domain error times
 * the gradient's Lipschitz bound 141.5 (largest row sum of the Hessian bound) is ≤ 2^-15.9; the
 * evaluation, ≈ 100 operations on terms ≤ 12, adds ≤ 2^-13.8; their sum, 2^-13.5, rounded up to a
 * power of two (2.8× margin).
 */
export const GRIT_F32_GRADIENT_UNITS = 2 ** -12;

/** Grit on a WebGPU device: one pipeline, buffers per run. */
export class GpuGrit {
  private readonly pipeline: GPUComputePipeline;
  private disposed = false;

  constructor(private readonly device: GPUDevice) {
    this.pipeline = computePipeline(device, 'landfall grit', GRIT_WGSL);
  }

  /** (h, ∇h.xyz) per sample, float32, in the batch's order. */
  async run(batch: GritBatch): Promise<Float32Array> {
    const [out] = await runChain(this.device, 'landfall grit', (chain) => [this.record(chain, batch)]);
    return new Float32Array(out);
  }

  /**
   * The dispatch of `batch` recorded in `chain` (ADR-0020 item 21): its output buffer (left on the
   * GPU) and bytes; `samples` the batch's position words when the chain already holds them.
   */
  record(
    chain: PassChain,
    batch: GritBatch,
    samples: PassInput = batch.samples,
  ): readonly [GPUBuffer, number] {
    if (this.disposed) throw new Error('GpuGrit: run after dispose');
    return recordStage(
      chain,
      this.pipeline,
      'GpuGrit',
      GRIT_WORKGROUP_SIZE,
      batch.samplesPerPatch,
      batch.patchCount,
      [new Uint8Array(batch.records), samples],
      4,
    );
  }

  /** Frees nothing the device does not own; later runs throw. */
  dispose(): void {
    this.disposed = true;
  }
}
