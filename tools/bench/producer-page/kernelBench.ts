// Kernel throughput of the GPU producer's bands (grit, band stage, micro craters) against the CPU code they port, side by side in one
// page (ADR-0020). `?bench=kernels` runs it on load and POSTs one JSON object to same-origin
// /__bench (tools/gpu-check/serve.py: build this page, pack it as DIST and run run.sh with
// BENCH_QUERY=bench=kernels, see tools/gpu-check/README.md); window.__kernelBench.run() returns it.
import {
  bandSample,
  bandsD,
  elevationSample,
  getBody,
  gritAt,
  ladderBatchD,
  microCraterBatch,
  patchDirections,
} from '@landfall/universe';
import { levelFilterM, PATCH_GRID } from '@landfall/streamer';
import type { DfCheckResult } from './doubleFloat';
import {
  bandsBatch,
  GpuBands,
  GpuGrit,
  GpuLadder,
  GpuMicroCraters,
  gritBatch,
  ladderBatch,
  microBatch,
} from '@landfall/render';
import { pageDevice } from './pageDevice';

const N = PATCH_GRID * PATCH_GRID;

export interface KernelFigure {
  kernel: string;
  patches: number;
  /** Best of the timed runs, ms: GPU end to end (pack, upload, dispatch, read back) and the CPU code. */
  gpuMs: number;
  cpuMs: number;
  /** Patches per second each way and their ratio. */
  gpuPatchesPerS: number;
  cpuPatchesPerS: number;
  ratio: number;
}

export interface KernelBench {
  ok: true;
  adapter: string;
  figures: KernelFigure[];
  /** The double-float helpers on this device's compiler (doubleFloat.ts): error-free or not. */
  doubleFloat: DfCheckResult;
}

declare global {
  interface Window {
    __kernelBench?: { run(patches?: number, cpuPatches?: number): Promise<KernelBench> };
  }
}

async function best(runs: number, f: () => Promise<unknown> | unknown): Promise<number> {
  let min = Infinity;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await f();
    min = Math.min(min, performance.now() - t);
  }
  return min;
}

async function run(patchCount = 256, cpuPatches = 16): Promise<KernelBench> {
  const { device, adapter } = await pageDevice();
  // Luna level 17 around the stance (12° N 34° E is on face 0's quadrant; any fine patches do).
  const body = getBody('luna');
  const level = 17;
  const filterM = levelFilterM(body.radius, level);
  const patches = Array.from({ length: patchCount }, (_, k) => ({
    body,
    filterM,
    dirs: patchDirections(0, level, 70000 + (k % 16), 20000 + Math.floor(k / 16), PATCH_GRID, 0),
  }));
  const figures: KernelFigure[] = [];
  const figure = (kernel: string, gpuMs: number, cpuMs: number): void => {
    const gpuPatchesPerS = (1000 * patchCount) / gpuMs;
    const cpuPatchesPerS = (1000 * cpuPatches) / cpuMs;
    figures.push({
      kernel,
      patches: patchCount,
      gpuMs,
      cpuMs,
      gpuPatchesPerS,
      cpuPatchesPerS,
      ratio: gpuPatchesPerS / cpuPatchesPerS,
    });
  };
  const grit = new GpuGrit(device);
  await grit.run(gritBatch(patches, N));
  const s = elevationSample();
  figure(
    'grit',
    await best(5, () => grit.run(gritBatch(patches, N))),
    await best(3, () => {
      for (const p of patches.slice(0, cpuPatches))
        for (let k = 0; k < N; k++)
          gritAt(p.body, p.dirs[3 * k], p.dirs[3 * k + 1], p.dirs[3 * k + 2], s, filterM);
    }),
  );
  const bands = new GpuBands(device);
  await bands.run(bandsBatch(patches, N));
  const b = bandSample();
  figure(
    'bands',
    await best(5, () => bands.run(bandsBatch(patches, N))),
    await best(3, () => {
      for (const p of patches.slice(0, cpuPatches)) for (let k = 0; k < N; k++) bandsD(p.body, p.dirs, k, b);
    }),
  );
  const micro = new GpuMicroCraters(device);
  await micro.run(microBatch(patches, N));
  const h = new Float64Array(N);
  const g = new Float64Array(3 * N);
  const e = new Float64Array(N);
  figure(
    'micro',
    await best(5, () => micro.run(microBatch(patches, N))),
    await best(3, () => {
      for (const p of patches.slice(0, cpuPatches)) microCraterBatch(p.body, p.dirs, N, h, g, e, filterM);
    }),
  );
  // The crater ladder is ported for Callisto and Iapetus only (ADR-0020 item 14): Callisto level 17,
  // packing (the CPU's gather) included on the GPU side.
  const callisto = getBody('callisto');
  const cFilter = levelFilterM(callisto.radius, level);
  const cPatches = Array.from({ length: patchCount }, (_, k) => ({
    body: callisto,
    filterM: cFilter,
    dirs: patchDirections(0, level, 70000 + (k % 16), 20000 + Math.floor(k / 16), PATCH_GRID, 0),
  }));
  const ladder = new GpuLadder(device);
  await ladder.run(ladderBatch(cPatches, N));
  const hy = new Float64Array(N);
  const gy = new Float64Array(3 * N);
  const youngAt = new Uint8Array(N);
  figure(
    'ladder (Callisto)',
    await best(5, () => ladder.run(ladderBatch(cPatches, N))),
    await best(3, () => {
      for (const p of cPatches.slice(0, cpuPatches))
        ladderBatchD(p.body, p.dirs, N, h, g, hy, gy, e, youngAt, false, cFilter);
    }),
  );
  grit.dispose();
  bands.dispose();
  micro.dispose();
  ladder.dispose();
  const dfPage = window.__dfPage;
  if (!dfPage) throw new Error('the double-float check is not on this page');
  const doubleFloat = await dfPage.check(20000, 20261207, device);
  device.destroy();
  return {
    ok: true,
    adapter: `WebGPU: ${adapter}`,
    figures,
    doubleFloat,
  };
}

window.__kernelBench = { run };

if (new URLSearchParams(location.search).get('bench') === 'kernels') {
  const post = (body: unknown): Promise<Response> =>
    fetch('/__bench', { method: 'POST', body: JSON.stringify(body) });
  run().then(
    (r) => {
      console.log(`[bench] ${JSON.stringify(r)}`);
      return post(r);
    },
    (e: unknown) => post({ ok: false, error: String(e) }),
  );
}
