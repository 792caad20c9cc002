// `npm run bench -- kernels [patches]`: the GPU producer's bands — grit, band stage, micro craters, the
// crater ladder on Callisto (ADR-0020) — against the CPU code they
// port, side by side in one headless Chromium page (tools/bench/producer-page/kernelBench.ts) on the
// WebGPU adapter Chromium offers — here SwiftShader, so these are software figures: the "GPU" runs
// on the same two cores. On a GPU machine run the same page through tools/gpu-check (README).
// The last line is one JSON object {"bench":"kernels",…}.
import { chromium } from '@playwright/test';
import { serveBenchPage } from './workersPage';
import type { KernelBench } from './producer-page/kernelBench';

const patches = Number(process.argv[2]) || 64;
const port = (Number(process.env.LANDFALL_PREVIEW_PORT) || 4173) + 7;
const server = await serveBenchPage('producer-page', port, 'built');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--enable-unsafe-webgpu',
    '--use-angle=swiftshader',
    '--use-vulkan=swiftshader',
    '--enable-features=Vulkan',
  ],
});
try {
  const page = await browser.newPage();
  await page.goto(server.url);
  await page.waitForFunction(() => window.__kernelBench !== undefined);
  const res = (await page.evaluate(
    (n) => (window.__kernelBench as NonNullable<Window['__kernelBench']>).run(n, 8),
    patches,
  )) as KernelBench;
  console.log(`kernels bench: ${res.adapter}; ${patches} Luna level-17 patches of ${65 * 65} samples`);
  for (const f of res.figures)
    console.log(
      `${f.kernel.padEnd(18)} GPU ${f.gpuPatchesPerS.toFixed(0).padStart(7)} patches/s (${f.gpuMs.toFixed(0)} ms for ` +
        `${f.patches})  CPU ${f.cpuPatchesPerS.toFixed(0).padStart(6)} patches/s  GPU/CPU ${f.ratio.toFixed(2)}`,
    );
  const df = res.doubleFloat;
  console.log(
    `double-float helpers: ${df.cases} cases, two-sum ${df.twoSumFails} and two-product ${df.twoProdFails} not error-free; ` +
      `df_add worst ${df.addWorstU2.toFixed(2)} u², df_mul ${df.mulWorstU2.toFixed(2)} u²`,
  );
  console.log(JSON.stringify({ bench: 'kernels', ...res }));
} finally {
  await browser.close();
  await server.close();
}
