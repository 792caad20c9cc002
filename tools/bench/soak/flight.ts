/**
 * A seeded soak flight (ADR-0010, issue 11): a deterministic camera path along a wandering great
 * circle at a fixed height above the drawn ground, driven in simulated time (one streamer
 * update per `dt` simulated seconds), with memory sampled after a forced GC. Shared by the soak
 * test (`soak.test.ts`, short, in-process generator) and `npm run bench -- soak` (long, Node
 * workers). Only the clock of the flight is simulated: every patch is generated for real.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { drawnElevationAt, getBody } from '@landfall/universe';
import { lookAtView, Streamer, WORKER_QUEUE_DEPTH, WorkerPool, type WorkerFactory } from '@landfall/streamer';

/**
 * Forces full garbage collections (exposing V8's `gc` for this process) and lets a macrotask pass
 * between them: array buffer backing stores are released by a sweeper that may finish after `gc()`
 * returns, so `external` read right after one collection can still count dead payloads.
 */
export async function forceGc(): Promise<void> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  for (let i = 0; i < 2; i++) {
    gc();
    await new Promise((res) => setTimeout(res, 5));
  }
}

/** Wraps `f` so that `done()` counts the jobs its handles have finished (either way). */
export function countingFactory(f: WorkerFactory): { factory: WorkerFactory; done: () => number } {
  let n = 0;
  const factory: WorkerFactory = () => {
    const h = f();
    return {
      ...h,
      generate: (req) => h.generate(req).finally(() => n++),
      onDeath: (cb) => h.onDeath(cb),
      terminate: () => h.terminate(),
    };
  };
  return { factory, done: () => n };
}

export interface MemorySample {
  /** Simulated seconds since the flight started. */
  t: number;
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** The streamer's node table, resident patches and bytes, cumulative generated / evicted. */
  nodeTable: number;
  resident: number;
  bytesResident: number;
  generated: number;
  evicted: number;
}

export interface FlightOptions {
  body: string;
  /** Simulated seconds to fly. */
  seconds: number;
  /** Simulated seconds per update. */
  dt: number;
  /** Ground speed along the path, m/s. */
  speed: number;
  /** Height above the drawn ground, m. */
  height: number;
  /** Seed of the path (start point, heading, wander). */
  seed: number;
  maxPatches: number;
  byteBudget: number;
  maxLevel?: number;
  workers: number;
  /** Jobs handed to a worker at once (default WORKER_QUEUE_DEPTH, as the apps' pool). */
  depth?: number;
  factory: WorkerFactory;
  /** Simulated seconds between memory samples. */
  sampleEvery: number;
  /** Called once with the streamer before the flight (to attach listeners). */
  onStreamer?: (s: Streamer) => void;
  viewWidth?: number;
  viewHeight?: number;
}

function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0), s / 4294967296);
}

const unit = (v: number[]): number[] => {
  const l = Math.hypot(v[0], v[1], v[2]);
  return v.map((x) => x / l);
};
const cross = (a: number[], b: number[]): number[] => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];

/** Flies `o`; calls `onSample` every `sampleEvery` simulated seconds (after a forced GC). */
export async function fly(
  o: FlightOptions,
  onSample: (s: MemorySample, streamer: Streamer) => void,
): Promise<Streamer> {
  const body = getBody(o.body);
  const rand = lcg(o.seed);
  const counting = countingFactory(o.factory);
  const pool = new WorkerPool(counting.factory, o.workers, { depth: o.depth ?? WORKER_QUEUE_DEPTH });
  let simMs = 0;
  const streamer = new Streamer({
    body,
    pool,
    cellPixels: 16,
    maxPatches: o.maxPatches,
    byteBudget: o.byteBudget,
    maxLevel: o.maxLevel,
    now: () => simMs,
  });
  o.onStreamer?.(streamer);
  const dirOf = { x: 0, y: 0, z: 0 };
  const radiusAt = (p: number[]): number => {
    dirOf.x = p[0];
    dirOf.y = p[1];
    dirOf.z = p[2];
    return body.radius + drawnElevationAt(body, dirOf) + o.height;
  };
  let pos = unit([rand() - 0.5, rand() - 0.5, rand() - 0.5]);
  let head = unit(cross(pos, unit([rand() - 0.5, rand() - 0.5, rand() - 0.5])));
  const wander = 0.02 + 0.03 * rand(); // rad/s of heading change amplitude
  const phase = 6.283 * rand();
  const steps = Math.round(o.seconds / o.dt);
  const sampleSteps = Math.max(1, Math.round(o.sampleEvery / o.dt));
  for (let i = 0; i <= steps; i++) {
    const t = i * o.dt;
    simMs = t * 1000;
    const r = radiusAt(pos);
    const eye = pos.map((x) => x * r);
    const down = pos.map((x) => -x);
    const target = eye.map((x, q) => x + head[q] * 1000 + down[q] * 300);
    const velocity = head.map((x) => x * o.speed);
    const view = lookAtView({
      eye,
      target,
      up: pos,
      fovY: 1,
      width: o.viewWidth ?? 320,
      height: o.viewHeight ?? 180,
      velocity,
    });
    streamer.update(view);
    // Wait until a job finishes (or none is running): the workers' throughput paces the flight.
    const before = counting.done();
    for (let w = 0; w < 10000 && counting.done() === before && pool.stats().inFlight > 0; w++) {
      await new Promise((res) => setTimeout(res, w === 0 ? 0 : 1));
    }
    if (i % sampleSteps === 0) {
      await forceGc();
      const m = process.memoryUsage();
      const c = streamer.counters();
      onSample(
        {
          t,
          rss: m.rss,
          heapUsed: m.heapUsed,
          external: m.external,
          arrayBuffers: m.arrayBuffers,
          nodeTable: c.nodeTable,
          resident: c.resident,
          bytesResident: c.bytesResident,
          generated: c.generated,
          evicted: c.evicted,
        },
        streamer,
      );
    }
    // Advance along the great circle, turning the heading slowly (a seeded wander).
    const step = (o.speed * o.dt) / r;
    const turn = wander * Math.sin(phase + 0.05 * t) * o.dt;
    const side = cross(pos, head);
    head = unit(head.map((x, q) => x + side[q] * turn));
    const next = unit(pos.map((x, q) => x + head[q] * step));
    head = unit(cross(cross(next, head), next));
    pos = next;
  }
  return streamer;
}
