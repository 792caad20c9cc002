/**
 * The streamer (ADR-0008, ADR-0010): per update, integrates a time slice of arrived patches,
 * selects and balances the draw set, schedules requests (ancestor pyramid coarsest first, then
 * nearest need; prefetch last; de-duplicated; unwanted jobs cancelled; in-flight capped; a failed
 * node asked for again after a back-off, RetryBook), and evicts least recently used patches outside
 * the protected working set. Its own tables are bounded by the working set, not by distance flown:
 * eviction drops every reference to the payload, and the selector's node table is pruned.
 */
import type { Body } from '@landfall/universe';
import type { PatchPayload } from '../patch/PatchFormat';
import type { NodeKey } from '../quadtree/NodeKey';
import { Culler } from '../lod/Culler';
import { focalPixels, type LodParams } from '../lod/LodRanges';
import {
  emptySelection,
  Selector,
  type NodeInfo,
  type SelectionResult,
  type SelectRequest,
} from '../lod/Selector';
import { balance } from '../lod/balance';
import type { DetailFloor } from '../lod/surfaceDetailFloor';
import { PatchCache } from '../cache/PatchCache';
import { CancelledError, type WorkerPool } from '../pool/WorkerPool';
import type { DrawPatch } from './DrawPatch';
import { emptyCounters, type StreamerCounters } from './StreamerCounters';
import { fixedPointBlocker } from './fixedPoint';
import { RetryBook } from './RetryBook';
import type { ViewState } from './ViewState';
import { checkConfig, checkView, percentile, worldTag } from './streamerUtil';
import { DrawSignature, ViewMemo } from './ViewMemo';
import { DrawSetBuilder } from './DrawSetBuilder';
import { StreamerEvents } from './StreamerEvents';
import { requestOrder, wantedRequests } from './requestOrder';
import { knownDetailFloor, PROVISIONAL_MAX_LEVEL, requestDetailFloor } from './detailFloorSource';

/** Jobs handed to the pool per worker at most (one running, one waiting) (ADR-0010). */
export const MAX_IN_FLIGHT_PER_WORKER = 2;
/** Arrived patches integrated (made resident, announced) per update at most (ADR-0010). */
export const ARRIVALS_PER_UPDATE = 16;
/** Prefetch looks this far ahead along the eye's velocity, s (ADR-0010). */
export const PREFETCH_SECONDS = 1;

export interface StreamerConfig {
  body: Body;
  pool: WorkerPool;
  cellPixels: number;
  maxPatches?: number;
  byteBudget?: number;
  /** Depth cap; defaults to the body's surface detail floor. */
  maxLevel?: number;
  /** Clock for retry back-offs, ms (default performance.now; tests pass a simulated clock). */
  now?: () => number;
}

interface Job {
  key: NodeKey;
  payload: PatchPayload | null;
  /** Aborted when the job is no longer wanted: the pool drops or ignores it. */
  abort: AbortController;
}

/** Announces `resident` and `evicted` patches as `PatchEvent`s (StreamerEvents). */
export class Streamer extends StreamerEvents {
  readonly body: Body;
  fixedPoint = false;
  /** World the cached patches belong to: universe's level id for this body (ADR-0005). */
  readonly worldTag: string;
  private readonly pool: WorkerPool;
  private readonly cache: PatchCache;
  private readonly selector: Selector;
  private readonly culler = new Culler();
  private readonly lod: LodParams;
  private readonly jobs = new Map<number, Job>();
  private readonly arrivals: Job[] = [];
  private readonly retry = new RetryBook();
  /** Wanted nodes held back by the retry book in the last update (reused). */
  private readonly held = new Set<number>();
  private readonly now: () => number;
  private readonly genMs: number[] = [];
  private readonly ahead = new Float64Array(3);
  private readonly drawBuilder = new DrawSetBuilder();
  private drawList: DrawPatch[] = [];
  private readonly signature = new DrawSignature();
  /** Something besides the view changed (arrivals, evictions, failures, not yet settled). */
  private dirty = true;
  private readonly viewMemo = new ViewMemo();
  private readonly res: SelectionResult = emptySelection();
  private disposed = false;
  private cap: number;
  private floorM: number;
  /** The depth cap is final (given, or the probe has arrived). */
  private capKnown: boolean;
  private c: StreamerCounters = emptyCounters();

  constructor(cfg: StreamerConfig) {
    super();
    this.body = cfg.body;
    this.pool = cfg.pool;
    this.now = cfg.now ?? (() => performance.now());
    checkConfig(cfg.cellPixels, cfg.maxLevel);
    const floor = cfg.maxLevel === undefined ? knownDetailFloor(cfg.body.id) : undefined;
    this.capKnown = cfg.maxLevel !== undefined || floor !== undefined;
    this.cap = floor ? floor.maxLevel : (cfg.maxLevel ?? PROVISIONAL_MAX_LEVEL);
    // With an explicit cap: the mean cell edge at that level (a face spans ≈ πR/2).
    this.floorM = floor
      ? floor.detailFloorM
      : cfg.maxLevel !== undefined
        ? (Math.PI * cfg.body.radius) / (2 * 64 * 2 ** cfg.maxLevel)
        : NaN;
    this.worldTag = worldTag(cfg.body);
    this.cache = new PatchCache(this.worldTag, cfg.maxPatches, cfg.byteBudget);
    const maxRelief = cfg.body.grammar.maxReliefM;
    this.lod = { shellRadius: cfg.body.radius + maxRelief, cellPixels: cfg.cellPixels, focal: 1 };
    this.selector = new Selector({
      lod: this.lod,
      maxLevel: this.cap,
      radius: cfg.body.radius,
      maxRelief,
      payloadOf: (packed) => this.cache.get(packed),
    });
    if (!this.capKnown) {
      requestDetailFloor(cfg.body, this.pool).then(
        (f) => this.applyFloor(f),
        () => {}, // cancelled: the pool was disposed with this streamer
      );
    }
  }

  /** Deepest node level refined to: the body's detail floor (PROVISIONAL_MAX_LEVEL until probed). */
  get maxLevel(): number {
    return this.cap;
  }

  /** Finest mesh spacing this body is refined to, m (NaN while the detail floor is probed). */
  get detailFloor(): number {
    return this.floorM;
  }

  private applyFloor(f: DetailFloor): void {
    if (this.disposed) return;
    this.cap = f.maxLevel;
    this.floorM = f.detailFloorM;
    this.selector.maxLevel = f.maxLevel;
    this.capKnown = true;
    this.dirty = true;
  }

  drawSet(): readonly DrawPatch[] {
    return this.drawList;
  }

  counters(): StreamerCounters {
    const sorted = [...this.genMs].sort((a, b) => a - b);
    const st = this.pool.stats();
    return {
      ...this.c,
      resident: this.cache.size,
      bytesResident: this.cache.bytesResident,
      genMsP50: percentile(sorted, 0.5),
      genMsP95: percentile(sorted, 0.95),
      everDrawn: this.drawBuilder.everDrawn,
      givenUp: this.retry.givenUpCount,
      nodeTable: this.selector.tableSize,
      workerRestarts: st.restarts,
      fixedPoint: this.fixedPoint,
    };
  }

  /**
   * One frame: integrate a slice of arrivals, select, balance, schedule, evict. When neither the
   * view nor the resident set changed since the last update, the previous result stands and only
   * the bookkeeping runs (the selection would be identical).
   */
  update(view: ViewState): void {
    if (this.disposed) throw new Error('streamer is disposed');
    checkView(view);
    const t0 = performance.now();
    this.integrate();
    if (!this.dirty && this.viewMemo.same(view)) {
      this.c.selectionMs = performance.now() - t0;
      return;
    }
    this.dirty = false;
    this.viewMemo.remember(view);
    this.lod.focal = focalPixels(view.fovY, view.viewportHeight);
    this.selector.setLod(this.lod);
    this.drawBuilder.setLod(this.lod);
    this.culler.setView(view.eye, view.viewProjection, this.body.radius - this.body.grammar.maxReliefM);
    let ahead: Float64Array | null = null;
    const v = view.velocity;
    if (v && (v[0] !== 0 || v[1] !== 0 || v[2] !== 0)) {
      for (let q = 0; q < 3; q++) this.ahead[q] = view.eye[q] + v[q] * PREFETCH_SECONDS;
      ahead = this.ahead;
    }
    const res = this.selector.select(this.culler, ahead, this.res);
    balance(this.selector, res, (a) => this.refine(a, res));
    this.drawList = this.drawBuilder.build(res, this.selector);
    this.c.drawn = this.drawList.length;
    const wanted = this.schedule(res.requests);
    this.evict(res);
    this.c.starved = res.starved;
    this.c.cacheHits = res.hits;
    this.c.cacheMisses = res.misses;
    const stable = this.signature.update(res.leaves);
    const blocker = fixedPointBlocker({
      capKnown: this.capKnown,
      jobs: this.jobs.size,
      wanted,
      retryWaiting: this.c.retryWaiting,
      held: this.held.size,
      starved: res.starved,
      stable,
    });
    this.c.fixedPointBlocker = blocker;
    this.fixedPoint = blocker === 'none';
    // Not settled yet: the next update must select again even if the view stays.
    if (!this.fixedPoint) this.dirty = true;
    this.selector.prune((packed) => this.jobs.has(packed));
    this.c.selectionMs = performance.now() - t0;
  }

  /** Terminates the workers and announces every resident patch as evicted (and holds none). */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.pool.dispose();
    this.jobs.clear();
    for (const e of this.cache.clear()) {
      this.selector.setPayload(e.key.packed, null);
      this.announce('evicted', e.payload);
    }
    this.arrivals.length = 0;
    this.drawList = [];
  }

  private refine(a: NodeInfo, res: SelectionResult): NodeInfo[] | null {
    const p = a.payload;
    if (!p || a.key.level >= this.maxLevel) return null;
    const missing = this.selector.wantChildren(a, p, this.culler, res, -1);
    if (missing > 0) return null;
    return this.selector.visibleKids === 0 ? [] : this.selector.children(a).filter((c) => c.payload !== null);
  }

  private integrate(): void {
    let n = 0;
    while (this.arrivals.length > 0 && n < ARRIVALS_PER_UPDATE) {
      const job = this.arrivals.shift() as Job;
      this.jobs.delete(job.key.packed);
      const p = job.payload as PatchPayload;
      this.cache.add(job.key, p);
      this.selector.setPayload(job.key.packed, p);
      this.retry.succeeded(job.key.packed);
      this.c.generated++;
      this.genMs.push(p.generationMs);
      if (this.genMs.length > 256) this.genMs.shift();
      this.announce('resident', p);
      n++;
      this.dirty = true;
    }
  }

  /** Submits what the selection wants; returns the number of distinct nodes wanted now. */
  private schedule(requests: SelectRequest[]): number {
    const now = this.now();
    this.held.clear();
    const wanted = wantedRequests(requests, (packed) => {
      if (this.cache.has(packed)) return true;
      if (!this.retry.blocked(packed, now)) return false;
      this.held.add(packed);
      return true;
    });
    let waiting = 0;
    for (const packed of this.held) if (!this.retry.givenUp(packed)) waiting++;
    this.c.retryWaiting = waiting;
    for (const [packed, job] of this.jobs) {
      if (job.payload || wanted.has(packed)) continue;
      job.abort.abort();
      this.jobs.delete(packed);
      this.c.cancelled++;
    }
    const todo = requestOrder([...wanted.values()].filter((r) => !this.jobs.has(r.info.key.packed)));
    const cap = this.pool.size * MAX_IN_FLIGHT_PER_WORKER;
    let inFlight = 0;
    for (const j of this.jobs.values()) if (!j.payload) inFlight++;
    let i = 0;
    for (; i < todo.length && inFlight < cap; i++, inFlight++) this.submit(todo[i].info.key);
    this.c.inFlight = inFlight;
    this.c.queued = todo.length - i;
    return wanted.size;
  }

  private submit(key: NodeKey): void {
    const job: Job = { key, payload: null, abort: new AbortController() };
    this.jobs.set(key.packed, job);
    if (this.retry.failures(key.packed) > 0) this.c.retried++;
    const req = { body: this.body.id, face: key.face, level: key.level, x: key.x, y: key.y };
    this.pool.generate(req, { signal: job.abort.signal }).then(
      (p) => {
        if (this.jobs.get(key.packed) !== job || this.disposed) return;
        job.payload = p;
        this.arrivals.push(job);
      },
      (err: unknown) => {
        if (err instanceof CancelledError) return;
        if (this.jobs.get(key.packed) !== job || this.disposed) return;
        this.jobs.delete(key.packed);
        this.retry.fail(key.packed, this.now());
        this.c.failed++;
        this.dirty = true;
      },
    );
  }

  private evict(res: SelectionResult): void {
    const stamp = res.stamp;
    const used = (packed: number) => this.selector.peek(packed)?.usedAt ?? -1;
    for (const e of this.cache.evict((packed) => used(packed) === stamp, used)) {
      this.selector.setPayload(e.key.packed, null);
      this.c.evicted++;
      this.dirty = true;
      this.announce('evicted', e.payload);
    }
  }
}
