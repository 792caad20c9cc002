/**
 * The patch worker pool (ADR-0010): a fixed number of worker slots behind one interface, whatever
 * the worker is (browser module worker, Node worker_threads, or an in-process fake in tests).
 *
 * - FIFO dispatch: the streamer orders and caps what it submits; the pool runs it. A worker is
 *   handed up to `depth` jobs at once (option, default 1; WORKER_QUEUE_DEPTH for the streamer's
 *   browser pool): it runs them in order, so the next starts when one ends even while this thread
 *   is busy and cannot hand it another (a software-rendered frame blocks the page for ~1 s). Only
 *   the oldest job of a worker is counted as running: if the worker dies, the others are retried
 *   without using an attempt.
 * - Cancellation through the caller's `AbortSignal`: aborting drops a queued job and discards an
 *   in-flight job's result. Either way the promise rejects with `CancelledError` (its `cause` is
 *   the signal's reason) and the payload never reaches the caller; a signal aborted beforehand
 *   rejects at once and nothing runs.
 * - A job that throws (its promise rejects: a bad request, an unknown body) rejects at once with a
 *   `JobError` whose `cause` is what the worker threw. The worker answered, so it lives and serves
 *   the next job; nothing is restarted.
 * - A worker that dies (the handle's `onDeath`: boot failure, crash, exit, terminated from outside)
 *   or does not settle its job within the deadline (`JOB_DEADLINE_MS` unless the options say
 *   otherwise) is terminated and replaced, and its job is retried on a fresh worker, at most
 *   MAX_JOB_ATTEMPTS attempts in all; then the job rejects with a `WorkerLostError` naming the last
 *   cause. A dead worker's pending promise may never settle: the death or the deadline ends the
 *   attempt, not the promise.
 * - No request is lost silently: every job resolves, rejects with its cause, or rejects with
 *   `CancelledError`.
 */
import type { PatchPayload, PatchRequest } from '../patch/PatchFormat';
import type { DetailFloor } from '../lod/surfaceDetailFloor';

/** Attempts per job (first run + retries) before its promise rejects (ADR-0010). */
export const MAX_JOB_ATTEMPTS = 3;
/** Upper bound on the default worker count (ADR-0010). */
export const DEFAULT_MAX_WORKERS = 8;
/**
 * Time a worker has to settle one job, from dispatch (worker boot included), before it counts as
 * dead (ADR-0010): ≥ 15× the slowest job measured here under load (a worker boot plus a coarse
 * patch or the detail-floor probe, 0.5–2 s).
 */
export const JOB_DEADLINE_MS = 30000;
/**
 * Jobs the streamer's browser pool hands one worker at once (ADR-0010): one running and one
 * waiting in the worker, equal to the streamer's MAX_IN_FLIGHT_PER_WORKER, so no job it submits
 * waits on this thread for a worker's answer to be read.
 */
export const WORKER_QUEUE_DEPTH = 2;

/**
 * One worker. Its job promises reject only when the job threw in a living worker; a worker that
 * ends reports through `onDeath` (its pending promises may then never settle).
 */
export interface WorkerHandle {
  generate(req: PatchRequest): Promise<PatchPayload>;
  /** The body's surface detail floor (ADR-0008), probed in the worker; optional for test fakes. */
  detailFloor?(bodyId: string): Promise<DetailFloor>;
  /** Rocks near an eye, packed (`worker/rocksNear.ts`); optional for test fakes. */
  rocksNear?(bodyId: string, eye: readonly number[], ranges: readonly number[]): Promise<Float64Array>;
  /** Registers the callback run when the worker dies (boot failure, crash, exit, killed). */
  onDeath(cb: (err: Error) => void): void;
  terminate(): void;
}

export type WorkerFactory = () => WorkerHandle;

export interface WorkerPoolOptions {
  /** Per-job deadline, ms (default JOB_DEADLINE_MS); tests pass a short one. */
  jobDeadlineMs?: number;
  /** Jobs handed to one worker at once (default 1), 1 … 16. */
  depth?: number;
}

export class CancelledError extends Error {
  override name = 'CancelledError';
}

/** A job that threw in a living worker (a bad request); `cause` is what the worker threw. */
export class JobError extends Error {
  override name = 'JobError';
}

/** A job whose worker died or missed the deadline on every one of its MAX_JOB_ATTEMPTS attempts. */
export class WorkerLostError extends Error {
  override name = 'WorkerLostError';
}

export interface PoolStats {
  workers: number;
  queued: number;
  inFlight: number;
  /** Workers replaced after a death or a missed deadline. */
  restarts: number;
  retries: number;
  cancelled: number;
  /** Jobs whose worker missed the deadline (each also counts as a restart). */
  deadlinesMissed: number;
  /** Jobs that threw in a living worker and were rejected with their cause. */
  thrown: number;
}

/** Per-job options: `signal` cancels the job when aborted. */
export interface JobOptions {
  signal?: AbortSignal;
}

interface Job {
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
  /** Jobs handed to this worker and not yet settled, oldest (the running one) first. */
  jobs: Job[];
  dead: boolean;
  /** The deadline of the worker's next answer (armed while it holds jobs). */
  deadline: ReturnType<typeof setTimeout> | null;
}

export class WorkerPool {
  readonly size: number;
  private readonly factory: WorkerFactory;
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  /** Live jobs: queued, running, or waiting for a retry. */
  private readonly jobs = new Set<Job>();
  private restarts = 0;
  private retries = 0;
  private cancelledCount = 0;
  private deadlinesMissed = 0;
  private thrown = 0;
  private disposed = false;
  private readonly jobDeadlineMs: number;
  private readonly depth: number;

  constructor(factory: WorkerFactory, size: number, options: WorkerPoolOptions = {}) {
    if (!Number.isInteger(size) || size < 1 || size > 64)
      throw new RangeError(`worker count ${size} is not 1…64`);
    const deadline = options.jobDeadlineMs ?? JOB_DEADLINE_MS;
    if (!(deadline > 0 && deadline <= 2147483647))
      throw new RangeError(`job deadline ${deadline} ms is not in (0, 2^31) ms`);
    this.factory = factory;
    this.size = size;
    this.jobDeadlineMs = deadline;
    const depth = options.depth ?? 1;
    if (!Number.isInteger(depth) || depth < 1 || depth > 16)
      throw new RangeError(`worker queue depth ${depth} is not 1…16`);
    this.depth = depth;
  }

  /** Runs `req` in a worker; aborting `options.signal` cancels it. */
  generate(req: PatchRequest, options: JobOptions = {}): Promise<PatchPayload> {
    return this.enqueue(`patch ${JSON.stringify(req)}`, (h) => h.generate(req), options.signal);
  }

  /**
   * Probes `bodyId`'s surface detail floor in a worker; resolves null when the workers have no
   * probe (a handle without `detailFloor`), so the caller probes it itself.
   */
  detailFloor(bodyId: string, options: JobOptions = {}): Promise<DetailFloor | null> {
    return this.enqueue(
      `detail floor of ${bodyId}`,
      (h) => (h.detailFloor ? h.detailFloor(bodyId) : Promise.resolve(null)),
      options.signal,
    );
  }

  /**
   * The rocks within `ranges[c]` m of `eye` per size class (ADR-0013), resolved in a worker,
   * packed ROCK_STRIDE per rock; null when the workers have no such method (a test fake), so the
   * caller resolves them itself. Aborting `options.signal` cancels it (`CancelledError`).
   */
  rocksNear(
    bodyId: string,
    eye: readonly number[],
    ranges: readonly number[],
    options: JobOptions = {},
  ): Promise<Float64Array | null> {
    return this.enqueue(
      `rocks near ${bodyId}`,
      (h) => (h.rocksNear ? h.rocksNear(bodyId, eye, ranges) : Promise.resolve(null)),
      options.signal,
    );
  }

  private enqueue<T>(what: string, task: (h: WorkerHandle) => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.disposed) return Promise.reject(new Error('worker pool is disposed'));
    if (signal?.aborted) {
      return Promise.reject(new CancelledError(`${what} cancelled`, { cause: signal.reason }));
    }
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => this.cancel(job, signal?.reason);
      const unlisten = () => signal?.removeEventListener('abort', onAbort);
      const job: Job = {
        what,
        task,
        attempts: 0,
        cancelled: false,
        resolve: (p) => {
          unlisten();
          resolve(p as T);
        },
        reject: (e) => {
          unlisten();
          reject(e);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.jobs.add(job);
      this.queue.push(job);
      this.pump();
    });
  }

  /** Cancels a live job: dropped from the queue, or its running attempt's answer ignored. */
  private cancel(job: Job, reason: unknown): void {
    if (!this.jobs.delete(job)) return;
    job.cancelled = true;
    const qi = this.queue.indexOf(job);
    if (qi >= 0) this.queue.splice(qi, 1);
    this.cancelledCount++;
    job.reject(new CancelledError(`${job.what} cancelled`, { cause: reason }));
  }

  stats(): PoolStats {
    return {
      workers: this.slots.length,
      queued: this.queue.length,
      inFlight: this.slots.reduce((n, s) => n + s.jobs.length, 0),
      restarts: this.restarts,
      retries: this.retries,
      cancelled: this.cancelledCount,
      deadlinesMissed: this.deadlinesMissed,
      thrown: this.thrown,
    };
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const s of this.slots) {
      if (s.deadline !== null) clearTimeout(s.deadline);
      s.handle.terminate();
    }
    this.slots.length = 0;
    for (const job of this.jobs) job.reject(new CancelledError('worker pool disposed'));
    this.jobs.clear();
    this.queue.length = 0;
  }

  private newSlot(): Slot {
    const slot: Slot = { handle: this.factory(), jobs: [], dead: false, deadline: null };
    slot.handle.onDeath((err) => this.onDeath(slot, err));
    return slot;
  }

  private pump(): void {
    while (this.queue.length > 0 && !this.disposed) {
      const slot = this.freeSlot();
      if (!slot) return;
      const job = this.queue.shift() as Job;
      this.run(slot, job);
    }
  }

  /** An idle worker, else a new one while under `size`, else the least busy one below `depth`. */
  private freeSlot(): Slot | null {
    let best: Slot | null = null;
    for (const s of this.slots) {
      if (s.dead || s.jobs.length >= this.depth) continue;
      if (!best || s.jobs.length < best.jobs.length) best = s;
    }
    if (best && best.jobs.length === 0) return best;
    if (this.slots.length < this.size) {
      const slot = this.newSlot();
      this.slots.push(slot);
      return slot;
    }
    return best;
  }

  /** (Re)starts the deadline of `slot`'s next answer while it holds jobs. */
  private arm(slot: Slot): void {
    if (slot.deadline !== null) clearTimeout(slot.deadline);
    slot.deadline = null;
    if (slot.jobs.length === 0) return;
    slot.deadline = setTimeout(() => {
      if (slot.dead || slot.jobs.length === 0) return;
      this.deadlinesMissed++;
      this.replace(slot, new Error(`no answer within the ${this.jobDeadlineMs} ms job deadline`));
    }, this.jobDeadlineMs);
    // A pending deadline must not keep a Node process alive on its own.
    (slot.deadline as { unref?(): void }).unref?.();
  }

  private run(slot: Slot, job: Job): void {
    slot.jobs.push(job);
    job.attempts++;
    if (slot.jobs.length === 1) this.arm(slot);
    let answer: Promise<unknown>;
    try {
      answer = job.task(slot.handle);
    } catch (err) {
      answer = Promise.reject(err);
    }
    answer.then(
      (payload) => {
        if (!this.settle(slot, job)) return;
        if (!job.cancelled) {
          this.jobs.delete(job);
          job.resolve(payload);
        }
        this.pump();
      },
      (err: unknown) => {
        // The worker answered with an error: the job is bad, the worker is fine.
        if (!this.settle(slot, job)) return;
        if (!job.cancelled) {
          this.thrown++;
          this.jobs.delete(job);
          const cause = err instanceof Error ? err.message : String(err);
          job.reject(new JobError(`${job.what} failed: ${cause}`, { cause: err }));
        }
        this.pump();
      },
    );
  }

  /** Frees `slot` of `job`; false when the attempt already ended (death, deadline, dispose). */
  private settle(slot: Slot, job: Job): boolean {
    const i = slot.jobs.indexOf(job);
    if (i < 0 || slot.dead || this.disposed) return false;
    slot.jobs.splice(i, 1);
    this.arm(slot); // an answer came: the next one has a full deadline
    return true;
  }

  private onDeath(slot: Slot, err: Error): void {
    if (slot.dead || this.disposed) return;
    this.replace(slot, err);
  }

  /**
   * Terminates a dead or hung worker, replaces it, and retries its jobs: the oldest (the one it
   * was running) uses an attempt, the ones waiting behind it do not.
   */
  private replace(slot: Slot, err: Error): void {
    if (this.disposed) return;
    slot.dead = true;
    const held = slot.jobs;
    slot.jobs = [];
    if (slot.deadline !== null) clearTimeout(slot.deadline);
    slot.deadline = null;
    slot.handle.terminate();
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    this.restarts++;
    const again: Job[] = [];
    held.forEach((job, k) => {
      if (job.cancelled) return;
      if (k > 0) job.attempts--; // it never ran
      if (job.attempts >= MAX_JOB_ATTEMPTS) {
        this.jobs.delete(job);
        job.reject(
          new WorkerLostError(`${job.what}: worker lost on ${job.attempts} attempts: ${err.message}`, {
            cause: err,
          }),
        );
      } else {
        this.retries++;
        again.push(job);
      }
    });
    this.queue.unshift(...again);
    this.pump();
  }
}
