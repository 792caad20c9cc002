// Browser half of `npm run bench -- workers`: generates the requested patches in one module
// worker of the streamer's pool and publishes each patch's in-worker generation time.
import { WorkerPool, browserWorkerFactory, type PatchRequest } from '@landfall/streamer';

declare global {
  interface Window {
    __bench?: { ms: number[]; error?: string };
  }
}

const reqs = JSON.parse(new URLSearchParams(location.search).get('reqs') ?? '[]') as PatchRequest[];
const pool = new WorkerPool(browserWorkerFactory(), 1);
const ms: number[] = [];
try {
  for (let i = 0; i < reqs.length; i++) ms.push((await pool.generate(reqs[i], i + 1)).generationMs);
  window.__bench = { ms };
} catch (e) {
  window.__bench = { ms, error: String(e) };
}
pool.dispose();
