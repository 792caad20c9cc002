// `npm run bench -- stance [body…] [--workers N] [--frames N]`: streams a 1600×900 view from 2 m
// above the drawn ground of each body (default luna, mars, miranda) with Node worker_threads
// until the streamer's fixed point, and prints the figures of issue 5; last line per body is JSON.
// cpuSeconds sums each patch's CPU time on its worker thread (PatchPayload.generationCpuMs, the
// thread clock of /proc/thread-self/schedstat); workerWallSeconds sums the wall time inside the
// workers, which on an oversubscribed machine (8 workers' worth of threads on 2 cores, plus the
// main thread) also counts the time a worker waited for a core.
import { drawnElevationAt, getBody } from '@landfall/universe';
import { createStreamer, lookAtView } from '@landfall/streamer';
import { createNodePool, defaultNodeWorkers } from '@landfall/streamer/node';
import { benchArgs } from './benchKit';

const { flags, positionals } = benchArgs(process.argv.slice(2), {
  workers: defaultNodeWorkers(),
  frames: 20000,
  'cell-pixels': 16,
  // −1: the streamer's own depth limit.
  'max-level': -1,
});
const { workers, frames: maxFrames, 'cell-pixels': cellPixels } = flags;
const maxLevel = flags['max-level'] >= 0 ? flags['max-level'] : undefined;
const bodies = positionals.length > 0 ? positionals : ['luna', 'mars', 'miranda'];

const W = 1600;
const H = 900;
const FOV = (60 * Math.PI) / 180;

async function stance(id: string): Promise<Record<string, unknown>> {
  const body = getBody(id);
  // A fixed place: latitude 12°, longitude 34°, looking north-east along the ground.
  const lat = (12 * Math.PI) / 180;
  const lon = (34 * Math.PI) / 180;
  const dir = { x: Math.cos(lat) * Math.cos(lon), y: Math.cos(lat) * Math.sin(lon), z: Math.sin(lat) };
  const h = drawnElevationAt(body, dir);
  const r = body.radius + h + 2;
  const eye = [dir.x * r, dir.y * r, dir.z * r];
  const north = [-Math.sin(lat) * Math.cos(lon), -Math.sin(lat) * Math.sin(lon), Math.cos(lat)];
  const east = [-Math.sin(lon), Math.cos(lon), 0];
  const fwd = [0, 1, 2].map((q) => north[q] + east[q]);
  const target = [0, 1, 2].map((q) => eye[q] + fwd[q] * 100);
  const view = lookAtView({ eye, target, up: [dir.x, dir.y, dir.z], fovY: FOV, width: W, height: H });

  const streamer = createStreamer({ body: id, pool: createNodePool(workers), cellPixels, maxLevel });
  let genMs = 0;
  let wallMs = 0;
  let threadClock = true;
  const byLevel: number[] = [];
  const countByLevel: number[] = [];
  streamer.on('resident', ({ payload: p }) => {
    threadClock &&= Number.isFinite(p.generationCpuMs);
    const ms = Number.isFinite(p.generationCpuMs) ? p.generationCpuMs : p.generationMs;
    genMs += ms;
    wallMs += p.generationMs;
    byLevel[p.level] = (byLevel[p.level] ?? 0) + ms / 1000;
    countByLevel[p.level] = (countByLevel[p.level] ?? 0) + 1;
  });
  const t0 = performance.now();
  let frames = 0;
  let selSum = 0;
  let selMax = 0;
  while (frames < maxFrames) {
    streamer.update(view);
    frames++;
    const c = streamer.counters();
    selSum += c.selectionMs;
    selMax = Math.max(selMax, c.selectionMs);
    if (streamer.fixedPoint) break;
    await new Promise((res) => setTimeout(res, 2));
  }
  const wall = (performance.now() - t0) / 1000;
  // Steady state: selection cost per frame at the fixed point (nothing arriving).
  let steady = 0;
  for (let i = 0; i < 200; i++) {
    streamer.update(view);
    steady += streamer.counters().selectionMs;
  }
  const c = streamer.counters();
  if (process.env.STANCE_DEBUG) console.log(c);
  streamer.dispose();
  const out = {
    bench: 'stance',
    body: id,
    fixedPoint: c.fixedPoint,
    workers,
    maxLevel: streamer.maxLevel,
    detailFloorM: Number(streamer.detailFloor.toPrecision(4)),
    patchesDrawn: c.drawn,
    patchesGenerated: c.generated,
    drawnRatio: Number((c.drawn / Math.max(1, c.generated)).toFixed(3)),
    everDrawnRatio: Number((c.everDrawn / Math.max(1, c.generated)).toFixed(3)),
    cancelled: c.cancelled,
    cpuSeconds: Number((genMs / 1000).toFixed(3)),
    cpuClock: threadClock ? 'thread' : 'wall (no thread clock on this platform)',
    workerWallSeconds: Number((wallMs / 1000).toFixed(3)),
    wallSeconds: Number(wall.toFixed(3)),
    frames,
    selectionMs: Number((selSum / frames).toFixed(4)),
    selectionMsMax: Number(selMax.toFixed(3)),
    selectionMsSteady: Number((steady / 200).toFixed(4)),
    genMsP50: Number(c.genMsP50.toFixed(2)),
    genMsP95: Number(c.genMsP95.toFixed(2)),
    bytesPerPatch: Math.round(c.bytesResident / Math.max(1, c.resident)),
    residentMB: Number((c.bytesResident / 1048576).toFixed(2)),
    cpuSecondsByLevel: Array.from(byLevel, (v) => Number((v ?? 0).toFixed(2))),
    generatedByLevel: Array.from(countByLevel, (v) => v ?? 0),
  };
  console.log(
    `${id}: drawn ${out.patchesDrawn}, generated ${out.patchesGenerated} (drawn/generated ${out.drawnRatio}, ` +
      `ever drawn ${out.everDrawnRatio}), generation ${out.cpuSeconds} CPU-s (${out.cpuClock} clock; ` +
      `${out.workerWallSeconds} s of worker wall time), wall ${out.wallSeconds} s ` +
      `(${workers} workers), selection ${out.selectionMs} ms/frame (max ${out.selectionMsMax}, ` +
      `steady ${out.selectionMsSteady}), ` +
      `${out.bytesPerPatch} B/patch, resident ${out.residentMB} MB, fixed point ${out.fixedPoint}`,
  );
  return out;
}

for (const id of bodies) console.log(JSON.stringify(await stance(id)));
process.exit(0);
