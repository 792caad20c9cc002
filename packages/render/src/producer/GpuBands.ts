/**
 * The GPU producer's band stage (ADR-0020, bandsKernel.ts): `bandsBatch` packs one record per patch
 * (octave seeds, amplitude, flooding, landform) beside the domain split's words; `GpuBands.run`
 * returns three vec4 per sample — (h, ∇h), (shore, ∇shore), (mask, ∇mask) — as universe's `bandsD`.
 * `bandsTolerance` is the stated float32 tolerance against it.
 */
import { BAND_TUNABLES, bandSeeds, type Body } from '@landfall/universe';
import { BANDS_RECORD_WORDS, BANDS_WORKGROUP_SIZE, bandsWgsl, LANDFORM_CODES } from './bandsKernel';
import { GRIT_SAMPLE_WORDS } from './gritKernel';
import { positionWords } from './domainSplit';
import { computePipeline, recordStage, runChain, type PassChain, type PassInput } from './compute';

/** Output vec4s per sample. */
const OUT_VEC4 = 3;

/** One patch: its body and float64 unit directions (xyz interleaved). */
export interface BandsPatch {
  body: Body;
  dirs: Float64Array;
}

export interface BandsBatch {
  samplesPerPatch: number;
  patchCount: number;
  records: ArrayBuffer;
  samples: Float32Array;
}

/**
 * Packs `patches` of `samplesPerPatch` directions each for one dispatch; `samples` their domain-split
 * words (`positionWords`), passed in when the caller already has them for the other stages.
 */
export function bandsBatch(
  patches: readonly BandsPatch[],
  samplesPerPatch: number,
  samples = positionWords(patches, samplesPerPatch),
): BandsBatch {
  const records = new ArrayBuffer(4 * BANDS_RECORD_WORDS * patches.length);
  const u32 = new Uint32Array(records);
  const f32 = new Float32Array(records);
  patches.forEach((p, i) => {
    const r = i * BANDS_RECORD_WORDS;
    const s = bandSeeds(p.body);
    u32.set(s.bands, r);
    u32.set(s.ridges, r + s.bands.length);
    const g = p.body.grammar;
    f32[r + 12] = BAND_TUNABLES.reliefShare * g.maxReliefM;
    f32[r + 13] = g.flooding;
    u32[r + 14] = LANDFORM_CODES.indexOf(g.landform);
    f32[r + 15] = p.body.radius;
  });
  return { samplesPerPatch, patchCount: patches.length, records, samples };
}

/**
 * Error of the band fBm in noise units per unit of its own scale (ADR-0020): the lattice
 * coordinate (direction × frequency ≤ 128) is off by ≤ 2⁻¹⁷ of a cell, times value noise's
 * Lipschitz bound (corner differences ≤ 2 × quintic slope 15/8, three axes: 11.25 per cell), summed
 * over octaves with weights aᵢ · 2 / Σa ≤ 2: ≤ 22.5 · 2⁻¹⁷ ≈ 2⁻¹²·⁵; the float32 corner values
 * (2⁻²⁴) and ≈ 40 operations per octave on terms ≤ 8 add ≈ 2⁻¹³·⁷; the landform shaping
 * (slopes ≤ 3 of n: the flood ramp 1 + 0.5 · 3.33 · |n − ℓ|, the ridge's 2) multiplies by ≤ 4: the
 * sum ≈ 2⁻¹⁰·⁵ is rounded up to 2⁻¹⁰. h's tolerance is its amplitude times this; the shore's and
 * mask's values (no amplitude) take it as is.
 */
export const BANDS_F32_VALUE_UNITS = 2 ** -10;

/**
 * Error of the 3-D gradient in the same units per unit of direction: the gradient's own
 * Lipschitz bound per octave grows with the frequency (≤ 128 · 11.25 · 5.8 per cell, quintic'' ≤ 5.8)
 * times the domain error 2⁻¹⁷ · |dir| plus evaluation rounding on terms ≤ 128 · 12, times the
 * shaping's 4: ≈ 2⁻³·⁴, rounded up to 2⁻³.
 */
export const BANDS_F32_GRADIENT_UNITS = 2 ** -3;

/** The stated tolerance of one sample against `bandsD`: h (m), its gradient (m per unit direction). */
export function bandsTolerance(body: Body): {
  h: number;
  gradient: number;
  unit: number;
  unitGradient: number;
} {
  const amp = BAND_TUNABLES.reliefShare * body.grammar.maxReliefM;
  return {
    h: amp * BANDS_F32_VALUE_UNITS,
    gradient: amp * BANDS_F32_GRADIENT_UNITS,
    unit: BANDS_F32_VALUE_UNITS,
    unitGradient: BANDS_F32_GRADIENT_UNITS,
  };
}

/** The band stage on a WebGPU device: one pipeline, buffers per run. */
export class GpuBands {
  private readonly pipeline: GPUComputePipeline;
  private disposed = false;

  constructor(private readonly device: GPUDevice) {
    this.pipeline = computePipeline(device, 'landfall bands', bandsWgsl(BAND_TUNABLES, GRIT_SAMPLE_WORDS));
  }

  /** Three vec4 per sample, float32, in the batch's order. */
  async run(batch: BandsBatch): Promise<Float32Array> {
    const [out] = await runChain(this.device, 'landfall bands', (chain) => [this.record(chain, batch)]);
    return new Float32Array(out);
  }

  /**
   * The dispatch of `batch` recorded in `chain` (ADR-0020 item 21): its output buffer (left on the
   * GPU) and bytes; `samples` the batch's position words when the chain already holds them.
   */
  record(
    chain: PassChain,
    batch: BandsBatch,
    samples: PassInput = batch.samples,
  ): readonly [GPUBuffer, number] {
    if (this.disposed) throw new Error('GpuBands: run after dispose');
    return recordStage(
      chain,
      this.pipeline,
      'GpuBands',
      BANDS_WORKGROUP_SIZE,
      batch.samplesPerPatch,
      batch.patchCount,
      [new Uint8Array(batch.records), samples],
      4 * OUT_VEC4,
    );
  }

  /** Later runs throw. */
  dispose(): void {
    this.disposed = true;
  }
}
