// The GPU producer's band stage in a Chromium page (ADR-0020), used by tools/e2e/gpuBands.spec.ts
// (window.__bandsPage): GpuBands against universe's bandsD run in this page on the same directions.
import { bandSample, bandsD, getBody, patchDirections } from '@landfall/universe';
import { PATCH_GRID } from '@landfall/streamer';
import { bandsBatch, bandsTolerance, GpuBands, type BandsPatch } from '@landfall/render';
import { pageDevice } from './pageDevice';

export interface BandsCase {
  body: string;
  face: number;
  level: number;
  x: number;
  y: number;
}

export interface BandsCaseResult extends BandsCase {
  /** Largest |GPU − CPU| over the patch: h (m), a gradient component, shore, mask (and gradients). */
  errH: number;
  errGradient: number;
  errShore: number;
  errMask: number;
  errUnitGradient: number;
  /** The patch's range of h (CPU), so a test can see the field is not flat. */
  rangeH: number;
  tolH: number;
  tolGradient: number;
  tolUnit: number;
  tolUnitGradient: number;
}

export interface BandsCompare {
  cases: BandsCaseResult[];
  samples: number;
  gpuMs: number;
  cpuMs: number;
}

export interface BandsPage {
  bandsCompare(cases: BandsCase[]): Promise<BandsCompare>;
  /** The GPU's three vec4 per sample of each case, as plain numbers. */
  bandsRaw(cases: BandsCase[]): Promise<number[][]>;
}

declare global {
  interface Window {
    __bandsPage?: BandsPage;
  }
}

const N = PATCH_GRID * PATCH_GRID;

function patchOf(c: BandsCase): BandsPatch {
  return { body: getBody(c.body), dirs: patchDirections(c.face, c.level, c.x, c.y, PATCH_GRID, 0) };
}

async function runGpu(patches: BandsPatch[]): Promise<{ out: Float32Array; ms: number }> {
  const { device } = await pageDevice();
  const gpu = new GpuBands(device);
  const t = performance.now();
  const out = await gpu.run(bandsBatch(patches, N));
  const ms = performance.now() - t;
  gpu.dispose();
  device.destroy();
  return { out, ms };
}

const bandsPage: BandsPage = {
  async bandsRaw(cases) {
    const { out } = await runGpu(cases.map(patchOf));
    return cases.map((_, i) => Array.from(out.subarray(12 * N * i, 12 * N * (i + 1))));
  },

  async bandsCompare(cases) {
    const patches = cases.map(patchOf);
    const { out, ms: gpuMs } = await runGpu(patches);
    const s = bandSample();
    const cpu = new Float64Array(12 * N * cases.length);
    const t = performance.now();
    patches.forEach((p, i) => {
      for (let k = 0; k < N; k++) {
        bandsD(p.body, p.dirs, k, s);
        cpu.set([s.h, s.gx, s.gy, s.gz, s.shore, s.sx, s.sy, s.sz, s.m, s.mx, s.my, s.mz], 12 * (i * N + k));
      }
    });
    const cpuMs = performance.now() - t;
    const results = cases.map((c, i): BandsCaseResult => {
      const tol = bandsTolerance(patches[i].body);
      const r = { errH: 0, errGradient: 0, errShore: 0, errMask: 0, errUnitGradient: 0 };
      let lo = Infinity;
      let hi = -Infinity;
      for (let k = 0; k < N; k++) {
        const o = 12 * (i * N + k);
        const d = (q: number): number => Math.abs(out[o + q] - cpu[o + q]);
        lo = Math.min(lo, cpu[o]);
        hi = Math.max(hi, cpu[o]);
        r.errH = Math.max(r.errH, d(0));
        r.errGradient = Math.max(r.errGradient, d(1), d(2), d(3));
        r.errShore = Math.max(r.errShore, d(4));
        r.errMask = Math.max(r.errMask, d(8));
        r.errUnitGradient = Math.max(r.errUnitGradient, d(5), d(6), d(7), d(9), d(10), d(11));
      }
      return {
        ...c,
        ...r,
        rangeH: hi - lo,
        tolH: tol.h,
        tolGradient: tol.gradient,
        tolUnit: tol.unit,
        tolUnitGradient: tol.unitGradient,
      };
    });
    return { cases: results, samples: N * cases.length, gpuMs, cpuMs };
  },
};

window.__bandsPage = bandsPage;
