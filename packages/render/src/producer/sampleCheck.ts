/**
 * A kernel that runs one of the producer's WGSL functions alone over a batch's samples, for a
 * browser spec to compare with the universe code it ports (ADR-0020 items 24–25): binding 1 the
 * samples' split words (`positionWords`), 2 the function's batch buffer as vec4 under `binding`,
 * 3 `outVec4` vec4 per sample. `body` runs per sample with `k` (the sample), `hi`, `lo3` (its split
 * position, m), `R` (the body's radius) and `params.patches` in scope.
 */
import type { Body } from '@landfall/universe';
import { computePipeline, runOnce, workgroups } from './compute';
import { positionWords } from './domainSplit';

const WORKGROUP = 64;

export interface SampleCheck {
  label: string;
  binding: string;
  /** The WGSL the body calls (with every snippet it needs). */
  wgsl: string;
  body: string;
  outVec4: number;
}

export async function runSampleCheck(
  device: GPUDevice,
  check: SampleCheck,
  patches: readonly { body: Body; dirs: Float64Array }[],
  samplesPerPatch: number,
  batch: Float32Array,
): Promise<Float32Array> {
  const body = patches[0].body;
  if (patches.some((p) => p.body !== body)) throw new RangeError(`${check.label}: one body a batch`);
  const total = samplesPerPatch * patches.length;
  const params = new Uint32Array([samplesPerPatch, total, 0, patches.length]);
  new Float32Array(params.buffer)[2] = body.radius;
  const code = /* wgsl */ `
struct Params { samplesPerPatch: u32, total: u32, radius: u32, patches: u32 }
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> samples: array<f32>;
@group(0) @binding(2) var<storage, read> ${check.binding}: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read_write> out: array<vec4<f32>>;
${check.wgsl}

@compute @workgroup_size(${WORKGROUP})
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  let k = id.x;
  if (k >= params.total) {
    return;
  }
  let s = 6u * k;
  let hi = vec3<f32>(samples[s], samples[s + 1u], samples[s + 2u]);
  let lo3 = vec3<f32>(samples[s + 3u], samples[s + 4u], samples[s + 5u]);
  let R = bitcast<f32>(params.radius);
  ${check.body}
}
`;
  return runOnce(
    device,
    computePipeline(device, check.label, code),
    check.label,
    params,
    [positionWords(patches, samplesPerPatch), batch],
    16 * check.outVec4 * total,
    workgroups(device, total, WORKGROUP, check.label),
  );
}
