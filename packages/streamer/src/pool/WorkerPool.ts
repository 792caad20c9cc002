/**
 * The patch worker pool (ADR-0010): a fixed number of worker slots behind one interface, whatever
 * the worker is (browser module worker, Node worker_threads, or an in-process fake in tests).
 *
 * - FIFO dispatch: the streamer orders and caps what it submits; the pool runs it.
 * - Cancellation: a queued job is dropped; an in-flight job's result is discarded. Either way the
 *   promise rejects with `CancelledError` and the payload never reaches the cache.
 * - Recovery: a worker that dies (error/exit) or throws is terminated and replaced, and its job is
 *   retried on a fresh worker up to MAX_JOB_ATTEMPTS times; no request is lost silently.
 */
import type { PatchPayload, PatchRequest } from '../patch/PatchFormat';
import type { DetailFloor } from '../lod/surfaceDetailFloor';

/** Attempts per job (first run + retries) before its promise rejects (ADR-0010). */
export const MAX_JOB_ATTEMPTS = 3;
/** Upper bound on the default worker count (ADR-0010). */
export const DEFAULT_MAX_WORKERS = 8;

export interface WorkerHandle {
  generate(req: PatchRequest): Promise<PatchPayload>;
  /** The body's surface detail floor (ADR-0008), probed in the worker; optional for test fakes. */
  detailFloor?(bodyId: string): Promise<DetailFloor>;
  /** Registers the callback run once when the worker dies (boot failure, crash, exit). */
  onDeath(cb: (err: Error) => void): void;
  terminate(): void;
}

export type WorkerFactory = () => WorkerHandle;

export class CancelledError extends Error {
  override name = 'CancelledError';
}

export interface PoolStats {
  workers: number;
  queued: number;
  inFlight: number;
  restarts: number;
  retries: number;
  cancelled: number;
}

interface Job {
  id: number;
  /** What the job is, for error messages. */
  what: string;
  task(h: WorkerHandle): Promise<unknown>;
  attempts: number;
  cancelled: boolean;
  resolve(p: unknown): void;
  reject(e: Error): void;
}

interface Slot {
  handle: WorkerHandle;
  job: Job | null;
  dead: boolean;
}

export class WorkerPool {
  readonly size: number;
  private readonly factory: WorkerFactory;
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private readonly jobs = new Map<number, Job>();
  private restarts = 0;
  private retries = 0;
  private cancelledCount = 0;
  private disposed = false;

  constructor(factory: WorkerFactory, size: number) {
    if (!Number.isInteger(size) || size < 1 || size > 64)
      throw new RangeError(`worker count ${size} is not 1…64`);
    this.factory = factory;
    this.size = size;
  }

  /** Runs `req` under caller-chosen `id` (unique among live jobs). */
  generate(req: PatchRequest, id: number): Promise<PatchPayload> {
    return this.enqueue(id, `patch ${JSON.stringify(req)}`, (h) => h.generate(req));
  }

  /**
   * Probes `bodyId`'s surface detail floor in a worker under caller-chosen `id`; resolves null
   * when the workers have no probe (a handle without `detailFloor`), so the caller probes it itself.
   */
  detailFloor(bodyId: string, id: number): Promise<DetailFloor | null> {
    return this.enqueue(id, `detail floor of ${bodyId}`, (h) =>
      h.detailFloor ? h.detailFloor(bodyId) : Promise.resolve(null),
    );
  }

  private enqueue<T>(id: number, what: string, task: (h: WorkerHandle) => Promise<T>): Promise<T> {
    if (this.disposed) return Promise.reject(new Error('worker pool is disposed'));
    if (this.jobs.has(id)) return Promise.reject(new Error(`job ${id} is already in the pool`));
    return new Promise<T>((resolve, reject) => {
      const job: Job = {
        id,
        what,
        task,
        attempts: 0,
        cancelled: false,
        resolve: resolve as (p: unknown) => void,
        reject,
      };
      this.jobs.set(id, job);
      this.queue.push(job);
      this.pump();
    });
  }

  /** Cancels job `id`; true when it was still live. */
  cancel(id: number): boolean {
    const job = this.jobs.get(id);
    if (!job) return false;
    job.cancelled = true;
    this.jobs.delete(id);
    const qi = this.queue.indexOf(job);
    if (qi >= 0) this.queue.splice(qi, 1);
    this.cancelledCount++;
    job.reject(new CancelledError(`job ${id} cancelled`));
    return true;
  }

  stats(): PoolStats {
    return {
      workers: this.slots.length,
      queued: this.queue.length,
      inFlight: this.slots.filter((s) => s.job !== null).length,
      restarts: this.restarts,
      retries: this.retries,
      cancelled: this.cancelledCount,
    };
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const s of this.slots) s.handle.terminate();
    this.slots.length = 0;
    for (const job of this.jobs.values()) job.reject(new CancelledError('worker pool disposed'));
    this.jobs.clear();
    this.queue.length = 0;
  }

  private newSlot(): Slot {
    const slot: Slot = { handle: this.factory(), job: null, dead: false };
    slot.handle.onDeath((err) => this.onDeath(slot, err));
    return slot;
  }

  private pump(): void {
    while (this.queue.length > 0 && !this.disposed) {
      let slot = this.slots.find((s) => s.job === null && !s.dead);
      if (!slot) {
        if (this.slots.length >= this.size) return;
        slot = this.newSlot();
        this.slots.push(slot);
      }
      const job = this.queue.shift() as Job;
      this.run(slot, job);
    }
  }

  private run(slot: Slot, job: Job): void {
    slot.job = job;
    job.attempts++;
    job.task(slot.handle).then(
      (payload) => {
        if (slot.job !== job) return; // the slot died and the job was re-queued
        slot.job = null;
        if (!job.cancelled) {
          this.jobs.delete(job.id);
          job.resolve(payload);
        }
        this.pump();
      },
      (err: unknown) => {
        if (slot.job !== job) return;
        this.replace(slot, err instanceof Error ? err : new Error(String(err)));
      },
    );
  }

  private onDeath(slot: Slot, err: Error): void {
    if (slot.dead || this.disposed) return;
    this.replace(slot, err);
  }

  /** Terminates a failed worker, replaces it, and retries its job. */
  private replace(slot: Slot, err: Error): void {
    if (this.disposed) return;
    slot.dead = true;
    const job = slot.job;
    slot.job = null;
    slot.handle.terminate();
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    this.restarts++;
    if (job && !job.cancelled) {
      if (job.attempts >= MAX_JOB_ATTEMPTS) {
        this.jobs.delete(job.id);
        job.reject(new Error(`${job.what} failed ${job.attempts} times: ${err.message}`));
      } else {
        this.retries++;
        this.queue.unshift(job);
      }
    }
    this.pump();
  }
}
