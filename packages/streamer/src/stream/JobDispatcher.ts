/**
 * The streamer's jobs in flight and the slots they take (ADR-0010): disk reads up to
 * DISK_READS_IN_FLIGHT, generation up to MAX_IN_FLIGHT_PER_WORKER per worker. What an update could
 * not submit for want of a slot waits here, in the update's order, and is submitted as soon as a
 * job settles — not at the next update — so the pool stays busy however long a frame takes (with a
 * software-rendered frame of ~1 s, submitting only per update left the workers idle most of each
 * frame: 2 patches a frame, 100 s to a Luna stance). View requests go first; the ring's only when
 * the view has none waiting.
 */
import type { PatchPayload, PatchRequest } from '../patch/PatchFormat';
import type { NodeKey } from '../quadtree/NodeKey';
import type { SelectRequest } from '../lod/Selector';
import { CancelledError } from '../pool/WorkerPool';
import { DISK_READS_IN_FLIGHT, type PatchSource } from '../persist/PatchSource';
import type { Job } from './StreamerConfig';

/** What the streamer does when a job settles or is submitted. */
export interface DispatchHooks {
  /** The request for node `key` (with or without the level filter). */
  requestOf(key: NodeKey): PatchRequest;
  /** Whether node `packed` is resident (a waiting request for it is dropped). */
  resident(packed: number): boolean;
  /** A job's payload arrived (still this job's: not cancelled, the streamer not disposed). */
  arrived(job: Job, req: PatchRequest, payload: PatchPayload, fromDisk: boolean): void;
  /** A job failed (not cancelled); it is already out of `jobs`. */
  failed(job: Job): void;
  /** `job` was just submitted (its read or generation has started). */
  submitted(job: Job): void;
}

export class JobDispatcher {
  /** Every job not yet integrated, by packed node key (arrived ones have a payload). */
  readonly jobs = new Map<number, Job>();
  /** Jobs running or waiting in the pool or the store after the last submission. */
  inFlight = 0;
  private waitingView: SelectRequest[] = [];
  private waitingRing: SelectRequest[] = [];
  private stopped = false;

  constructor(
    private readonly source: PatchSource,
    private readonly poolCap: number,
    private readonly hooks: DispatchHooks,
  ) {}

  /**
   * Submits `todo` in order into the free slots; what finds none replaces the waiting list of its
   * kind (view or ring). Returns how many wait (all of them while the persistent cache opens).
   */
  submitAll(todo: readonly SelectRequest[], ring: boolean): number {
    const left = this.source.opening ? [...todo] : this.fill(todo, ring);
    if (ring) this.waitingRing = left;
    else this.waitingView = left;
    return left.length;
  }

  /**
   * Submits one job now, whatever the slots (a disk read-ahead: `viewAhead` as its origin's, and
   * `aheadBelow` whether its arrival reads on below it, see Job); submitted from a request, a view
   * job reads ahead for the view, a ring job for the ring.
   */
  submit(
    key: NodeKey,
    req: PatchRequest,
    ring: boolean,
    fromDisk: boolean,
    viewAhead = !ring,
    aheadBelow = true,
  ): void {
    const job: Job = {
      key,
      payload: null,
      abort: new AbortController(),
      ring,
      fromDisk,
      viewAhead,
      aheadBelow,
    };
    this.jobs.set(key.packed, job);
    this.source.produce(req, job.abort.signal, fromDisk, viewAhead).then(
      (got) => {
        if (this.jobs.get(key.packed) !== job || this.stopped) return;
        job.payload = got.payload;
        job.fromDisk = got.fromDisk;
        this.hooks.arrived(job, req, got.payload, got.fromDisk);
        this.topUp();
      },
      (err: unknown) => {
        if (err instanceof CancelledError) return;
        if (this.jobs.get(key.packed) !== job || this.stopped) return;
        this.jobs.delete(key.packed);
        this.hooks.failed(job);
        this.topUp();
      },
    );
    this.hooks.submitted(job);
  }

  /** Cancels job `packed` (nobody wants it any more). */
  cancel(packed: number): void {
    this.jobs.get(packed)?.abort.abort();
    this.jobs.delete(packed);
  }

  /** Forgets every job and waiting request; nothing settles into the streamer after this. */
  stop(): void {
    this.stopped = true;
    // Every job's signal fires, so a producer drops work nobody will take (the GPU producer's queue).
    for (const job of this.jobs.values()) job.abort.abort();
    this.jobs.clear();
    this.waitingView = [];
    this.waitingRing = [];
  }

  /** A job settled: its slot goes to the first waiting request (the view's before the ring's). */
  private topUp(): void {
    if (this.stopped || this.source.opening) return;
    if (this.waitingView.length > 0) this.waitingView = this.fill(this.waitingView, false);
    else if (this.waitingRing.length > 0) this.waitingRing = this.fill(this.waitingRing, true);
  }

  /** Submits what fits of `todo` in order; returns what did not (busy or resident ones dropped). */
  private fill(todo: readonly SelectRequest[], ring: boolean): SelectRequest[] {
    let pool = 0;
    let disk = 0;
    for (const j of this.jobs.values()) {
      if (j.payload) continue;
      if (j.fromDisk) disk++;
      else pool++;
    }
    const left: SelectRequest[] = [];
    for (const r of todo) {
      const key = r.info.key;
      if (this.jobs.has(key.packed) || this.hooks.resident(key.packed)) continue;
      const req = this.hooks.requestOf(key);
      const fromDisk = this.source.onDisk(req);
      if (fromDisk ? disk >= DISK_READS_IN_FLIGHT : pool >= this.poolCap) {
        left.push(r);
        continue;
      }
      if (fromDisk) disk++;
      else pool++;
      this.submit(key, req, ring, fromDisk);
    }
    this.inFlight = pool + disk;
    return left;
  }
}
