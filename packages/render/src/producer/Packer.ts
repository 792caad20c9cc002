/**
 * Where a GPU batch is packed (ADR-0020 item 22): in a module worker (`packWorker.ts`) where the
 * page can start one, so the main thread only records and submits the dispatches; on the page
 * (`packBatch` itself) where it cannot, or once the worker has failed. A worker that fails (an error
 * event, an undecodable message) is dropped and the batches it held are packed again on the page:
 * `packBatch` is pure, so the words are the same. So is a worker that has not answered a batch within
 * PACK_DEADLINE_MS (a worker can end without any event: the pool watches a life lock for that, the
 * packer this deadline; a batch packs in ≤ 50 ms on this project's slowest machine).
 */
import { packBatch, type PackedBatch, type PackRequest } from './packBatch';

/** How long the worker may take to answer one batch before it is dropped, ms. */
const PACK_DEADLINE_MS = 20_000;

interface Held {
  requests: PackRequest[];
  timer: ReturnType<typeof setTimeout>;
  resolve(p: PackedBatch): void;
  reject(err: unknown): void;
}

type PackAnswer =
  { id: number; packed: PackedBatch; ms: number } | { id: number; error: string; name: string };

export class Packer {
  /** Batches packed in the worker and on the page. */
  packedInWorker = 0;
  packedOnPage = 0;
  /** Packing ms of the last batch (in the worker, or on the page's main thread). */
  lastPackMs = 0;
  /** Why the worker is not used ('' while it is), for the HUD and the tests. */
  noWorker = '';
  private worker: Worker | null = null;
  private next = 0;
  private readonly held = new Map<number, Held>();

  /** `useWorker` false: always on the page (Node, or a test that wants the page path). */
  constructor(useWorker = typeof Worker !== 'undefined') {
    if (!useWorker) {
      this.noWorker = 'not asked for';
      return;
    }
    try {
      const worker = new Worker(new URL('./packWorker.ts', import.meta.url), { type: 'module' });
      worker.addEventListener('message', (e: MessageEvent<PackAnswer>) => this.answer(e.data));
      worker.addEventListener('error', (e) => this.drop(`pack worker error: ${e.message}`));
      worker.addEventListener('messageerror', () => this.drop('pack worker message could not be decoded'));
      this.worker = worker;
    } catch (err) {
      this.noWorker = `pack worker did not start: ${err instanceof Error ? err.message : String(err)}`;
    }
  }

  /** The packed batch of `requests` (one body, already checked). */
  pack(requests: PackRequest[]): Promise<PackedBatch> {
    if (!this.worker) return this.onPage(requests);
    const id = this.next++;
    return new Promise<PackedBatch>((resolve, reject) => {
      const timer = setTimeout(
        () => this.drop(`pack worker did not answer within ${PACK_DEADLINE_MS} ms`),
        PACK_DEADLINE_MS,
      );
      this.held.set(id, { requests, timer, resolve, reject });
      this.worker?.postMessage({ id, requests });
    });
  }

  /** Ends the worker; batches it holds reject. */
  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
    this.noWorker = 'disposed';
    for (const h of this.held.values()) {
      clearTimeout(h.timer);
      h.reject(new Error('Packer: disposed'));
    }
    this.held.clear();
  }

  private onPage(requests: PackRequest[]): Promise<PackedBatch> {
    try {
      const t0 = performance.now();
      const packed = packBatch(requests);
      this.lastPackMs = performance.now() - t0;
      this.packedOnPage++;
      return Promise.resolve(packed);
    } catch (err) {
      return Promise.reject(err);
    }
  }

  private answer(a: PackAnswer): void {
    const h = this.held.get(a.id);
    if (!h) return;
    clearTimeout(h.timer);
    this.held.delete(a.id);
    if ('packed' in a) {
      this.packedInWorker++;
      this.lastPackMs = a.ms;
      h.resolve(a.packed);
    } else {
      const err = a.name === 'RangeError' ? new RangeError(a.error) : new Error(a.error);
      h.reject(err);
    }
  }

  /** The worker failed: drop it and pack what it held on the page. */
  private drop(why: string): void {
    this.worker?.terminate();
    this.worker = null;
    this.noWorker = why;
    const held = [...this.held.values()];
    this.held.clear();
    for (const h of held) {
      clearTimeout(h.timer);
      this.onPage(h.requests).then(h.resolve, h.reject);
    }
  }
}
