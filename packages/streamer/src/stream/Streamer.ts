/**
 * The streamer (ADR-0008, ADR-0010): per update, integrates a time slice of arrived patches,
 * selects and balances the draw set, schedules requests (ancestor pyramid coarsest first, then
 * nearest need; prefetch last; de-duplicated; unwanted jobs cancelled; in-flight capped, a freed
 * slot handed to the next waiting request at once, JobDispatcher; a failed
 * node asked for again after a back-off, RetryBook), and evicts least recently used patches outside
 * the protected working set. Its own tables are bounded by the working set, not by distance flown:
 * eviction drops every reference to the payload, and the selector's node table is pruned.
 */
import type { Body } from '@landfall/universe';
import type { PatchPayload, PatchRequest } from '../patch/PatchFormat';
import { MAX_NODE_LEVEL, type NodeKey } from '../quadtree/NodeKey';
import { Culler } from '../lod/Culler';
import { childRadii, nodeGeometry, nodeSphere } from '../lod/NodeGeometry';
import { focalPixels, SSE_EXTRA_LEVELS, type LodParams } from '../lod/LodRanges';
import { emptySelection, Selector, type SelectionResult, type SelectRequest } from '../lod/Selector';
import { balance } from '../lod/balance';
import { refineNode } from '../lod/refineNode';
import type { DetailFloor } from '../lod/surfaceDetailFloor';
import { PatchCache } from '../cache/PatchCache';
import type { WorkerPool } from '../pool/WorkerPool';
import { workerProducer, type PatchProducer } from '../produce/PatchProducer';
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
import type { Job, StreamerConfig } from './StreamerConfig';
import { PatchSource, type AheadJudge } from '../persist/PatchSource';
import { JobDispatcher } from './JobDispatcher';
import { packStoredRocks, ROCKS_RECORD, unpackStoredRocks } from '../persist/storedRocks';
import { LookAroundRing } from './LookAroundRing';
import { diskAndRingCounters } from './ringCounters';
import { levelFilterM } from '../patch/levelFilter';

/** Arrived patches integrated (made resident, announced) per update at most (ADR-0010). */
export const ARRIVALS_PER_UPDATE = 16;
/** Prefetch looks this far ahead along the eye's velocity, s (ADR-0010). */
export const PREFETCH_SECONDS = 1;

export type { StreamerConfig } from './StreamerConfig';

/** Announces `resident` and `evicted` patches as `PatchEvent`s (StreamerEvents). */
export class Streamer extends StreamerEvents {
  readonly body: Body;
  fixedPoint = false;
  /** World the cached patches belong to: universe's level id for this body (ADR-0005). */
  readonly worldTag: string;
  private readonly pool: WorkerPool;
  /** Where generated patches come from (ADR-0020): the pool unless the config names another. */
  readonly producer: PatchProducer;
  private readonly cache: PatchCache;
  private readonly selector: Selector;
  private readonly culler = new Culler();
  private readonly lod: LodParams;
  private readonly dispatch: JobDispatcher;
  private readonly jobs: Map<number, Job>;
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
  private readonly source: PatchSource;
  private readonly ring: LookAroundRing;
  /** Also hold the 360° look-around ring around the eye (at a stance, landed) (ADR-0019). */
  lookAround: boolean;
  /** Requests carry their level's filter (ADR-0006), else the full field. */
  private readonly levelFilter: boolean;

  constructor(cfg: StreamerConfig) {
    super();
    this.body = cfg.body;
    this.pool = cfg.pool;
    this.producer = cfg.producer ?? workerProducer(cfg.pool);
    this.levelFilter = cfg.levelFilter ?? true;
    this.now = cfg.now ?? (() => performance.now());
    checkConfig(cfg.cellPixels, cfg.maxLevel);
    const floor = cfg.maxLevel === undefined ? knownDetailFloor(cfg.body.id) : undefined;
    this.capKnown = cfg.maxLevel !== undefined || floor !== undefined;
    this.extraLevels = (cfg.ssePixels ?? 0) > 0 ? SSE_EXTRA_LEVELS : 0;
    this.cap = floor ? this.floorCap(floor) : (cfg.maxLevel ?? PROVISIONAL_MAX_LEVEL);
    // With an explicit cap: the mean cell edge at that level (a face spans ≈ πR/2).
    this.floorM = floor
      ? floor.detailFloorM
      : cfg.maxLevel !== undefined
        ? (Math.PI * cfg.body.radius) / (2 * 64 * 2 ** cfg.maxLevel)
        : NaN;
    this.worldTag = worldTag(cfg.body);
    this.cache = new PatchCache(this.worldTag, cfg.maxPatches, cfg.byteBudget);
    const maxRelief = cfg.body.grammar.maxReliefM;
    this.lod = {
      shellRadius: cfg.body.radius + maxRelief,
      cellPixels: cfg.cellPixels,
      focal: 1,
      ssePixels: cfg.ssePixels ?? 0,
    };
    const selectorOptions = {
      lod: this.lod,
      maxLevel: this.cap,
      radius: cfg.body.radius,
      maxRelief,
      payloadOf: (packed: number) => this.cache.get(packed),
    };
    this.selector = new Selector(selectorOptions);
    this.ring = new LookAroundRing(selectorOptions, cfg.ringByteBudget);
    this.lookAround = cfg.lookAround ?? false;
    if (cfg.disk && cfg.disk.producer !== this.producer.kind)
      throw new Error(
        `streamer: the persistent cache holds ${cfg.disk.producer} patches, the producer is ${this.producer.kind}`,
      );
    this.source = new PatchSource(this.producer, cfg.disk ?? null);
    this.dispatch = new JobDispatcher(this.source, this.producer.slots, {
      requestOf: (key) => this.requestOf(key),
      resident: (packed) => this.cache.has(packed),
      arrived: (job, req, payload, fromDisk) => {
        if (this.disposed) return;
        if (!fromDisk) this.source.generated(req, payload);
        this.arrivals.push(job);
        if (fromDisk && job.aheadBelow) this.readAhead(job.key, job.viewAhead);
      },
      failed: (job) => {
        this.retry.fail(job.key.packed, this.now());
        this.c.failed++;
        this.dirty = true;
      },
      submitted: (job) => {
        if (this.retry.failures(job.key.packed) > 0) this.c.retried++;
        // A read asked for by the view or the ring reads its stored subtree in the same task, so
        // in the same transaction: a warm stance is one transaction, not the roots and then the rest.
        if (job.fromDisk && !this.readingAhead) this.readAhead(job.key, job.viewAhead);
      },
    });
    this.jobs = this.dispatch.jobs;
    if (!this.capKnown) {
      requestDetailFloor(cfg.body, this.pool, cfg.disk).then(
        (f) => this.applyFloor(f),
        () => {}, // cancelled: the pool was disposed with this streamer
      );
    }
  }

  /** Deepest node level refined to: the body's detail floor (PROVISIONAL_MAX_LEVEL until probed). */
  get maxLevel(): number {
    return this.cap;
  }

  /**
   * The rocks within `ranges[c]` m of `eye` per size class (ADR-0013), resolved in the worker
   * pool (`worker/rocksNear.ts`, packed); null where the workers have no such method. Aborting
   * `signal` cancels it. With a persistent cache the last query's answer is kept there and a query
   * for the same eye and ranges reads it back instead (`storedRocks.ts`, ADR-0019).
   */
  async rocksNear(
    eye: readonly number[],
    ranges: readonly number[],
    signal?: AbortSignal,
  ): Promise<Float64Array | null> {
    const disk = this.source.disk;
    if (disk) {
      const stored = unpackStoredRocks(await disk.readValues(ROCKS_RECORD), eye, ranges);
      if (stored) return stored;
    }
    const rocks = await this.pool.rocksNear(this.body.id, eye, ranges, { signal });
    if (rocks && disk && !this.disposed) disk.writeValues(ROCKS_RECORD, packStoredRocks(rocks, eye, ranges));
    return rocks;
  }

  /** Finest mesh spacing this body is refined to, m (NaN while the detail floor is probed). */
  get detailFloor(): number {
    return this.floorM;
  }

  /**
   * The depth cap from a detail floor: its level, and with the error-driven split SSE_EXTRA_LEVELS
   * more (ADR-0008: a node there splits only where its own error asks for it).
   */
  private floorCap(f: DetailFloor): number {
    return Math.min(MAX_NODE_LEVEL, f.maxLevel + this.extraLevels);
  }
  private readonly extraLevels: number;

  private applyFloor(f: DetailFloor): void {
    if (this.disposed) return;
    this.cap = this.floorCap(f);
    this.floorM = f.detailFloorM;
    this.selector.maxLevel = this.cap;
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
      producer: this.producer.kind,
      fixedPoint: this.fixedPoint,
      ...diskAndRingCounters(this.source.disk, this.ring, this.lookAround),
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
      this.ringStep(view);
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
    balance(this.selector, res, (a) => refineNode(this.selector, this.culler, a, res));
    this.drawList = this.drawBuilder.build(res, this.selector, view.eye);
    this.c.drawn = this.drawList.length;
    const wanted = this.schedule(res.requests);
    this.evict(res);
    this.c.starved = res.starved;
    this.c.cacheHits = res.hits;
    this.c.cacheMisses = res.misses;
    const stable = this.signature.update(res.leaves);
    let viewJobs = 0;
    for (const j of this.jobs.values()) if (!j.ring) viewJobs++;
    const blocker = fixedPointBlocker({
      capKnown: this.capKnown,
      jobs: viewJobs,
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
    this.ringStep(view);
    this.c.selectionMs = performance.now() - t0;
  }

  /**
   * The look-around ring (ADR-0019): once the view has nothing queued, selects all round the eye
   * and asks for its missing nodes into the slots left, while what the ring alone holds (and has
   * in flight) stays under its byte budget.
   */
  private ringStep(view: ViewState): void {
    if (!this.lookAround || !this.capKnown || this.c.queued > 0 || this.c.fixedPointBlocker === 'inFlight')
      return;
    const now = this.now();
    const stamp = this.res.stamp;
    this.ring.maxLevel = this.cap;
    this.ring.update(view.eye, this.lod, this.body.radius - this.body.grammar.maxReliefM, {
      skip: (packed) => this.cache.has(packed) || this.retry.blocked(packed, now),
      viewUses: (packed) => this.selector.peek(packed)?.usedAt === stamp,
    });
    let ringJobs = 0;
    for (const j of this.jobs.values()) if (j.ring) ringJobs++;
    this.dispatch.submitAll(
      this.ring.toAsk(ringJobs, (p) => this.jobs.has(p) || this.cache.has(p)),
      true,
    );
    this.c.inFlight = this.dispatch.inFlight;
    this.ring.selector.prune((packed) => this.jobs.has(packed));
  }

  /** Terminates the workers and announces every resident patch as evicted (and holds none). */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.dispatch.stop();
    this.pool.dispose();
    this.producer.dispose();
    this.source.dispose();
    for (const e of this.cache.clear()) {
      this.selector.setPayload(e.key.packed, null);
      this.ring.setPayload(e.key.packed, null);
      this.announce('evicted', e.payload);
    }
    this.arrivals.length = 0;
    this.drawList = [];
  }

  /**
   * Makes arrivals resident: every disk read (it cost no generation), and generated patches up to
   * ARRIVALS_PER_UPDATE; the rest wait, in order, for the next update.
   */
  private integrate(): void {
    const t0 = performance.now();
    let n = 0;
    let kept = 0;
    for (const job of this.arrivals) {
      if (!job.fromDisk && n >= ARRIVALS_PER_UPDATE) {
        this.arrivals[kept++] = job;
        continue;
      }
      this.jobs.delete(job.key.packed);
      const p = job.payload as PatchPayload;
      this.cache.add(job.key, p);
      this.selector.setPayload(job.key.packed, p);
      this.ring.setPayload(job.key.packed, p);
      this.retry.succeeded(job.key.packed);
      if (job.fromDisk) this.c.fromDisk++;
      else {
        n++;
        this.c.generated++;
        if (job.ring) this.c.ringGenerated++;
        this.genMs.push(p.generationMs);
        if (this.genMs.length > 256) this.genMs.shift();
      }
      this.announce('resident', p);
      this.dirty = true;
    }
    this.arrivals.length = kept;
    this.c.integrateMs += performance.now() - t0;
  }

  /**
   * The request for node `key`: with the level's own filter (ADR-0006) when asked for — coarse
   * patches draw only what their cells carry — else the full field.
   */
  private requestOf(key: NodeKey): PatchRequest {
    const filterM = this.levelFilter ? levelFilterM(this.body.radius, key.level) : 0;
    return { body: this.body.id, face: key.face, level: key.level, x: key.x, y: key.y, filterM };
  }

  /**
   * When a disk read is asked for (and again when it arrives: a subtree larger than READ_AHEAD_MAX
   * goes on from there), reads its stored subtree at once, in one transaction (not a level a frame).
   * For the view (`forView`), only what the view's selection would ask for (`aheadForView`), so
   * what the ring stored behind the eye does not delay the view's fixed point; the ring's own
   * arrivals, after it, read the rest.
   */
  private readAhead(key: NodeKey, forView: boolean): void {
    const room = this.cache.maxPatches - this.cache.size - this.jobs.size;
    // Before the detail floor is known the cap is provisional: what is stored was selected under
    // the real one, so it is all read (capping it split a warm Luna stance into two transactions).
    const cap = this.capKnown ? this.cap : Infinity;
    if (this.cache.overBudget || room <= 0 || key.level >= cap) return;
    const skip = (packed: number) => this.cache.has(packed) || this.jobs.has(packed);
    this.source.maxLevel = cap;
    const keep = forView ? this.aheadForView : undefined;
    this.readingAhead = true;
    try {
      for (const [k, req, below] of this.source.storedSubtree(
        key,
        (k) => this.requestOf(k),
        skip,
        room,
        keep,
      ))
        this.dispatch.submit(k, req, true, true, forView, below);
    } finally {
      this.readingAhead = false;
    }
  }
  /** readAhead is submitting: its jobs do not read ahead again (their subtree is in its list). */
  private readingAhead = false;

  /**
   * The selector's culling, from stored bounds instead of payloads (Selector.visit and
   * wantChildren): a node is asked for when its parent's elevation range, widened by that range,
   * leaves it in the last update's frustum (or it holds the ground under the eye) and above the
   * horizon, and descended when its own bounding sphere does too. Without stored bounds: read and
   * descended.
   */
  private readonly aheadForView: AheadJudge = (k, b, pb) => {
    const R = this.body.radius;
    const g = nodeGeometry(k);
    if (pb) {
      const [rMin, rMax] = childRadii(R, pb[4], pb[5], this.aheadRadii);
      const s = nodeSphere(g, rMin, rMax, this.aheadSphere);
      const seen = this.culler.inFrustum(s[0], s[1], s[2], s[3]) || this.culler.underEye(g);
      if (!seen || !this.culler.aboveHorizon(g, rMax)) return 'skip';
    }
    if (!b) return 'descend';
    const [x, y, z, r] = b;
    if (!this.culler.inFrustum(x, y, z, r) && !this.culler.underEye(g)) return 'read';
    return this.culler.aboveHorizon(g, Math.sqrt(x * x + y * y + z * z) + r) ? 'descend' : 'read';
  };
  private readonly aheadSphere = new Float64Array(4);
  private readonly aheadRadii = new Float64Array(2);

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
      if (wanted.has(packed)) job.ring = false; // the view wants it now: it is the view's job
      if (job.payload || job.ring || wanted.has(packed)) continue;
      this.dispatch.cancel(packed);
      this.c.cancelled++;
    }
    const todo = requestOrder([...wanted.values()].filter((r) => !this.jobs.has(r.info.key.packed)));
    this.c.queued = this.dispatch.submitAll(todo, false);
    this.c.inFlight = this.dispatch.inFlight;
    return wanted.size;
  }

  private evict(res: SelectionResult): void {
    const stamp = res.stamp;
    const used = (packed: number) => this.selector.peek(packed)?.usedAt ?? -1;
    const held = (packed: number) =>
      used(packed) === stamp || (this.lookAround && this.ring.protects(packed));
    for (const e of this.cache.evict(held, used)) {
      this.selector.setPayload(e.key.packed, null);
      this.ring.setPayload(e.key.packed, null);
      this.c.evicted++;
      this.dirty = true;
      this.announce('evicted', e.payload);
    }
  }
}
