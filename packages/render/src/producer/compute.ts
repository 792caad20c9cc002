/**
 * The WebGPU plumbing every producer kernel shares (ADR-0020): buffer usages, an upload helper, the
 * one-dimensional dispatch's size check and the single-pass run (a uniform of four words, storage
 * inputs, one storage output read back) and the chain that records a whole batch's dispatches with
 * one submit and one readback (`runChain`). Bindings follow one order in every kernel: 0 the
 * uniform, then the inputs, then the output.
 */

// W3C WebGPU flag values (GPUBufferUsage, GPUMapMode): lib.dom declares their types, not the
// namespaces' values.
const MAP_READ = 0x0001;
const COPY_SRC = 0x0004;
const COPY_DST = 0x0008;
const UNIFORM = 0x0040;
const STORAGE = 0x0080;

/** Usages of the producer's buffers. */
export const usage = {
  uniform: UNIFORM | COPY_DST,
  input: STORAGE | COPY_DST,
  output: STORAGE | COPY_SRC,
  /** An output the CPU also seeds (reduction accumulators). */
  seededOutput: STORAGE | COPY_SRC | COPY_DST,
  readback: MAP_READ | COPY_DST,
} as const;

/** GPUMapMode values. */
export const mapMode = { read: MAP_READ } as const;

/** A buffer of `size` bytes (at least 16) holding `data` when given. */
export function makeBuffer(
  device: GPUDevice,
  data: ArrayBufferView | null,
  size: number,
  use: number,
): GPUBuffer {
  const buffer = device.createBuffer({ size: Math.max(16, size), usage: use });
  if (data) device.queue.writeBuffer(buffer, 0, data.buffer, data.byteOffset, data.byteLength);
  return buffer;
}

/** Workgroups for `items` invocations; a clear error where one dispatch cannot hold them. */
export function workgroups(device: GPUDevice, items: number, size: number, who: string): number {
  const groups = Math.ceil(items / size);
  const limit = device.limits.maxComputeWorkgroupsPerDimension;
  if (groups > limit)
    throw new RangeError(`${who}: ${items} items need ${groups} workgroups, the device allows ${limit}`);
  return groups;
}

/** A compute pipeline from WGSL source, entry point `main`. */
export function computePipeline(device: GPUDevice, label: string, code: string): GPUComputePipeline {
  const module = device.createShaderModule({ label, code });
  return device.createComputePipeline({ label, layout: 'auto', compute: { module, entryPoint: 'main' } });
}

/**
 * Runs `encode` (bind groups, passes, the submit) inside a validation error scope and returns the
 * scope's promise. A kernel that did not compile, or a binding that does not fit, is a validation
 * error WebGPU reports asynchronously while the dispatch reads back zeros; pass the promise to
 * `rejectInvalid` after the readback so such a run rejects instead of returning zeros.
 */
export function scopedSubmit(device: GPUDevice, encode: () => void): Promise<GPUError | null> {
  device.pushErrorScope('validation');
  try {
    encode();
  } catch (e) {
    // A thrown call leaves no scope behind.
    void device.popErrorScope();
    throw e;
  }
  return device.popErrorScope();
}

/** Throws (naming `label`) when the scope from `scopedSubmit` caught a validation error. */
export async function rejectInvalid(scope: Promise<GPUError | null>, label: string): Promise<void> {
  const err = await scope;
  if (err) throw new Error(`${label}: ${err.message}`);
}

/**
 * One dispatch of `pipeline` over `groups` workgroups: binding 0 the uniform `params` (four
 * words), 1… the `inputs`, then an output of `outBytes` that comes back as float32 words.
 */
export async function runOnce(
  device: GPUDevice,
  pipeline: GPUComputePipeline,
  label: string,
  params: Uint32Array,
  inputs: readonly PassInput[],
  outBytes: number,
  groups: number,
): Promise<Float32Array> {
  const [out] = await runChain(device, label, (chain) => [
    [chain.dispatch(pipeline, params, inputs, outBytes, groups), outBytes],
  ]);
  return new Float32Array(out);
}

/** A dispatch's input: data to upload, or a buffer an earlier dispatch of the same chain wrote. */
export type PassInput = ArrayBufferView | GPUBuffer;

function isBuffer(x: PassInput): x is GPUBuffer {
  return !ArrayBuffer.isView(x);
}

/**
 * One batch's dispatches recorded into one command encoder (ADR-0020 item 21): inputs uploaded
 * once, each stage's output kept on the GPU as the next stage's input, one submit and one readback
 * of what the CPU needs. Every buffer it makes is destroyed when `runChain` ends.
 */
export class PassChain {
  readonly encoder: GPUCommandEncoder;
  private readonly buffers: GPUBuffer[] = [];

  constructor(
    readonly device: GPUDevice,
    label: string,
  ) {
    this.encoder = device.createCommandEncoder({ label });
  }

  /** A buffer of `size` bytes (at least 16) holding `data` when given, freed with the chain. */
  buffer(data: ArrayBufferView | null, size: number, use: number): GPUBuffer {
    const b = makeBuffer(this.device, data, size, use);
    this.buffers.push(b);
    return b;
  }

  /** `data` as a storage input of the chain (upload it once, bind it to many dispatches). */
  upload(data: ArrayBufferView): GPUBuffer {
    return this.buffer(data, data.byteLength, usage.input);
  }

  /**
   * One dispatch of `pipeline` over `groups` workgroups: binding 0 the uniform `params` (four
   * words), 1… the `inputs`, then an output of `outBytes`, returned (still on the GPU).
   */
  dispatch(
    pipeline: GPUComputePipeline,
    params: Uint32Array,
    inputs: readonly PassInput[],
    outBytes: number,
    groups: number,
  ): GPUBuffer {
    const out = this.buffer(null, outBytes, usage.output);
    const bound = [
      this.buffer(params, params.byteLength, usage.uniform),
      ...inputs.map((x) => (isBuffer(x) ? x : this.upload(x))),
      out,
    ];
    const bindGroup = this.device.createBindGroup({
      layout: pipeline.getBindGroupLayout(0),
      entries: bound.map((buffer, binding) => ({ binding, resource: { buffer } })),
    });
    const pass = this.encoder.beginComputePass();
    pass.setPipeline(pipeline);
    pass.setBindGroup(0, bindGroup);
    pass.dispatchWorkgroups(groups);
    pass.end();
    return out;
  }

  /** Destroys every buffer the chain made. */
  destroy(): void {
    for (const b of this.buffers.splice(0)) b.destroy();
  }
}

/**
 * One per-sample stage recorded in `chain` (item 21): `patchCount` patches of `samplesPerPatch`
 * samples, one invocation each (`workgroupSize` a group, `who` named where they do not fit), the
 * uniform (samples per patch, total, 0, 0), the `inputs`, and an output of `outWords` 32-bit words
 * per sample; returns the output (left on the GPU) and its bytes.
 */
export function recordStage(
  chain: PassChain,
  pipeline: GPUComputePipeline,
  who: string,
  workgroupSize: number,
  samplesPerPatch: number,
  patchCount: number,
  inputs: readonly PassInput[],
  outWords: number,
): readonly [GPUBuffer, number] {
  const total = samplesPerPatch * patchCount;
  const groups = workgroups(chain.device, total, workgroupSize, who);
  const params = new Uint32Array([samplesPerPatch, total, 0, 0]);
  const bytes = 4 * outWords * total;
  return [chain.dispatch(pipeline, params, inputs, bytes, groups), bytes];
}

/**
 * Records a batch with `record` (synchronously, inside one validation error scope), submits it and
 * reads back the (buffer, bytes) pairs it returns, in order. A kernel that did not compile or a
 * binding that does not fit rejects naming `label` (a readback of zeros is never returned); a throw
 * while recording leaves no scope and no buffer behind.
 */
export async function runChain(
  device: GPUDevice,
  label: string,
  record: (chain: PassChain) => readonly (readonly [GPUBuffer, number])[],
): Promise<ArrayBuffer[]> {
  const chain = new PassChain(device, label);
  try {
    let reads: readonly (readonly [GPUBuffer, number])[] = [];
    let readbacks: GPUBuffer[] = [];
    const invalid = scopedSubmit(device, () => {
      reads = record(chain);
      const backs = reads.map(([buffer, bytes]) => {
        const back = chain.buffer(null, bytes, usage.readback);
        chain.encoder.copyBufferToBuffer(buffer, 0, back, 0, bytes);
        return back;
      });
      device.queue.submit([chain.encoder.finish()]);
      readbacks = backs;
    });
    await Promise.all(readbacks.map((b, i) => b.mapAsync(mapMode.read, 0, reads[i][1])));
    await rejectInvalid(invalid, label);
    return readbacks.map((b, i) => b.getMappedRange(0, reads[i][1]).slice(0));
  } finally {
    chain.destroy();
  }
}
