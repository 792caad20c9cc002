// The GPU producer's payload assembly in a Chromium page (ADR-0020), used by
// tools/e2e/gpuAssemble.spec.ts (window.__assemblePage): the CPU's own drawn field and parent surface
// (float64, rounded to float32) go into the GPU assembler, whose payload is compared with
// generateHeightfield's for the same node, run in this page.
import { drawnBatch, getBody, patchDirections } from '@landfall/universe';
import {
  generateHeightfield,
  levelFilterM,
  OFFSET_COVER,
  OFFSET_MORPH,
  OFFSET_MORPH_NORMAL,
  OFFSET_NORMAL,
  OFFSET_POSITION,
  PATCH_GRID,
  PATCH_VERTEX_STRIDE,
  type PatchPayload,
} from '@landfall/streamer';
import { GpuAssembler, positionWords, type AssemblePatch } from '@landfall/render';
import { pageDevice } from './pageDevice';

export interface AssembleCase {
  body: string;
  face: number;
  level: number;
  x: number;
  y: number;
}

export interface AssembleCaseResult extends AssembleCase {
  filtered: boolean;
  /** Largest |GPU − CPU| of a drawn vertex position component (anchor + float32 local), m. */
  errPosition: number;
  /** The same for the morph target (position + int16 delta × morphScale), m. */
  errTarget: number;
  /** The CPU payload's morph scale and largest |h| on the patch (for the tolerance). */
  morphScale: number;
  maxAbsH: number;
  /** Largest |local| of the CPU payload, m. */
  maxLocal: number;
  /** Largest difference of an octahedral int8 (normal, morph normal), in steps. */
  errNormalSteps: number;
  errMorphNormalSteps: number;
  /** Cover bytes that differ (must be 0: they are the input). */
  coverDiffer: number;
  errMinHeight: number;
  errMaxHeight: number;
  /** GPU morph scale / CPU morph scale − 1. */
  morphScaleRel: number;
  /** Vertices (or morph targets) outside the GPU payload's bounding sphere or their edge sphere. */
  outsideBounds: number;
  outsideEdges: number;
  boundingRadiusGpu: number;
  boundingRadiusCpu: number;
}

export interface AssembleCompare {
  cases: AssembleCaseResult[];
  gpuMs: number;
}

export interface AssemblePage {
  assembleCompare(cases: AssembleCase[]): Promise<AssembleCompare>;
}

declare global {
  interface Window {
    __assemblePage?: AssemblePage;
  }
}

const G = PATCH_GRID;
const N = G * G;
const H = (G + 1) / 2;

interface Prepared {
  patch: AssemblePatch;
  cpu: PatchPayload;
  heights: Float64Array;
  grads: Float64Array;
  parentH: Float64Array;
  parentG: Float64Array;
}

function prepare(c: AssembleCase): Prepared {
  const body = getBody(c.body);
  const filterM = levelFilterM(body.radius, c.level);
  const debug = {
    samples: { dirs: new Float64Array(3 * N), heights: new Float64Array(N), grads: new Float64Array(3 * N) },
    positions: new Float64Array(3 * N),
    targets: new Float64Array(3 * N),
    normals: new Float64Array(3 * N),
  };
  const cpu = generateHeightfield({ ...c, filterM }, debug);
  const dirs = patchDirections(c.face, c.level, c.x, c.y, G, 0, new Float64Array(3 * N));
  const filtered = c.level > 0 && filterM > 0;
  const even = new Float64Array(3 * H * H);
  for (let j = 0; j < H; j++)
    for (let i = 0; i < H; i++)
      for (let q = 0; q < 3; q++) even[3 * (j * H + i) + q] = dirs[3 * (2 * j * G + 2 * i) + q];
  const parentH = new Float64Array(H * H);
  const parentG = new Float64Array(3 * H * H);
  if (filtered) drawnBatch(body, even, H * H, parentH, parentG, 2 * filterM);
  return {
    patch: { body, face: c.face, level: c.level, x: c.x, y: c.y, dirs, filtered },
    cpu,
    heights: debug.samples.heights,
    grads: debug.samples.grads,
    parentH,
    parentG,
  };
}

function oct(view: DataView, o: number): [number, number] {
  return [view.getInt8(o), view.getInt8(o + 1)];
}

function compare(c: AssembleCase, p: Prepared, gpu: PatchPayload): AssembleCaseResult {
  const a = new DataView(p.cpu.vertices);
  const b = new DataView(gpu.vertices);
  let errPosition = 0;
  let errTarget = 0;
  let maxLocal = 0;
  let errNormalSteps = 0;
  let errMorphNormalSteps = 0;
  let coverDiffer = 0;
  let outsideBounds = 0;
  let outsideEdges = 0;
  let maxAbsH = 0;
  for (let k = 0; k < N; k++) maxAbsH = Math.max(maxAbsH, Math.abs(p.heights[k]));
  const world = (v: DataView, pl: PatchPayload, k: number, morph: boolean): number[] => {
    const o = k * PATCH_VERTEX_STRIDE;
    return [0, 1, 2].map(
      (q) =>
        pl.anchor[q] +
        v.getFloat32(o + OFFSET_POSITION + 4 * q, true) +
        (morph ? v.getInt16(o + OFFSET_MORPH + 2 * q, true) * pl.morphScale : 0),
    );
  };
  for (let k = 0; k < N; k++) {
    const o = k * PATCH_VERTEX_STRIDE;
    const i = k % G;
    const j = (k - i) / G;
    for (const morph of [false, true]) {
      const wa = world(a, p.cpu, k, morph);
      const wb = world(b, gpu, k, morph);
      for (let q = 0; q < 3; q++) {
        const d = Math.abs(wa[q] - wb[q]);
        if (morph) errTarget = Math.max(errTarget, d);
        else errPosition = Math.max(errPosition, d);
      }
      const r = Math.hypot(wb[0] - gpu.anchor[0], wb[1] - gpu.anchor[1], wb[2] - gpu.anchor[2]);
      if (r > gpu.boundingRadius) outsideBounds++;
      const edges = [i === 0 ? 0 : -1, i === G - 1 ? 1 : -1, j === 0 ? 2 : -1, j === G - 1 ? 3 : -1];
      for (const e of edges) {
        if (e < 0) continue;
        const s = gpu.edgeBounds.subarray(4 * e, 4 * e + 4);
        if (Math.hypot(wb[0] - s[0], wb[1] - s[1], wb[2] - s[2]) > s[3]) outsideEdges++;
      }
    }
    for (let q = 0; q < 3; q++) maxLocal = Math.max(maxLocal, Math.abs(a.getFloat32(o + 4 * q, true)));
    const [n0, n1] = oct(a, o + OFFSET_NORMAL);
    const [g0, g1] = oct(b, o + OFFSET_NORMAL);
    errNormalSteps = Math.max(errNormalSteps, Math.abs(n0 - g0), Math.abs(n1 - g1));
    const [m0, m1] = oct(a, o + OFFSET_MORPH_NORMAL);
    const [h0, h1] = oct(b, o + OFFSET_MORPH_NORMAL);
    errMorphNormalSteps = Math.max(errMorphNormalSteps, Math.abs(m0 - h0), Math.abs(m1 - h1));
    if (a.getUint16(o + OFFSET_COVER, true) !== b.getUint16(o + OFFSET_COVER, true)) coverDiffer++;
  }
  return {
    ...c,
    filtered: p.patch.filtered,
    errPosition,
    errTarget,
    morphScale: p.cpu.morphScale,
    maxAbsH,
    maxLocal,
    errNormalSteps,
    errMorphNormalSteps,
    coverDiffer,
    errMinHeight: Math.abs(gpu.minHeight - p.cpu.minHeight),
    errMaxHeight: Math.abs(gpu.maxHeight - p.cpu.maxHeight),
    morphScaleRel: gpu.morphScale / p.cpu.morphScale - 1,
    outsideBounds,
    outsideEdges,
    boundingRadiusGpu: gpu.boundingRadius,
    boundingRadiusCpu: p.cpu.boundingRadius,
  };
}

const assemblePage: AssemblePage = {
  async assembleCompare(cases) {
    const { device } = await pageDevice();
    const prepared = cases.map(prepare);
    const patches = prepared.map((p) => p.patch);
    const field = new Float32Array(4 * N * cases.length);
    const parentField = new Float32Array(4 * H * H * cases.length);
    const cover = new Uint32Array(N * cases.length);
    prepared.forEach((p, i) => {
      const view = new DataView(p.cpu.vertices);
      for (let k = 0; k < N; k++) {
        const o = 4 * (i * N + k);
        field[o] = p.heights[k];
        field.set(p.grads.subarray(3 * k, 3 * k + 3), o + 1);
        cover[i * N + k] = view.getUint16(k * PATCH_VERTEX_STRIDE + OFFSET_COVER, true);
      }
      for (let k = 0; k < H * H; k++) {
        const o = 4 * (i * H * H + k);
        parentField[o] = p.parentH[k];
        parentField.set(p.parentG.subarray(3 * k, 3 * k + 3), o + 1);
      }
    });
    const gpu = new GpuAssembler(device);
    const t = performance.now();
    const out = await gpu.run({ patches, samples: positionWords(patches, N), field, parentField, cover });
    const gpuMs = performance.now() - t;
    gpu.dispose();
    device.destroy();
    return { cases: cases.map((c, i) => compare(c, prepared[i], out[i])), gpuMs };
  },
};

window.__assemblePage = assemblePage;
