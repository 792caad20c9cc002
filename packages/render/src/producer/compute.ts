/**
 * The WebGPU plumbing every producer kernel shares (ADR-0020): buffer usages, an upload helper, the
 * one-dimensional dispatch's size check and the single-pass run (a uniform of four words, storage
 * inputs, one storage output read back). Bindings follow one order in every kernel: 0 the uniform,
 * then the inputs, then the output.
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
  inputs: readonly ArrayBufferView[],
  outBytes: number,
  groups: number,
): Promise<Float32Array> {
  const buffers = [
    makeBuffer(device, params, params.byteLength, usage.uniform),
    ...inputs.map((data) => makeBuffer(device, data, data.byteLength, usage.input)),
    makeBuffer(device, null, outBytes, usage.output),
  ];
  const out = buffers[buffers.length - 1];
  const readback = makeBuffer(device, null, outBytes, usage.readback);
  try {
    const invalid = scopedSubmit(device, () => {
      const bindGroup = device.createBindGroup({
        layout: pipeline.getBindGroupLayout(0),
        entries: buffers.map((buffer, binding) => ({ binding, resource: { buffer } })),
      });
      const encoder = device.createCommandEncoder({ label });
      const pass = encoder.beginComputePass();
      pass.setPipeline(pipeline);
      pass.setBindGroup(0, bindGroup);
      pass.dispatchWorkgroups(groups);
      pass.end();
      encoder.copyBufferToBuffer(out, 0, readback, 0, outBytes);
      device.queue.submit([encoder.finish()]);
    });
    await readback.mapAsync(mapMode.read, 0, outBytes);
    await rejectInvalid(invalid, label);
    return new Float32Array(readback.getMappedRange(0, outBytes).slice(0));
  } finally {
    for (const b of buffers) b.destroy();
    readback.destroy();
  }
}
