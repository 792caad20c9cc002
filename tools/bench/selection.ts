// `npm run bench -- selection [body] [--cell-pixels N] [--max-level N] [--frames N]`: main-thread
// cost of the streamer's update (selection, 2:1 balance, draw set, scheduling) while walking at
// 1.2 m/s (2 cm per 60 Hz frame) 2 m above the ground, after streaming to the fixed point with
// Node worker_threads. Defaults give about 700 drawn patches (cell 4 px, depth 14). Last line JSON.
import { drawnElevationAt, getBody } from '@landfall/universe';
import { createStreamer, lookAtView } from '@landfall/streamer';
import { createNodePool, defaultNodeWorkers } from '@landfall/streamer/node';
import { benchArgs } from './benchKit';

const { flags, positionals } = benchArgs(process.argv.slice(2), {
  'cell-pixels': 4,
  'max-level': 14,
  frames: 2000,
});
const { 'cell-pixels': cellPixels, 'max-level': maxLevel, frames } = flags;
const id = positionals[0] ?? 'luna';

const body = getBody(id);
const lat = 0.2;
const lon = 0.6;
const dir = { x: Math.cos(lat) * Math.cos(lon), y: Math.cos(lat) * Math.sin(lon), z: Math.sin(lat) };
const r = body.radius + drawnElevationAt(body, dir) + 2;
const eye = [dir.x * r, dir.y * r, dir.z * r];
const fwd = [-Math.sin(lon), Math.cos(lon), 0];
const up = [dir.x, dir.y, dir.z];
const viewAt = (k: number) => {
  const e = eye.map((v, q) => v + fwd[q] * 0.02 * k);
  return lookAtView({
    eye: e,
    target: e.map((v, q) => v + fwd[q] * 100),
    up,
    fovY: Math.PI / 3,
    width: 1600,
    height: 900,
  });
};
const s = createStreamer({ body: id, pool: createNodePool(defaultNodeWorkers()), cellPixels, maxLevel });
while (!s.fixedPoint) {
  s.update(viewAt(0));
  await new Promise((res) => setTimeout(res, 2));
}
const views = Array.from({ length: frames }, (_, k) => viewAt(k));
let sum = 0;
let worst = 0;
const cpu0 = process.cpuUsage();
for (const v of views) {
  s.update(v);
  const ms = s.counters().selectionMs;
  sum += ms;
  worst = Math.max(worst, ms);
}
const cpu = process.cpuUsage(cpu0);
const c = s.counters();
s.dispose();
const out = {
  bench: 'selection',
  body: id,
  drawn: c.drawn,
  resident: c.resident,
  frames,
  selectionMs: Number((sum / frames).toFixed(4)),
  selectionMsMax: Number(worst.toFixed(3)),
  processCpuMsPerFrame: Number(((cpu.user + cpu.system) / 1000 / frames).toFixed(4)),
};
console.log(
  `${id}: ${out.drawn} drawn, update ${out.selectionMs} ms/frame mean, ${out.selectionMsMax} ms worst`,
);
console.log(JSON.stringify(out));
process.exit(0);
