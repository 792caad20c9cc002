// Europa's chaos on the GPU (ADR-0020 item 25, packages/render/src/producer/GpuChaos.ts) checked in
// a Chromium page against universe's `chaosD`, run in this same page in float64: used by
// tools/e2e/gpuChaos.spec.ts (window.__chaosPage).
import { chaosD, chaosRaftD, chaosSample, getBody, patchDirections } from '@landfall/universe';
import { PATCH_GRID } from '@landfall/streamer';
import { chaosCheck, chaosTolerance, patchChaos } from '@landfall/render';
import { pageDevice } from './pageDevice';

export interface ChaosCase {
  body: string;
  face: number;
  level: number;
  x: number;
  y: number;
}

export interface ChaosCaseResult extends ChaosCase {
  /** Arcs the patch gathers; samples inside a patch (P > 0) and in the matrix (M > 0.5) on the CPU. */
  arcs: number;
  inPatch: number;
  matrix: number;
  /** Samples in a patch where a raft or plate holds part of it (R > 0 on the CPU). */
  rafted: number;
  /** Largest |GPU − CPU| / tolerance of M, ∇M, h, ∇h, and the errors. */
  worst: { m: number; mGradient: number; h: number; hGradient: number };
  err: { m: number; mGradient: number; h: number; hGradient: number };
  at: string;
}

export interface ChaosPage {
  compare(cases: ChaosCase[]): Promise<{ adapter: string; cases: ChaosCaseResult[]; gpuMs: number }>;
}

declare global {
  interface Window {
    __chaosPage?: ChaosPage;
  }
}

const G = PATCH_GRID;
const N = G * G;

const ratio = (e: number, tol: number): number => (e === 0 ? 0 : tol > 0 ? e / tol : Infinity);

async function compare(
  cases: ChaosCase[],
): Promise<{ adapter: string; cases: ChaosCaseResult[]; gpuMs: number }> {
  const { device, adapter } = await pageDevice();
  const results: ChaosCaseResult[] = [];
  let gpuMs = 0;
  const c = chaosSample();
  const raft = chaosSample();
  for (const cs of cases) {
    const body = getBody(cs.body);
    const dirs = patchDirections(cs.face, cs.level, cs.x, cs.y, G, 0);
    const t0 = performance.now();
    const gpu = await chaosCheck(device, [{ body, dirs }], N);
    gpuMs += performance.now() - t0;
    const r: ChaosCaseResult = {
      ...cs,
      arcs: patchChaos(body, dirs).length,
      inPatch: 0,
      matrix: 0,
      rafted: 0,
      worst: { m: 0, mGradient: 0, h: 0, hGradient: 0 },
      err: { m: 0, mGradient: 0, h: 0, hGradient: 0 },
      at: '',
    };
    for (let k = 0; k < N; k++) {
      const x = dirs[3 * k];
      const y = dirs[3 * k + 1];
      const z = dirs[3 * k + 2];
      chaosD(body, x, y, z, c);
      if (c.m > 0) r.inPatch++;
      if (c.m > 0 && chaosRaftD(body, x, y, z, raft) > 0) r.rafted++;
      if (c.m > 0.5) r.matrix++;
      const g = gpu.subarray(8 * k, 8 * k + 8);
      const e = {
        m: Math.abs(g[0] - c.m),
        mGradient: Math.max(Math.abs(g[1] - c.mx), Math.abs(g[2] - c.my), Math.abs(g[3] - c.mz)),
        h: Math.abs(g[4] - c.h),
        hGradient: Math.max(Math.abs(g[5] - c.hx), Math.abs(g[6] - c.hy), Math.abs(g[7] - c.hz)),
      };
      const tol = chaosTolerance(body, x, y, z);
      for (const key of ['m', 'mGradient', 'h', 'hGradient'] as const) {
        r.err[key] = Math.max(r.err[key], e[key]);
        const q = ratio(e[key], tol[key]);
        if (q > r.worst[key]) {
          r.worst[key] = q;
          if (key === 'm') r.at = `sample ${k}: cpu M ${c.m}, gpu ${g[0]}, tol ${tol.m}`;
        }
      }
    }
    results.push(r);
  }
  device.destroy();
  return { adapter, cases: results, gpuMs };
}

window.__chaosPage = { compare };
