/**
 * The streamer (ADR-0008, ADR-0010): per update, integrates a time slice of arrived patches,
 * selects and balances the draw set, schedules requests (ancestor pyramid coarsest first, then
 * nearest need; prefetch last; de-duplicated; unwanted jobs cancelled; in-flight capped), and
 * evicts least recently used patches outside the protected working set.
 */
import type { Body } from '@landfall/universe';
import type { PatchPayload } from '../patch/PatchFormat';
import { sharedIndices } from '../patch/sharedIndices';
import type { NodeKey } from '../quadtree/NodeKey';
import { Culler } from '../lod/Culler';
import {
  focalPixels,
  morphEnd,
  morphStart,
  NO_MORPH_END,
  NO_MORPH_START,
  type LodParams,
} from '../lod/LodRanges';
import { Selector, type NodeInfo, type SelectionResult, type SelectRequest } from '../lod/Selector';
import { balance, edgeMorph } from '../lod/balance';
import { surfaceDetailFloor } from '../lod/surfaceDetailFloor';
import { PatchCache } from '../cache/PatchCache';
import { CancelledError, type WorkerPool } from '../pool/WorkerPool';
import type { DrawPatch } from './DrawPatch';
import type { StreamerCounters } from './StreamerCounters';
import type { ViewState } from './ViewState';
import { checkView, percentile, worldTag } from './streamerUtil';

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
}

interface Job {
  id: number;
  key: NodeKey;
  payload: PatchPayload | null;
}

export class Streamer {
  readonly body: Body;
  /** Finest mesh spacing this body is refined to, m (from the detail floor probe). */
  readonly detailFloor: number;
  readonly maxLevel: number;
  fixedPoint = false;
  private readonly pool: WorkerPool;
  private readonly cache: PatchCache;
  private readonly selector: Selector;
  private readonly culler = new Culler();
  private readonly lod: LodParams;
  private readonly jobs = new Map<number, Job>();
  private readonly arrivals: Job[] = [];
  private readonly failedKeys = new Set<number>();
  private readonly draws = new Map<number, DrawPatch>();
  private readonly everDrawn = new Set<number>();
  private readonly genMs: number[] = [];
  private readonly residentCbs: ((p: PatchPayload) => void)[] = [];
  private readonly evictedCbs: ((p: PatchPayload) => void)[] = [];
  private readonly ahead = new Float64Array(3);
  private drawList: DrawPatch[] = [];
  private protectedSet = new Set<number>();
  private signature = '';
  private nextId = 1;
  private disposed = false;
  private c: StreamerCounters = {
    drawn: 0,
    resident: 0,
    queued: 0,
    inFlight: 0,
    cancelled: 0,
    starved: 0,
    cacheHits: 0,
    cacheMisses: 0,
    genMsP50: 0,
    genMsP95: 0,
    bytesResident: 0,
    fixedPoint: false,
    generated: 0,
    evicted: 0,
    everDrawn: 0,
    failed: 0,
    workerRestarts: 0,
    selectionMs: 0,
  };

  constructor(cfg: StreamerConfig) {
    this.body = cfg.body;
    this.pool = cfg.pool;
    if (!(cfg.cellPixels > 0)) throw new RangeError(`cellPixels ${cfg.cellPixels} must be positive`);
    const floor = surfaceDetailFloor(cfg.body);
    this.maxLevel = cfg.maxLevel ?? floor.maxLevel;
    this.detailFloor =
      cfg.maxLevel === undefined
        ? floor.detailFloorM
        : (2 * Math.PI * cfg.body.radius) / (4 * 64 * 2 ** this.maxLevel);
    this.cache = new PatchCache(worldTag(cfg.body), cfg.maxPatches, cfg.byteBudget);
    const maxRelief = cfg.body.grammar.maxReliefM;
    this.lod = { shellRadius: cfg.body.radius + maxRelief, cellPixels: cfg.cellPixels, focal: 1 };
    this.selector = new Selector({
      lod: this.lod,
      maxLevel: this.maxLevel,
      radius: cfg.body.radius,
      maxRelief,
    });
  }

  onResident(cb: (p: PatchPayload) => void): void {
    this.residentCbs.push(cb);
  }

  onEvicted(cb: (p: PatchPayload) => void): void {
    this.evictedCbs.push(cb);
  }

  sharedIndices(): Uint16Array {
    return sharedIndices();
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
      everDrawn: this.everDrawn.size,
      workerRestarts: st.restarts,
      fixedPoint: this.fixedPoint,
    };
  }

  update(view: ViewState): void {
    if (this.disposed) throw new Error('streamer is disposed');
    checkView(view);
    const t0 = performance.now();
    this.integrate();
    this.lod.focal = focalPixels(view.fovY, view.viewportHeight);
    this.selector.lod = this.lod;
    this.culler.setView(view.eye, view.viewProjection, this.body.radius - this.body.grammar.maxReliefM);
    let ahead: Float64Array | null = null;
    const v = view.velocity;
    if (v && (v[0] !== 0 || v[1] !== 0 || v[2] !== 0)) {
      for (let q = 0; q < 3; q++) this.ahead[q] = view.eye[q] + v[q] * PREFETCH_SECONDS;
      ahead = this.ahead;
    }
    const resident = (packed: number) => this.cache.get(packed);
    const res = this.selector.select(this.culler, resident, ahead);
    balance(this.selector, res, (a) => this.refine(a, res));
    this.buildDrawSet(res);
    this.schedule(res.requests);
    this.evict(res);
    this.c.starved = res.starved;
    this.c.cacheHits = res.hits;
    this.c.cacheMisses = res.misses;
    const sig = res.leaves
      .map((n) => n.key.packed)
      .sort((a, b) => a - b)
      .join(',');
    this.fixedPoint =
      res.requests.length === 0 && this.jobs.size === 0 && res.starved === 0 && sig === this.signature;
    this.signature = sig;
    this.selector.trim(200000);
    this.c.selectionMs = performance.now() - t0;
  }

  /** Terminates the workers and announces every resident patch as evicted. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.pool.dispose();
    this.jobs.clear();
    for (const e of this.cache.clear()) for (const cb of this.evictedCbs) cb(e.payload);
    this.drawList = [];
  }

  private refine(a: NodeInfo, res: SelectionResult): NodeInfo[] | null {
    const p = this.cache.get(a.key.packed);
    if (!p || a.key.level >= this.maxLevel) return null;
    const { missing, visible } = this.selector.wantChildren(
      a,
      p,
      this.culler,
      (k) => this.cache.get(k),
      res,
      -1,
    );
    if (missing > 0) return null;
    return visible === 0 ? [] : this.selector.children(a).filter((c) => this.cache.has(c.key.packed));
  }

  private integrate(): void {
    let n = 0;
    while (this.arrivals.length > 0 && n < ARRIVALS_PER_UPDATE) {
      const job = this.arrivals.shift() as Job;
      this.jobs.delete(job.key.packed);
      const p = job.payload as PatchPayload;
      this.cache.add(job.key, p);
      this.c.generated++;
      this.genMs.push(p.generationMs);
      if (this.genMs.length > 256) this.genMs.shift();
      for (const cb of this.residentCbs) cb(p);
      n++;
    }
  }

  private buildDrawSet(res: SelectionResult): void {
    const leafSet = new Set<number>();
    for (const n of res.leaves) leafSet.add(n.key.packed);
    const list: DrawPatch[] = [];
    for (const n of res.leaves) {
      const payload = this.cache.get(n.key.packed) as PatchPayload;
      let d = this.draws.get(n.key.packed);
      if (!d || d.payload !== payload) {
        d = { payload, morphStart: NO_MORPH_START, morphEnd: NO_MORPH_END, edgeMorph: [-1, -1, -1, -1] };
        this.draws.set(n.key.packed, d);
      }
      const level = n.key.level;
      d.morphStart = level === 0 ? NO_MORPH_START : morphStart(this.lod, level);
      d.morphEnd = level === 0 ? NO_MORPH_END : morphEnd(this.lod, level);
      edgeMorph(this.selector, res, n, leafSet, d.edgeMorph);
      list.push(d);
      this.everDrawn.add(n.key.packed);
    }
    for (const packed of this.draws.keys()) if (!leafSet.has(packed)) this.draws.delete(packed);
    this.drawList = list;
    this.c.drawn = list.length;
    // Protected: the draw set, its ancestors, and the resident children of starved nodes.
    const prot = new Set<number>();
    for (const n of res.leaves) {
      for (let a: NodeInfo | null = n; a && !prot.has(a.key.packed); a = a.parent) {
        prot.add(a.key.packed);
        this.cache.touch(a.key.packed);
      }
    }
    for (const s of res.starvedNodes) {
      for (const c of this.selector.children(s)) if (this.cache.has(c.key.packed)) prot.add(c.key.packed);
    }
    this.protectedSet = prot;
  }

  private schedule(requests: SelectRequest[]): void {
    const wanted = new Map<number, SelectRequest>();
    for (const r of requests) {
      const packed = r.info.key.packed;
      if (this.failedKeys.has(packed) || this.cache.has(packed)) continue;
      const prev = wanted.get(packed);
      if (
        !prev ||
        (prev.prefetch && !r.prefetch) ||
        (prev.prefetch === r.prefetch && r.distance < prev.distance)
      ) {
        wanted.set(packed, r);
      }
    }
    for (const [packed, job] of this.jobs) {
      if (job.payload || wanted.has(packed)) continue;
      this.pool.cancel(job.id);
      this.jobs.delete(packed);
      this.c.cancelled++;
    }
    const todo = [...wanted.values()].filter((r) => !this.jobs.has(r.info.key.packed));
    todo.sort(
      (a, b) =>
        Number(a.prefetch) - Number(b.prefetch) ||
        a.info.key.level - b.info.key.level ||
        a.distance - b.distance,
    );
    const cap = this.pool.size * MAX_IN_FLIGHT_PER_WORKER;
    let inFlight = 0;
    for (const j of this.jobs.values()) if (!j.payload) inFlight++;
    let i = 0;
    for (; i < todo.length && inFlight < cap; i++, inFlight++) this.submit(todo[i].info.key);
    this.c.inFlight = inFlight;
    this.c.queued = todo.length - i;
  }

  private submit(key: NodeKey): void {
    const job: Job = { id: this.nextId++, key, payload: null };
    this.jobs.set(key.packed, job);
    const req = { body: this.body.id, face: key.face, level: key.level, x: key.x, y: key.y };
    this.pool.generate(req, job.id).then(
      (p) => {
        if (this.jobs.get(key.packed) !== job || this.disposed) return;
        job.payload = p;
        this.arrivals.push(job);
      },
      (err: unknown) => {
        if (err instanceof CancelledError) return;
        if (this.jobs.get(key.packed) === job) this.jobs.delete(key.packed);
        this.failedKeys.add(key.packed);
        this.c.failed++;
      },
    );
  }

  private evict(_res: SelectionResult): void {
    const prot = this.protectedSet;
    for (const e of this.cache.evict((packed) => prot.has(packed))) {
      this.c.evicted++;
      for (const cb of this.evictedCbs) cb(e.payload);
    }
  }
}
