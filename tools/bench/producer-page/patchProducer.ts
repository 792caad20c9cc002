// The whole GPU patch producer in a Chromium page (ADR-0020), used by tools/e2e/gpuPatchProducer.spec.ts
// (window.__patchProducerPage): GpuPatchProducer's payloads against generateHeightfield's for the
// same nodes, run in this page, with each patch's stated tolerance from the stages' own bounds; the
// seam property (a vertex two patches share); the refusal of bodies the kernels do not cover.
import { getBody, patchDirections } from '@landfall/universe';
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
import {
  assembleTolerance,
  bandsTolerance,
  composeTolerance,
  COMPOSE_OUT_WORDS,
  GpuPatchProducer,
  gpuPatchRefusal,
  gritTolerance,
  microTolerance,
} from '@landfall/render';
import { pageDevice } from './pageDevice';

export interface ProducerCase {
  body: string;
  face: number;
  level: number;
  x: number;
  y: number;
  /** Absent: the level's own filter; 0: unfiltered. */
  filterM?: number;
}

export interface ProducerCaseResult extends ProducerCase {
  filterM: number;
  /** Largest |GPU − CPU| of a drawn vertex position component (anchor + local), m, and its bound. */
  errPosition: number;
  tolPosition: number;
  /** The same for the morph target, m, and its bound. */
  errTarget: number;
  tolTarget: number;
  /** The stages' summed h tolerance of the patch (worst vertex) and of its parent surface, m. */
  hTol: number;
  parentHTol: number;
  /** Largest |h| and |local| of the CPU payload, m; CPU morph scale. */
  maxAbsH: number;
  maxLocal: number;
  morphScale: number;
  /** Normal / morph normal: largest octahedral int8 difference, steps, and the stated bound. */
  errNormalSteps: number;
  errMorphNormalSteps: number;
  tolNormalSteps: number;
  /** Cover: vertices whose bytes differ; the largest difference of one nibble, steps. */
  coverDiffer: number;
  coverWorstNibble: number;
  errMinHeight: number;
  errMaxHeight: number;
}

export interface SeamResult {
  shared: number;
  /** Shared vertices whose composed field (h, ∇h, ejecta, boulders) differs in any bit. */
  fieldDiffer: number;
  /** Shared vertices whose normal, morph normal or cover bytes differ. */
  encodedDiffer: number;
  /** Largest |world_a − world_b| (anchor + local) of a shared vertex, GPU and CPU, m; and one ulp of the largest |local| there. */
  gpuWorld: number;
  cpuWorld: number;
  ulpLocal: number;
  /** Largest |h| (GPU field) and |local| (either payload) at the shared vertices, m. */
  maxAbsH: number;
  maxLocal: number;
}

export interface PatchProducerPage {
  compare(cases: ProducerCase[]): Promise<{
    cases: ProducerCaseResult[];
    gpuMs: number;
    cpuMs: number;
    /** Batches run, where they were packed, and each batch's main-thread ms outside its packing. */
    batches: number;
    packing: { inWorker: number; onPage: number; noWorker: string };
    mainThreadMs: number[];
    packMs: number[];
  }>;
  /** Two patches in one batch, packed on the page (the Packer's other path). */
  seam(a: ProducerCase, b: ProducerCase): Promise<SeamResult & { packedOnPage: number }>;
  refusal(body: string): Promise<{ predicate: string; thrown: string }>;
}

declare global {
  interface Window {
    __patchProducerPage?: PatchProducerPage;
  }
}

const G = PATCH_GRID;
const N = G * G;
const H = (G + 1) / 2;

async function device(): Promise<GPUDevice> {
  return (await pageDevice()).device;
}

function request(c: ProducerCase) {
  const body = getBody(c.body);
  return { ...c, filterM: c.filterM ?? levelFilterM(body.radius, c.level) };
}

/** The stages' summed h tolerance at the worst of `dirs` under `filterM` (knee slope ≤ 1; the ladder after the unit blend). */
function stageHTolerance(body: string, dirs: Float64Array, filterM: number): number {
  const b = getBody(body);
  const ladder = composeTolerance({ body: b, dirs, filterM }).h;
  let worst = 0;
  for (const v of ladder) worst = Math.max(worst, v);
  return bandsTolerance(b).h + worst + microTolerance(b, filterM).h + gritTolerance(b, filterM).h;
}

/** The stages' summed gradient tolerance (per component, m per radian; the ladder at its worst vertex). */
function stageGradTolerance(body: string, dirs: Float64Array, filterM: number): number {
  const b = getBody(body);
  const ladder = composeTolerance({ body: b, dirs, filterM }).gradient;
  let worst = 0;
  for (const v of ladder) worst = Math.max(worst, v);
  return (
    bandsTolerance(b).gradient +
    worst +
    microTolerance(b, filterM).gradient +
    gritTolerance(b, filterM).gradient
  );
}

function world(pl: PatchPayload, k: number, morph: boolean): number[] {
  const v = new DataView(pl.vertices);
  const o = k * PATCH_VERTEX_STRIDE;
  return [0, 1, 2].map(
    (q) =>
      pl.anchor[q] +
      v.getFloat32(o + OFFSET_POSITION + 4 * q, true) +
      (morph ? v.getInt16(o + OFFSET_MORPH + 2 * q, true) * pl.morphScale : 0),
  );
}

function compare(
  c: ReturnType<typeof request>,
  cpu: PatchPayload,
  heights: Float64Array,
  gpu: PatchPayload,
): ProducerCaseResult {
  const dirs = patchDirections(c.face, c.level, c.x, c.y, G, 0, new Float64Array(3 * N));
  const filtered = c.level > 0 && c.filterM > 0;
  const hTol = stageHTolerance(c.body, dirs, c.filterM);
  let parentHTol = 0;
  let parentGrad = 0;
  if (filtered) {
    const even = new Float64Array(3 * H * H);
    for (let j = 0; j < H; j++)
      for (let i = 0; i < H; i++)
        for (let q = 0; q < 3; q++) even[3 * (j * H + i) + q] = dirs[3 * (2 * j * G + 2 * i) + q];
    parentHTol = stageHTolerance(c.body, even, 2 * c.filterM);
    parentGrad = stageGradTolerance(c.body, even, 2 * c.filterM);
  }
  const R = getBody(c.body).radius;
  const gradTol = Math.max(stageGradTolerance(c.body, dirs, c.filterM), parentGrad);
  const a = new DataView(cpu.vertices);
  const b = new DataView(gpu.vertices);
  let maxAbsH = 0;
  let maxLocal = 0;
  for (let k = 0; k < N; k++) maxAbsH = Math.max(maxAbsH, Math.abs(heights[k]));
  for (let k = 0; k < N; k++)
    for (let q = 0; q < 3; q++)
      maxLocal = Math.max(maxLocal, Math.abs(a.getFloat32(k * PATCH_VERTEX_STRIDE + 4 * q, true)));
  const asm = assembleTolerance(maxAbsH, maxLocal, cpu.morphScale);
  const tolPosition = hTol + asm.position;
  // A target is the parent's vertex (or a midpoint of two): its h tolerance, the vertex's own
  // (the int16 delta is taken against it), and the assembler's target term.
  const tolTarget = hTol + Math.max(hTol, parentHTol) + asm.target;
  // n ∝ dir − ∇h/(R + h): a gradient error e per component tilts n by ≤ √3·e/R radians; the
  // octahedral map's slope is ≤ 2 per radian in its int8 units of 1/127, plus one step of rounding.
  const tolNormalSteps = 1 + Math.ceil((2 * 127 * Math.sqrt(3) * gradTol) / R);
  let errPosition = 0;
  let errTarget = 0;
  let errNormalSteps = 0;
  let errMorphNormalSteps = 0;
  let coverDiffer = 0;
  let coverWorstNibble = 0;
  for (let k = 0; k < N; k++) {
    const o = k * PATCH_VERTEX_STRIDE;
    for (const morph of [false, true]) {
      const wa = world(cpu, k, morph);
      const wb = world(gpu, k, morph);
      for (let q = 0; q < 3; q++) {
        const d = Math.abs(wa[q] - wb[q]);
        if (morph) errTarget = Math.max(errTarget, d);
        else errPosition = Math.max(errPosition, d);
      }
    }
    for (const [off, isMorph] of [
      [OFFSET_NORMAL, false],
      [OFFSET_MORPH_NORMAL, true],
    ] as const) {
      const d = Math.max(
        Math.abs(a.getInt8(o + off) - b.getInt8(o + off)),
        Math.abs(a.getInt8(o + off + 1) - b.getInt8(o + off + 1)),
      );
      if (isMorph) errMorphNormalSteps = Math.max(errMorphNormalSteps, d);
      else errNormalSteps = Math.max(errNormalSteps, d);
    }
    const ca = a.getUint16(o + OFFSET_COVER, true);
    const cb = b.getUint16(o + OFFSET_COVER, true);
    if (ca !== cb) {
      coverDiffer++;
      for (let s = 0; s < 16; s += 4)
        coverWorstNibble = Math.max(coverWorstNibble, Math.abs(((ca >> s) & 15) - ((cb >> s) & 15)));
    }
  }
  return {
    ...c,
    errPosition,
    tolPosition,
    errTarget,
    tolTarget,
    hTol,
    parentHTol,
    maxAbsH,
    maxLocal,
    morphScale: cpu.morphScale,
    errNormalSteps,
    errMorphNormalSteps,
    tolNormalSteps,
    coverDiffer,
    coverWorstNibble,
    errMinHeight: Math.abs(gpu.minHeight - cpu.minHeight),
    errMaxHeight: Math.abs(gpu.maxHeight - cpu.maxHeight),
  };
}

function cpuPayload(r: ReturnType<typeof request>): { cpu: PatchPayload; heights: Float64Array } {
  const debug = {
    samples: { dirs: new Float64Array(3 * N), heights: new Float64Array(N), grads: new Float64Array(3 * N) },
    positions: new Float64Array(3 * N),
    targets: new Float64Array(3 * N),
    normals: new Float64Array(3 * N),
  };
  const cpu = generateHeightfield(r, debug);
  return { cpu, heights: debug.samples.heights };
}

const patchProducerPage: PatchProducerPage = {
  async compare(cases) {
    const dev = await device();
    const producer = new GpuPatchProducer(dev);
    const reqs = cases.map(request);
    const t0 = performance.now();
    const cpu = reqs.map(cpuPayload);
    const cpuMs = performance.now() - t0;
    const t1 = performance.now();
    // One batch per body (a batch is one body's requests).
    const gpu: PatchPayload[] = new Array<PatchPayload>(reqs.length);
    const mainThreadMs: number[] = [];
    const packMs: number[] = [];
    for (const body of new Set(reqs.map((r) => r.body))) {
      const at = reqs.flatMap((r, i) => (r.body === body ? [i] : []));
      const out = await producer.generateBatch(at.map((i) => reqs[i]));
      at.forEach((i, j) => (gpu[i] = out[j]));
      mainThreadMs.push(producer.lastMainThreadMs);
      packMs.push(producer.packing.lastMs);
    }
    const gpuMs = performance.now() - t1;
    const { inWorker, onPage, noWorker } = producer.packing;
    const packing = { inWorker, onPage, noWorker };
    producer.dispose();
    dev.destroy();
    return {
      cases: reqs.map((r, i) => compare(r, cpu[i].cpu, cpu[i].heights, gpu[i])),
      gpuMs,
      cpuMs,
      batches: mainThreadMs.length,
      packing,
      mainThreadMs,
      packMs,
    };
  },
  async seam(ca, cb) {
    const dev = await device();
    const producer = new GpuPatchProducer(dev, { packWorker: false });
    const ra = request(ca);
    const rb = request(cb);
    const debug: { field?: Float32Array } = {};
    const [pa, pb] = await producer.generateBatch([ra, rb], debug);
    const packedOnPage = producer.packing.onPage;
    producer.dispose();
    dev.destroy();
    const field = debug.field as Float32Array;
    const fieldBits = new Uint32Array(field.buffer, field.byteOffset, field.length);
    const ca64 = generateHeightfield(ra);
    const cb64 = generateHeightfield(rb);
    const da = patchDirections(ra.face, ra.level, ra.x, ra.y, G, 0, new Float64Array(3 * N));
    const db = patchDirections(rb.face, rb.level, rb.x, rb.y, G, 0, new Float64Array(3 * N));
    const at = new Map<string, number>();
    for (let k = 0; k < N; k++) at.set(`${da[3 * k]},${da[3 * k + 1]},${da[3 * k + 2]}`, k);
    const res: SeamResult = {
      shared: 0,
      fieldDiffer: 0,
      encodedDiffer: 0,
      gpuWorld: 0,
      cpuWorld: 0,
      ulpLocal: 0,
      maxAbsH: 0,
      maxLocal: 0,
    };
    const va = new DataView(pa.vertices);
    const vb = new DataView(pb.vertices);
    for (let m = 0; m < N; m++) {
      const k = at.get(`${db[3 * m]},${db[3 * m + 1]},${db[3 * m + 2]}`);
      if (k === undefined) continue;
      res.shared++;
      res.maxAbsH = Math.max(res.maxAbsH, Math.abs(field[COMPOSE_OUT_WORDS * k]));
      for (let w = 0; w < COMPOSE_OUT_WORDS; w++)
        if (fieldBits[COMPOSE_OUT_WORDS * k + w] !== fieldBits[COMPOSE_OUT_WORDS * (N + m) + w]) {
          res.fieldDiffer++;
          break;
        }
      const oa = k * PATCH_VERTEX_STRIDE;
      const ob = m * PATCH_VERTEX_STRIDE;
      for (const off of [OFFSET_NORMAL, OFFSET_MORPH_NORMAL, OFFSET_COVER])
        if (va.getUint16(oa + off, true) !== vb.getUint16(ob + off, true)) {
          res.encodedDiffer++;
          break;
        }
      const g1 = world(pa, k, false);
      const g2 = world(pb, m, false);
      const c1 = world(ca64, k, false);
      const c2 = world(cb64, m, false);
      for (let q = 0; q < 3; q++) {
        res.gpuWorld = Math.max(res.gpuWorld, Math.abs(g1[q] - g2[q]));
        res.cpuWorld = Math.max(res.cpuWorld, Math.abs(c1[q] - c2[q]));
        for (const v of [va.getFloat32(oa + 4 * q, true), vb.getFloat32(ob + 4 * q, true)]) {
          res.ulpLocal = Math.max(res.ulpLocal, Math.abs(v) * 2 ** -23);
          res.maxLocal = Math.max(res.maxLocal, Math.abs(v));
        }
      }
    }
    return { ...res, packedOnPage };
  },
  async refusal(body) {
    const b = getBody(body);
    const predicate = gpuPatchRefusal(b);
    const dev = await device();
    const producer = new GpuPatchProducer(dev);
    let thrown = '';
    try {
      await producer.generate({ body, face: 0, level: 10, x: 1, y: 2, filterM: levelFilterM(b.radius, 10) });
    } catch (e) {
      thrown = String((e as Error).message);
    }
    producer.dispose();
    dev.destroy();
    return { predicate, thrown };
  },
};

window.__patchProducerPage = patchProducerPage;
