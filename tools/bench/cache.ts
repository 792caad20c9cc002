// `npm run bench -- cache [body] [--workers N] [--frame-ms F] [--width W] [--height H]`: the
// persistent patch cache (ADR-0019, issue 17), cold vs warm in one run. Session 1 streams a 2 m
// stance (the stance bench's place) with Node worker_threads over an empty MemoryPatchStore until
// the fixed point, then flushes its writes; session 2, a new streamer and pool over the same store,
// streams the same view. Updates run every F ms (default 2; `--frame-ms 1000` imitates the
// browser's software-rendered frames), so the figure shows how much of the warm time is frames.
// Times are from the streamer's creation (store open included) to its fixed point; the warm
// breakdown is the streamer's own counters. The last line is JSON.
import { drawnElevationAt, getBody } from '@landfall/universe';
import { createStreamer, lookAtView, type ViewState } from '@landfall/streamer';
import { createNodePool, defaultNodeWorkers, MemoryPatchStore } from '@landfall/streamer/node';
import { benchArgs } from './benchKit';

const { flags, positionals } = benchArgs(process.argv.slice(2), {
  workers: defaultNodeWorkers(),
  'frame-ms': 2,
  width: 640,
  height: 360,
  'cell-pixels': 16,
});
const id = positionals[0] ?? 'luna';
const frameMs = flags['frame-ms'];

function stanceView(): ViewState {
  const body = getBody(id);
  const lat = (12 * Math.PI) / 180;
  const lon = (34 * Math.PI) / 180;
  const dir = { x: Math.cos(lat) * Math.cos(lon), y: Math.cos(lat) * Math.sin(lon), z: Math.sin(lat) };
  const r = body.radius + drawnElevationAt(body, dir) + 2;
  const eye = [dir.x * r, dir.y * r, dir.z * r];
  const north = [-Math.sin(lat) * Math.cos(lon), -Math.sin(lat) * Math.sin(lon), Math.cos(lat)];
  const east = [-Math.sin(lon), Math.cos(lon), 0];
  const target = [0, 1, 2].map((q) => eye[q] + (north[q] + east[q]) * 100);
  return lookAtView({
    eye,
    target,
    up: [dir.x, dir.y, dir.z],
    fovY: Math.PI / 3,
    width: flags.width,
    height: flags.height,
  });
}

interface Session {
  ms: number;
  firstRequestMs: number;
  frames: number;
  generated: number;
  fromDisk: number;
  drawn: number;
  diskOpenMs: number;
  diskReadBatches: number;
  diskReadMs: number;
  diskDecodeMs: number;
  integrateMs: number;
  selectionMs: number;
}

async function session(store: MemoryPatchStore, view: ViewState): Promise<Session> {
  const t0 = performance.now();
  const s = createStreamer({
    body: id,
    pool: createNodePool(flags.workers),
    cellPixels: flags['cell-pixels'],
    store,
  });
  let frames = 0;
  let firstRequestMs = NaN;
  let selectionMs = 0;
  for (;;) {
    s.update(view);
    frames++;
    const c = s.counters();
    selectionMs += c.selectionMs;
    if (Number.isNaN(firstRequestMs) && c.inFlight > 0) firstRequestMs = performance.now() - t0;
    if (s.fixedPoint) break;
    if (frames > 100_000) throw new Error(`no fixed point: ${JSON.stringify(c)}`);
    await new Promise((res) => setTimeout(res, frameMs));
  }
  const ms = performance.now() - t0;
  const c = s.counters();
  s.dispose();
  // dispose flushes what is queued; wait for it before the next session opens the store.
  while (s.counters().diskPending > 0) await new Promise((res) => setTimeout(res, 10));
  await new Promise((res) => setTimeout(res, 100));
  const r = (v: number) => Number(v.toFixed(1));
  return {
    ms: r(ms),
    firstRequestMs: r(firstRequestMs),
    frames,
    generated: c.generated,
    fromDisk: c.fromDisk,
    drawn: c.drawn,
    diskOpenMs: r(c.diskOpenMs),
    diskReadBatches: c.diskReadBatches,
    diskReadMs: r(c.diskReadMs),
    diskDecodeMs: r(c.diskDecodeMs),
    integrateMs: r(c.integrateMs),
    selectionMs: r(selectionMs),
  };
}

const view = stanceView();
const store = new MemoryPatchStore();
const cold = await session(store, view);
const stored = (await store.list()).length;
const warm = await session(store, view);
const pct = (a: number, b: number) => Number(((100 * a) / b).toFixed(1));
const out = {
  bench: 'cache',
  body: id,
  workers: flags.workers,
  frameMs,
  viewport: `${flags.width}x${flags.height}`,
  stored,
  cold,
  warm,
  warmPercent: pct(warm.ms, cold.ms),
  // From the first request to the fixed point: what the cache controls (store open excluded).
  warmPercentFromRequest: pct(warm.ms - warm.firstRequestMs, cold.ms - cold.firstRequestMs),
};
const line = (n: string, s: Session) =>
  `${n}: fixed point ${s.ms} ms (first request at ${s.firstRequestMs} ms) after ${s.frames} updates; ` +
  `${s.generated} generated, ${s.fromDisk} from disk, ${s.drawn} drawn; store open ${s.diskOpenMs} ms, ` +
  `${s.diskReadBatches} read transactions ${s.diskReadMs} ms, decode+checksum ${s.diskDecodeMs} ms, ` +
  `integration ${s.integrateMs} ms, selection ${s.selectionMs} ms`;
console.log(
  `${id}, ${out.viewport}, ${flags.workers} workers, an update every ${frameMs} ms; ${stored} entries stored`,
);
console.log(line('cold', cold));
console.log(line('warm', warm));
console.log(`warm / cold: ${out.warmPercent} % (from the first request: ${out.warmPercentFromRequest} %)`);
console.log(JSON.stringify(out));
process.exit(0);
