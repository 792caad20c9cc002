// The GPU producer's kernels in a Chromium page (ADR-0020), on the page's own WebGPU device: used by
// tools/e2e/gpuProducer.spec.ts (window.__producerPage) to compare each kernel with the universe
// code it ports, run in this same page on the CPU.
import { getBody, gritAt, patchDirections, elevationSample } from '@landfall/universe';
import { PATCH_GRID, levelFilterM } from '@landfall/streamer';
import { GpuGrit, gritBatch, gritTolerance, type GritPatch } from '@landfall/render';

/** One patch to compare: a node of a body, drawn under its level's filter (or `filterM`). */
export interface GritCase {
  body: string;
  face: number;
  level: number;
  x: number;
  y: number;
}

export interface GritCaseResult extends GritCase {
  filterM: number;
  /** Largest |h| and |∇h| component the CPU gave on this patch (0: the filter removed the grit). */
  maxH: number;
  maxGradient: number;
  /** Largest |GPU − CPU| of h and of a gradient component over the patch's samples. */
  errH: number;
  errGradient: number;
  /** The stated tolerance (gritTolerance). */
  tolH: number;
  tolGradient: number;
  /** Samples where GPU and CPU differ in sign of h while |h| > tolH (a wrong cell or hash). */
  signFlips: number;
}

export interface GritCompare {
  adapter: string;
  cases: GritCaseResult[];
  samples: number;
  /** Wall ms of the GPU run (upload, dispatch, readback) and of the packing on the CPU. */
  gpuMs: number;
  packMs: number;
  /** Wall ms of gritAt over the same samples in this page. */
  cpuMs: number;
}

export interface ProducerPage {
  gritCompare(cases: GritCase[]): Promise<GritCompare>;
  /** The GPU's (h, ∇h) per sample of each case, as plain numbers (float32 values). */
  gritRaw(cases: GritCase[]): Promise<number[][]>;
}

declare global {
  interface Window {
    __producerPage?: ProducerPage;
  }
}

const N = PATCH_GRID * PATCH_GRID;

const device = pageDevice;

/** The patch of a case: the node's float64 directions under its level's filter. */
function patchOf(c: GritCase): GritPatch {
  const body = getBody(c.body);
  const dirs = patchDirections(c.face, c.level, c.x, c.y, PATCH_GRID, 0, new Float64Array(3 * N));
  return { body, dirs, filterM: levelFilterM(body.radius, c.level) };
}

const producerPage: ProducerPage = {
  async gritRaw(cases) {
    const { device: dev } = await device();
    const gpu = new GpuGrit(dev);
    const out = await gpu.run(gritBatch(cases.map(patchOf), N));
    gpu.dispose();
    dev.destroy();
    return cases.map((_, i) => Array.from(out.subarray(4 * N * i, 4 * N * (i + 1))));
  },

  async gritCompare(cases) {
    const { device: dev, adapter } = await device();
    const gpu = new GpuGrit(dev);
    const patches = cases.map(patchOf);
    let t = performance.now();
    const batch = gritBatch(patches, N);
    const packMs = performance.now() - t;
    t = performance.now();
    const out = await gpu.run(batch);
    const gpuMs = performance.now() - t;
    const s = elevationSample();
    const cpu = new Float64Array(4 * N * cases.length);
    t = performance.now();
    patches.forEach((p, i) => {
      for (let k = 0; k < N; k++) {
        gritAt(p.body, p.dirs[3 * k], p.dirs[3 * k + 1], p.dirs[3 * k + 2], s, p.filterM);
        const o = 4 * (i * N + k);
        cpu[o] = s.h;
        cpu[o + 1] = s.gx;
        cpu[o + 2] = s.gy;
        cpu[o + 3] = s.gz;
      }
    });
    const cpuMs = performance.now() - t;
    const results = cases.map((c, i): GritCaseResult => {
      const p = patches[i];
      const tol = gritTolerance(p.body, p.filterM);
      let maxH = 0;
      let maxGradient = 0;
      let errH = 0;
      let errGradient = 0;
      let signFlips = 0;
      for (let k = 0; k < N; k++) {
        const o = 4 * (i * N + k);
        maxH = Math.max(maxH, Math.abs(cpu[o]));
        errH = Math.max(errH, Math.abs(out[o] - cpu[o]));
        if (Math.abs(cpu[o]) > tol.h && Math.sign(out[o]) !== Math.sign(cpu[o])) signFlips++;
        for (let q = 1; q < 4; q++) {
          maxGradient = Math.max(maxGradient, Math.abs(cpu[o + q]));
          errGradient = Math.max(errGradient, Math.abs(out[o + q] - cpu[o + q]));
        }
      }
      return {
        ...c,
        filterM: p.filterM,
        maxH,
        maxGradient,
        errH,
        errGradient,
        tolH: tol.h,
        tolGradient: tol.gradient,
        signFlips,
      };
    });
    gpu.dispose();
    dev.destroy();
    return { adapter, cases: results, samples: N * cases.length, gpuMs, packMs, cpuMs };
  },
};

window.__producerPage = producerPage;

// The micro crater band (tools/e2e/gpuMicroCraters.spec.ts, window.__microPage): GpuMicroCraters
// against universe's microCraterBatch over the same directions and level filters, in this page.
import { microCraterBatch } from '@landfall/universe';
import { GpuMicroCraters, microBatch, microTolerance } from '@landfall/render';
import { pageDevice } from './pageDevice';

/** Words per sample of GpuMicroCraters' output: (h, ∇h.xyz), (ejecta, near-bound decisions, craters, 0). */
const MICRO_OUT = 8;

export interface MicroCaseResult extends GritCase {
  filterM: number;
  /** Largest |h|, |∇h| component and ejecta the CPU gave on this patch. */
  maxH: number;
  maxGradient: number;
  maxEjecta: number;
  /** Largest |GPU − CPU| of h, a gradient component and the ejecta over samples with no near-bound decision. */
  errH: number;
  errGradient: number;
  errEjecta: number;
  /** The stated tolerance (microTolerance). */
  tolH: number;
  tolGradient: number;
  tolEjecta: number;
  /** Samples with a near-bound shell decision (a possible float64 flip), and those of them beyond the tolerance. */
  nearBound: number;
  nearBoundOff: number;
  /** Craters the GPU summed over the patch's samples. */
  craters: number;
}

export interface MicroCompare {
  adapter: string;
  cases: MicroCaseResult[];
  samples: number;
  /** Wall ms of the GPU run (upload, dispatch, readback), of the packing, and of microCraterBatch. */
  gpuMs: number;
  packMs: number;
  cpuMs: number;
}

export interface MicroPage {
  microCompare(cases: GritCase[]): Promise<MicroCompare>;
  /** microCompare over the given float64 directions (N per case) under each case's level filter. */
  microCompareDirs(cases: GritCase[], dirs: number[][]): Promise<MicroCompare>;
  /** The GPU's MICRO_OUT words per sample of each case, as plain numbers (float32 values). */
  microRaw(cases: GritCase[]): Promise<number[][]>;
}

declare global {
  interface Window {
    __microPage?: MicroPage;
  }
}

const microPage: MicroPage = {
  async microRaw(cases) {
    const { device: dev } = await device();
    const gpu = new GpuMicroCraters(dev);
    const out = await gpu.run(microBatch(cases.map(patchOf), N));
    gpu.dispose();
    dev.destroy();
    return cases.map((_, i) => Array.from(out.subarray(MICRO_OUT * N * i, MICRO_OUT * N * (i + 1))));
  },

  async microCompare(cases) {
    return compareMicro(cases, cases.map(patchOf));
  },

  async microCompareDirs(cases, dirs) {
    return compareMicro(
      cases,
      cases.map((c, i) => ({ ...patchOf(c), dirs: Float64Array.from(dirs[i]) })),
    );
  },
};

/** GpuMicroCraters against microCraterBatch over `patches` (one per case), in this page. */
async function compareMicro(cases: GritCase[], patches: GritPatch[]): Promise<MicroCompare> {
  const { device: dev, adapter } = await device();
  const gpu = new GpuMicroCraters(dev);
  let t = performance.now();
  const batch = microBatch(patches, N);
  const packMs = performance.now() - t;
  t = performance.now();
  const out = await gpu.run(batch);
  const gpuMs = performance.now() - t;
  const h = new Float64Array(N * cases.length);
  const g = new Float64Array(3 * N * cases.length);
  const e = new Float64Array(N * cases.length);
  t = performance.now();
  patches.forEach((p, i) => {
    microCraterBatch(
      p.body,
      p.dirs,
      N,
      h.subarray(N * i, N * (i + 1)),
      g.subarray(3 * N * i, 3 * N * (i + 1)),
      e.subarray(N * i, N * (i + 1)),
      p.filterM,
    );
  });
  const cpuMs = performance.now() - t;
  const results = cases.map((c, i): MicroCaseResult => {
    const p = patches[i];
    const tol = microTolerance(p.body, p.filterM);
    const r: MicroCaseResult = {
      ...c,
      filterM: p.filterM,
      maxH: 0,
      maxGradient: 0,
      maxEjecta: 0,
      errH: 0,
      errGradient: 0,
      errEjecta: 0,
      tolH: tol.h,
      tolGradient: tol.gradient,
      tolEjecta: tol.ejecta,
      nearBound: 0,
      nearBoundOff: 0,
      craters: 0,
    };
    for (let k = 0; k < N; k++) {
      const s = i * N + k;
      const o = MICRO_OUT * s;
      const dh = Math.abs(out[o] - h[s]);
      let dg = 0;
      for (let q = 0; q < 3; q++) {
        dg = Math.max(dg, Math.abs(out[o + 1 + q] - g[3 * s + q]));
        r.maxGradient = Math.max(r.maxGradient, Math.abs(g[3 * s + q]));
      }
      const de = Math.abs(out[o + 4] - e[s]);
      r.maxH = Math.max(r.maxH, Math.abs(h[s]));
      r.maxEjecta = Math.max(r.maxEjecta, e[s]);
      r.craters += out[o + 6];
      if (out[o + 5] > 0) {
        r.nearBound++;
        if (dh > tol.h || dg > tol.gradient || de > tol.ejecta) r.nearBoundOff++;
        continue;
      }
      r.errH = Math.max(r.errH, dh);
      r.errGradient = Math.max(r.errGradient, dg);
      r.errEjecta = Math.max(r.errEjecta, de);
    }
    return r;
  });
  gpu.dispose();
  dev.destroy();
  return { adapter, cases: results, samples: N * cases.length, gpuMs, packMs, cpuMs };
}

window.__microPage = microPage;
