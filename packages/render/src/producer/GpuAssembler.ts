/**
 * The GPU producer's payload assembly (ADR-0020, assembleKernel.ts): patches' vertex buffers in the
 * ADR-0009 format from their position words, drawn field and parent surface, two dispatches
 * (reduce, encode) per batch; the few per-patch numbers of the payload (anchor, morph scale, height
 * range, bounds) are finished on the CPU from the statistics the kernel reduced and from the
 * encoded vertices themselves (the edge spheres hold what is drawn).
 */
import {
  NodeKey,
  PATCH_GRID,
  PATCH_VERTEX_STRIDE,
  type PatchPayload,
  OFFSET_MORPH,
  OFFSET_POSITION,
} from '@landfall/streamer';
import type { Body } from '@landfall/universe';
import {
  ASSEMBLE_RECORD_WORDS,
  ASSEMBLE_STAT_WORDS,
  ASSEMBLE_WORKGROUP_SIZE,
  assembleWgsl,
} from './assembleKernel';
import { runChain, usage, workgroups, type PassChain, type PassInput } from './compute';

const G = PATCH_GRID;
const N = G * G;
const STRIDE_WORDS = PATCH_VERTEX_STRIDE / 4;

/**
 * Relative error of an assembled position, per metre of height and of local offset (ADR-0020): the
 * height arrives in float32 (2⁻²⁴ of |h|), is multiplied by a float32 direction (2⁻²³) for the
 * vertex and for the anchor's height term, the anchor-relative difference of the split words is
 * exact to 2⁻²⁴ of itself and the float32 sums that form the local position round twice more, where
 * the CPU rounds the local position once: ≈ |h| · 2⁻²¹·⁶ + |local| · 2⁻²², under 2⁻²¹ of the sum.
 */
export const ASSEMBLE_F32_UNITS = 2 ** -21;

/**
 * The stated tolerance of a GPU payload against `generateHeightfield`'s, per coordinate, m: a drawn
 * position within `position` = ASSEMBLE_F32_UNITS · (max |h| + max |local|) of the patch; a morph
 * target within 2 · position + morphScale (each side's int16 rounds by half a step).
 */
export function assembleTolerance(
  maxAbsH: number,
  maxLocal: number,
  morphScale: number,
): { position: number; target: number } {
  const position = ASSEMBLE_F32_UNITS * (maxAbsH + maxLocal);
  return { position, target: 2 * position + morphScale };
}

/** One patch to assemble: its node, body, float64 directions and the field the kernels produced. */
export interface AssemblePatch {
  body: Body;
  face: number;
  level: number;
  x: number;
  y: number;
  /** Unit directions, xyz interleaved, N vertices (universe's patchDirections). */
  dirs: Float64Array;
  /** Whether the patch has a parent surface under a coarser filter (level > 0 and filter > 0). */
  filtered: boolean;
}

/** A batch's inputs; every array holds the patches in order. */
export interface AssembleInput {
  patches: readonly AssemblePatch[];
  /** The domain split's words, GRIT_SAMPLE_WORDS per vertex (gritBatch's `samples`). */
  samples: Float32Array;
  /** (h, ∇h) per vertex, 4 floats. */
  field: Float32Array;
  /** (h, ∇h) under the parent's filter at the even/even vertices, H × H × 4 floats per patch. */
  parentField: Float32Array;
  /** Cover bytes per vertex: byte 0 | byte 1 << 8. */
  cover: Uint32Array;
}

/**
 * A batch's inputs as a chain holds them (ADR-0020 item 21): data or buffers an earlier dispatch of
 * the chain wrote; the field and parent surface `fieldWords` floats per sample (the assembler's own);
 * `parentSlots[i]` the slot of patch i's parent surface (H × H samples a slot), unread for an
 * unfiltered patch.
 */
export interface AssembleChainInput {
  patches: readonly AssemblePatch[];
  samples: PassInput;
  field: PassInput;
  parentField: PassInput;
  cover: PassInput;
  parentSlots: readonly number[];
}

/** The recorded assembly: the buffers to read back, and `finish` for what they held. */
export interface AssembleRecorded {
  reads: readonly (readonly [GPUBuffer, number])[];
  /** The payloads from the read-back vertices and statistics (`generationMs` each). */
  finish(vertices: ArrayBuffer, stats: ArrayBuffer, generationMs: number): PatchPayload[];
}
/** Float of an orderKey (assembleKernel.ts). */
function fromOrderKey(key: number): number {
  const u = new Uint32Array([key & 0x80000000 ? key & 0x7fffffff : ~key >>> 0]);
  return new Float32Array(u.buffer)[0];
}

export class GpuAssembler {
  private readonly layout: GPUBindGroupLayout;
  private readonly reduce: GPUComputePipeline;
  private readonly encode: GPUComputePipeline;
  private disposed = false;

  /** `fieldWords`: floats per sample of the field and parent surface it reads (assembleWgsl). */
  constructor(
    private readonly device: GPUDevice,
    fieldWords = 4,
  ) {
    const module = device.createShaderModule({
      label: 'landfall assemble',
      code: assembleWgsl(G, STRIDE_WORDS, fieldWords),
    });
    const layout = device.createBindGroupLayout({
      entries: [
        { binding: 0, visibility: 4, buffer: { type: 'uniform' } },
        ...[1, 2, 3, 4, 5].map((binding) => ({
          binding,
          visibility: 4,
          buffer: { type: 'read-only-storage' as const },
        })),
        { binding: 6, visibility: 4, buffer: { type: 'storage' } },
        { binding: 7, visibility: 4, buffer: { type: 'storage' } },
      ],
    });
    const pipelineLayout = device.createPipelineLayout({ bindGroupLayouts: [layout] });
    this.layout = layout;
    this.reduce = device.createComputePipeline({
      layout: pipelineLayout,
      compute: { module, entryPoint: 'reduce' },
    });
    this.encode = device.createComputePipeline({
      layout: pipelineLayout,
      compute: { module, entryPoint: 'encode' },
    });
  }

  /** The patches' payloads, in order (generation times: the batch's wall time shared out). */
  async run(input: AssembleInput): Promise<PatchPayload[]> {
    const t0 = performance.now();
    const held: { recorded?: AssembleRecorded } = {};
    const [vertices, stats] = await runChain(this.device, 'landfall assemble', (chain) => {
      held.recorded = this.record(chain, { ...input, parentSlots: input.patches.map((_, i) => i) });
      return held.recorded.reads;
    });
    if (!held.recorded) throw new Error('GpuAssembler: the chain recorded nothing');
    const ms = (performance.now() - t0) / input.patches.length;
    return held.recorded.finish(vertices, stats, ms);
  }

  /** The two passes (reduce, encode) of a batch recorded in `chain`. */
  record(chain: PassChain, input: AssembleChainInput): AssembleRecorded {
    if (this.disposed) throw new Error('GpuAssembler: run after dispose');
    const { device } = this;
    const count = input.patches.length;
    const groups = workgroups(device, count * N, ASSEMBLE_WORKGROUP_SIZE, 'GpuAssembler');
    const records = new ArrayBuffer(4 * ASSEMBLE_RECORD_WORDS * count);
    const rf = new Float32Array(records);
    const ru = new Uint32Array(records);
    const stats = new Uint32Array(ASSEMBLE_STAT_WORDS * count);
    input.patches.forEach((p, i) => {
      rf[i * ASSEMBLE_RECORD_WORDS] = p.body.radius;
      ru[i * ASSEMBLE_RECORD_WORDS + 1] = p.filtered ? 1 : 0;
      ru[i * ASSEMBLE_RECORD_WORDS + 2] = p.filtered ? input.parentSlots[i] : 0;
      stats[i * ASSEMBLE_STAT_WORDS + 1] = 0xffffffff; // min key starts above every key
    });
    const vertexBytes = count * N * PATCH_VERTEX_STRIDE;
    const bind = (x: PassInput): GPUBuffer => (ArrayBuffer.isView(x) ? chain.upload(x) : x);
    const buffers = [
      chain.buffer(new Uint32Array([count, 0, 0, 0]), 16, usage.uniform),
      chain.upload(new Uint8Array(records)),
      bind(input.samples),
      bind(input.field),
      bind(input.parentField),
      bind(input.cover),
      chain.buffer(null, vertexBytes, usage.output),
      chain.buffer(stats, stats.byteLength, usage.seededOutput),
    ];
    const bindGroup = device.createBindGroup({
      layout: this.layout,
      entries: buffers.map((buffer, binding) => ({ binding, resource: { buffer } })),
    });
    for (const pipeline of [this.reduce, this.encode]) {
      // Separate passes: the encode pass reads what the reduce pass wrote.
      const pass = chain.encoder.beginComputePass();
      pass.setPipeline(pipeline);
      pass.setBindGroup(0, bindGroup);
      pass.dispatchWorkgroups(groups);
      pass.end();
    }
    return {
      reads: [
        [buffers[6], vertexBytes],
        [buffers[7], stats.byteLength],
      ],
      finish: (all, statBytes, ms) => {
        const st = new Uint32Array(statBytes);
        return input.patches.map((p, i) =>
          finish(p, all.slice(i * N * PATCH_VERTEX_STRIDE, (i + 1) * N * PATCH_VERTEX_STRIDE), st, i, ms),
        );
      },
    };
  }

  /** Later runs throw. */
  dispose(): void {
    this.disposed = true;
  }
}

/** The payload of patch `i` from its encoded vertices and the batch's statistics. */
function finish(
  p: AssemblePatch,
  vertices: ArrayBuffer,
  st: Uint32Array,
  i: number,
  ms: number,
): PatchPayload {
  const s = i * ASSEMBLE_STAT_WORDS;
  const f32 = new Float32Array(st.buffer);
  const maxDelta = f32[s];
  const r2max = f32[s + 3];
  const c = 3 * ((G >> 1) * G + (G >> 1));
  const R = p.body.radius;
  // A = P_c + t_c: the centre's float64 position plus the float32 height term the kernel subtracted.
  const anchor = new Float64Array(3);
  for (let q = 0; q < 3; q++) anchor[q] = p.dirs[c + q] * R + f32[s + 4 + q];
  const morphScale = maxDelta > 0 ? maxDelta / 32767 : 1;
  const slack = Math.sqrt(r2max) * 1e-6 + 1e-3;
  const key = new NodeKey(p.face, p.level, p.x, p.y);
  return {
    address: key.address(p.body.id),
    body: p.body.id,
    face: p.face,
    level: p.level,
    x: p.x,
    y: p.y,
    anchor,
    vertices,
    morphScale,
    minHeight: fromOrderKey(st[s + 1]),
    maxHeight: fromOrderKey(st[s + 2]),
    boundingRadius: Math.sqrt(r2max) + slack,
    edgeBounds: edgeBounds(vertices, anchor, morphScale, slack),
    generationMs: ms,
    generationCpuMs: NaN,
  };
}

/** The four edges' bounding spheres (west, east, south, north) of the encoded vertices and targets. */
function edgeBounds(
  vertices: ArrayBuffer,
  anchor: Float64Array,
  morphScale: number,
  slack: number,
): Float64Array {
  const view = new DataView(vertices);
  const out = new Float64Array(16);
  for (let e = 0; e < 4; e++) {
    const lo = [Infinity, Infinity, Infinity];
    const hi = [-Infinity, -Infinity, -Infinity];
    for (let n = 0; n < G; n++) {
      const i = e === 0 ? 0 : e === 1 ? G - 1 : n;
      const j = e === 2 ? 0 : e === 3 ? G - 1 : n;
      const o = (j * G + i) * PATCH_VERTEX_STRIDE;
      for (let q = 0; q < 3; q++) {
        const pos = anchor[q] + view.getFloat32(o + OFFSET_POSITION + 4 * q, true);
        const tgt = pos + view.getInt16(o + OFFSET_MORPH + 2 * q, true) * morphScale;
        lo[q] = Math.min(lo[q], pos, tgt);
        hi[q] = Math.max(hi[q], pos, tgt);
      }
    }
    let r2 = 0;
    for (let q = 0; q < 3; q++) {
      out[4 * e + q] = (lo[q] + hi[q]) / 2;
      r2 += ((hi[q] - lo[q]) / 2) ** 2;
    }
    out[4 * e + 3] = Math.sqrt(r2) + slack;
  }
  return out;
}
