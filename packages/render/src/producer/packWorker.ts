/**
 * The GPU producer's pack worker (ADR-0020 item 22): answers { id, requests } with { id, packed, ms }
 * (`packBatch`, its fresh buffers handed over, not copied; ms its packing time) or { id, error, name }.
 */
import { packBatch, packTransfers, type PackRequest } from './packBatch';

interface PackJob {
  id: number;
  requests: PackRequest[];
}

self.addEventListener('message', (e: MessageEvent<PackJob>) => {
  const { id, requests } = e.data;
  try {
    const t0 = performance.now();
    const packed = packBatch(requests);
    self.postMessage({ id, packed, ms: performance.now() - t0 }, { transfer: packTransfers(packed) });
  } catch (err) {
    const error = err instanceof Error ? err : new Error(String(err));
    self.postMessage({ id, error: error.message, name: error.name });
  }
});
