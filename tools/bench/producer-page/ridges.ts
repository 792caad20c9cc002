// Europa's ridge fold on the GPU (ADR-0020 item 24, packages/render/src/producer/GpuRidges.ts)
// checked in a Chromium page against universe's `icyRidgesD`, run in this same page in float64:
// used by tools/e2e/gpuRidges.spec.ts (window.__ridgesPage).
import { getBody, icyRidgesD, landformSample, patchDirections } from '@landfall/universe';
import { PATCH_GRID, levelFilterM } from '@landfall/streamer';
import { patchRidges, ridgesCheck, ridgeTolerance } from '@landfall/render';
import { pageDevice } from './pageDevice';

export interface RidgeCase {
  body: string;
  face: number;
  level: number;
  x: number;
  y: number;
}

export interface RidgeCaseResult extends RidgeCase {
  filterM: number;
  /** Arcs the patch folds (after the filter), and samples where the CPU's ridges are not 0. */
  arcs: number;
  ridged: number;
  /** Largest |h| and |∇h| component the CPU gave. */
  maxH: number;
  maxGradient: number;
  /** Largest |GPU − CPU| / tolerance of h and of a gradient component, and the errors there. */
  worstH: number;
  worstGradient: number;
  errH: number;
  errGradient: number;
  /** Where the worst h ratio fell: the sample index, CPU and GPU h. */
  at: string;
}

export interface RidgesPage {
  compare(cases: RidgeCase[]): Promise<{ adapter: string; cases: RidgeCaseResult[]; gpuMs: number }>;
}

declare global {
  interface Window {
    __ridgesPage?: RidgesPage;
  }
}

const G = PATCH_GRID;
const N = G * G;

async function compare(
  cases: RidgeCase[],
): Promise<{ adapter: string; cases: RidgeCaseResult[]; gpuMs: number }> {
  const { device, adapter } = await pageDevice();
  const results: RidgeCaseResult[] = [];
  let gpuMs = 0;
  const out = landformSample();
  for (const c of cases) {
    const body = getBody(c.body);
    const R = body.radius;
    const filterM = levelFilterM(R, c.level);
    const dirs = patchDirections(c.face, c.level, c.x, c.y, G, 0);
    const t0 = performance.now();
    const gpu = await ridgesCheck(device, [{ body, dirs, filterM }], N);
    gpuMs += performance.now() - t0;
    const list = patchRidges(body, dirs, filterM);
    const r: RidgeCaseResult = {
      ...c,
      filterM,
      arcs: list.length,
      ridged: 0,
      maxH: 0,
      maxGradient: 0,
      worstH: 0,
      worstGradient: 0,
      errH: 0,
      errGradient: 0,
      at: '',
    };
    for (let k = 0; k < N; k++) {
      const x = dirs[3 * k];
      const y = dirs[3 * k + 1];
      const z = dirs[3 * k + 2];
      icyRidgesD(body, x, y, z, out, filterM);
      if (out.v !== 0) r.ridged++;
      r.maxH = Math.max(r.maxH, Math.abs(out.v));
      const tol = ridgeTolerance(list, R, x, y, z);
      const eh = Math.abs(gpu[4 * k] - out.v);
      const cpuG = [out.gx, out.gy, out.gz];
      let eg = 0;
      for (let q = 0; q < 3; q++) {
        r.maxGradient = Math.max(r.maxGradient, Math.abs(cpuG[q]));
        eg = Math.max(eg, Math.abs(gpu[4 * k + 1 + q] - cpuG[q]));
      }
      // A sample no arc reaches has a tolerance of 0: the GPU must give exactly 0 there too.
      const rh = eh === 0 ? 0 : tol.h > 0 ? eh / tol.h : Infinity;
      const rg = eg === 0 ? 0 : tol.gradient > 0 ? eg / tol.gradient : Infinity;
      if (rh > r.worstH || r.at === '') {
        if (rh > r.worstH) r.worstH = rh;
        r.at = `sample ${k}: cpu ${out.v}, gpu ${gpu[4 * k]}, tol ${tol.h}`;
      }
      r.errH = Math.max(r.errH, eh);
      r.errGradient = Math.max(r.errGradient, eg);
      r.worstGradient = Math.max(r.worstGradient, rg);
    }
    results.push(r);
  }
  device.destroy();
  return { adapter, cases: results, gpuMs };
}

window.__ridgesPage = { compare };
