// The GPU producer's crater ladder in a Chromium page (ADR-0020), used by tools/e2e/gpuLadder.spec.ts
// (window.__ladderPage): GpuLadder against universe's ladderBatchD (the old unit, and the young
// unit's sums at every sample) run in this page on the same directions and level filters.
import { getBody, ladderBatchD, patchDirections } from '@landfall/universe';
import { PATCH_GRID, levelFilterM } from '@landfall/streamer';
import {
  GpuLadder,
  LADDER_OUT_WORDS,
  LADDER_PATCH_WORDS,
  LADDER_RUNG_WORDS,
  ladderBatch,
  ladderTolerance,
  type LadderPatch,
} from '@landfall/render';
import { pageDevice } from './pageDevice';

/** Words per sample of GpuLadder's output: (h, ∇h.xyz), (ejecta, candidates summed, 0, 0), (h_young, ∇h_young.xyz). */
const OUT = LADDER_OUT_WORDS;
const N = PATCH_GRID * PATCH_GRID;
/** Words per candidate (word 3 its kind, word 7 its terraces). */
const CANDIDATE_WORDS = 52;

export interface LadderCase {
  body: string;
  face: number;
  level: number;
  x: number;
  y: number;
}

export interface LadderCaseResult extends LadderCase {
  filterM: number;
  /** Candidates packed for the patch, and of them: craters, knobs and pits, remnants, terraced craters. */
  candidates: number;
  kinds: [number, number, number, number];
  /** Feature-sample pairs the GPU summed. */
  summed: number;
  /** Largest |h|, range of h, largest |∇h| component and ejecta the CPU gave. */
  maxH: number;
  rangeH: number;
  maxGradient: number;
  maxEjecta: number;
  /** Largest |GPU − CPU| / per-sample tolerance of h, a gradient component, the ejecta. */
  shareH: number;
  shareGradient: number;
  shareEjecta: number;
  /** Largest |GPU − CPU| of h (m). */
  errH: number;
  /** Samples beyond the tolerance. */
  off: number;
  /** Whether the young unit's sum differs from the old unit's somewhere (a ghost weight below 1). */
  youngDiffers: boolean;
}

export interface LadderCompare {
  adapter: string;
  cases: LadderCaseResult[];
  samples: number;
  gpuMs: number;
  packMs: number;
  cpuMs: number;
}

export interface LadderPage {
  ladderCompare(cases: LadderCase[]): Promise<LadderCompare>;
  /** The GPU's LADDER_OUT_WORDS per sample of each case, as plain numbers. */
  ladderRaw(cases: LadderCase[]): Promise<number[][]>;
  /** The RangeError message `ladderBatch` gives for a case (under `filterM` when given), or '' when it packs. */
  ladderRefusal(c: LadderCase, filterM?: number): Promise<string>;
}

declare global {
  interface Window {
    __ladderPage?: LadderPage;
  }
}

function patchOf(c: LadderCase): LadderPatch {
  const body = getBody(c.body);
  const dirs = patchDirections(c.face, c.level, c.x, c.y, PATCH_GRID, 0, new Float64Array(3 * N));
  return { body, dirs, filterM: levelFilterM(body.radius, c.level) };
}

const device = pageDevice;

const ladderPage: LadderPage = {
  async ladderRaw(cases) {
    const { device: dev } = await device();
    const gpu = new GpuLadder(dev);
    const out = await gpu.run(ladderBatch(cases.map(patchOf), N));
    gpu.dispose();
    dev.destroy();
    return cases.map((_, i) => Array.from(out.subarray(OUT * N * i, OUT * N * (i + 1))));
  },

  async ladderRefusal(c, filterM) {
    try {
      const p = patchOf(c);
      ladderBatch([filterM === undefined ? p : { ...p, filterM }], N);
      return '';
    } catch (e) {
      return e instanceof RangeError ? e.message : `not a RangeError: ${String(e)}`;
    }
  },

  async ladderCompare(cases) {
    const { device: dev, adapter } = await device();
    const gpu = new GpuLadder(dev);
    const patches = cases.map(patchOf);
    let t = performance.now();
    const batch = ladderBatch(patches, N);
    const packMs = performance.now() - t;
    t = performance.now();
    const out = await gpu.run(batch);
    const gpuMs = performance.now() - t;
    const h = new Float64Array(N * cases.length);
    const g = new Float64Array(3 * N * cases.length);
    const e = new Float64Array(N * cases.length);
    // The young unit's sums at every sample (youngAt all 1), whatever the body's flooding: the
    // kernel computes them everywhere and the compose kernel weighs them.
    const hy = new Float64Array(N * cases.length);
    const gy = new Float64Array(3 * N * cases.length);
    const youngAt = new Uint8Array(N).fill(1);
    t = performance.now();
    patches.forEach((p, i) => {
      ladderBatchD(
        p.body,
        p.dirs,
        N,
        h.subarray(N * i, N * (i + 1)),
        g.subarray(3 * N * i, 3 * N * (i + 1)),
        hy.subarray(N * i, N * (i + 1)),
        gy.subarray(3 * N * i, 3 * N * (i + 1)),
        e.subarray(N * i, N * (i + 1)),
        youngAt,
        true,
        p.filterM,
      );
    });
    const cpuMs = performance.now() - t;
    const results = cases.map((c, i): LadderCaseResult => {
      const p = patches[i];
      const tol = ladderTolerance(p);
      const rungs = new Uint32Array(batch.patches)[LADDER_PATCH_WORDS * i + 1];
      const ru = new Uint32Array(batch.rungs);
      const first = new Uint32Array(batch.patches)[LADDER_PATCH_WORDS * i];
      const candidates = ru[LADDER_RUNG_WORDS * (first + rungs - 1) + 1] - ru[LADDER_RUNG_WORDS * first];
      const r: LadderCaseResult = {
        ...c,
        filterM: p.filterM,
        candidates,
        kinds: [0, 0, 0, 0],
        summed: 0,
        maxH: 0,
        rangeH: 0,
        maxGradient: 0,
        maxEjecta: 0,
        shareH: 0,
        shareGradient: 0,
        shareEjecta: 0,
        errH: 0,
        off: 0,
        youngDiffers: false,
      };
      for (let j = ru[LADDER_RUNG_WORDS * first]; j < ru[LADDER_RUNG_WORDS * first] + candidates; j++) {
        const w = batch.candidates.subarray(CANDIDATE_WORDS * j);
        r.kinds[w[3]]++;
        if (w[7] > 0) r.kinds[3]++;
      }
      let lo = Infinity;
      let hi = -Infinity;
      for (let k = 0; k < N; k++) {
        const s = i * N + k;
        const o = OUT * s;
        // The young unit's weights are ≤ 1, so its sums keep the old unit's bound.
        const dh = Math.max(Math.abs(out[o] - h[s]), Math.abs(out[o + 8] - hy[s]));
        let dg = 0;
        for (let q = 0; q < 3; q++) {
          dg = Math.max(
            dg,
            Math.abs(out[o + 1 + q] - g[3 * s + q]),
            Math.abs(out[o + 9 + q] - gy[3 * s + q]),
          );
          r.maxGradient = Math.max(r.maxGradient, Math.abs(g[3 * s + q]));
        }
        r.youngDiffers ||= hy[s] !== h[s];
        const de = Math.abs(out[o + 4] - e[s]);
        lo = Math.min(lo, h[s]);
        hi = Math.max(hi, h[s]);
        r.maxH = Math.max(r.maxH, Math.abs(h[s]));
        r.maxEjecta = Math.max(r.maxEjecta, e[s]);
        r.summed += out[o + 5];
        r.errH = Math.max(r.errH, dh);
        const sh = dh === 0 ? 0 : dh / tol.h[k];
        const sg = dg === 0 ? 0 : dg / tol.gradient[k];
        const se = de / tol.ejecta;
        r.shareH = Math.max(r.shareH, sh);
        r.shareGradient = Math.max(r.shareGradient, sg);
        r.shareEjecta = Math.max(r.shareEjecta, se);
        if (!(sh <= 1 && sg <= 1 && se <= 1)) r.off++;
      }
      r.rangeH = hi - lo;
      return r;
    });
    gpu.dispose();
    dev.destroy();
    return { adapter, cases: results, samples: N * cases.length, gpuMs, packMs, cpuMs };
  },
};

window.__ladderPage = ladderPage;
