// Europa's stained bands on the GPU (ADR-0020 item 26, packages/render/src/producer/GpuStains.ts)
// checked in a Chromium page against universe's `lineaeStain` and `ridgeStain`, run in this same
// page in float64: used by tools/e2e/gpuStains.spec.ts (window.__stainsPage).
import { getBody, lenticulaStain, lineaeStain, patchDirections, ridgeStain } from '@landfall/universe';
import { PATCH_GRID, levelFilterM } from '@landfall/streamer';
import {
  patchSpots,
  patchStains,
  spotsCheck,
  spotTolerance,
  stainsCheck,
  stainTolerance,
} from '@landfall/render';
import { pageDevice } from './pageDevice';

export interface StainCase {
  body: string;
  face: number;
  level: number;
  x: number;
  y: number;
}

export interface StainCaseResult extends StainCase {
  filterM: number;
  /** Bands the patch multiplies; samples stained on the CPU (> 0), and by more than 0.1. */
  bands: number;
  stained: number;
  dark: number;
  maxStain: number;
  /** Largest |GPU − CPU| / tolerance, and the largest error. */
  worst: number;
  err: number;
  at: string;
}

export interface StainsPage {
  compare(cases: StainCase[]): Promise<{ adapter: string; cases: StainCaseResult[]; gpuMs: number }>;
  /** The same over the lenticulae spots (`bands` counts the spots). */
  compareSpots(cases: StainCase[]): Promise<{ adapter: string; cases: StainCaseResult[]; gpuMs: number }>;
}

declare global {
  interface Window {
    __stainsPage?: StainsPage;
  }
}

const G = PATCH_GRID;
const N = G * G;

async function run(
  cases: StainCase[],
  spots: boolean,
): Promise<{ adapter: string; cases: StainCaseResult[]; gpuMs: number }> {
  const { device, adapter } = await pageDevice();
  const results: StainCaseResult[] = [];
  let gpuMs = 0;
  for (const c of cases) {
    const body = getBody(c.body);
    const filterM = levelFilterM(body.radius, c.level);
    const dirs = patchDirections(c.face, c.level, c.x, c.y, G, 0);
    const t0 = performance.now();
    const patch = [{ body, dirs, filterM }];
    const gpu = await (spots ? spotsCheck(device, patch, N) : stainsCheck(device, patch, N));
    gpuMs += performance.now() - t0;
    const bands = patchStains(body, dirs, filterM);
    const spotList = patchSpots(body, dirs, filterM);
    const r: StainCaseResult = {
      ...c,
      filterM,
      bands: spots ? spotList.length : bands.length,
      stained: 0,
      dark: 0,
      maxStain: 0,
      worst: 0,
      err: 0,
      at: '',
    };
    for (let k = 0; k < N; k++) {
      const x = dirs[3 * k];
      const y = dirs[3 * k + 1];
      const z = dirs[3 * k + 2];
      const cpu = spots
        ? lenticulaStain(body, x, y, z, filterM)
        : 1 - (1 - lineaeStain(body, x, y, z, filterM)) * (1 - ridgeStain(body, x, y, z, filterM));
      if (cpu > 0) r.stained++;
      if (cpu > 0.1) r.dark++;
      r.maxStain = Math.max(r.maxStain, cpu);
      const e = Math.abs(gpu[4 * k] - cpu);
      const tol = spots ? spotTolerance(spotList, x, y, z) : stainTolerance(bands, body.radius, x, y, z);
      const q = e === 0 ? 0 : tol > 0 ? e / tol : Infinity;
      r.err = Math.max(r.err, e);
      if (q > r.worst) {
        r.worst = q;
        r.at = `sample ${k}: cpu ${cpu}, gpu ${gpu[4 * k]}, tol ${tol}`;
      }
    }
    results.push(r);
  }
  device.destroy();
  return { adapter, cases: results, gpuMs };
}

window.__stainsPage = { compare: (cases) => run(cases, false), compareSpots: (cases) => run(cases, true) };
