// The GPU producer's page (tools/bench/producer-page, ADR-0020) served for one spec file: a
// production build under `vite preview` on its own port, above the apps' preview ports. Offsets in
// use: poolWorkers.spec +2 (the workers page), gpuProducer +3, gpuMicroCraters +4, gpuAssemble +5,
// gpuBands +6, the kernels bench (tools/bench/kernels.ts) +7, gpuDoubleFloat +8, gpuLadder +9,
// gpuCover +10, gpuPatchProducer +11, gpuRidges +12, gpuChaos +13, gpuStains +14.
import { test } from '@playwright/test';
import { serveBenchPage, type ServedPage } from '../bench/workersPage';

/** Serves the page for this spec file's tests (before all, closed after all); returns its URL getter. */
export function useProducerPage(offset: number): () => string {
  const port = (Number(process.env.LANDFALL_PREVIEW_PORT) || 4173) + offset;
  let served: ServedPage | undefined;
  test.beforeAll(async () => {
    served = await serveBenchPage('producer-page', port, 'built');
  });
  test.afterAll(async () => {
    await served?.close();
  });
  return () => {
    if (!served) throw new Error(`the producer page on port ${port} is not served`);
    return served.url;
  };
}
