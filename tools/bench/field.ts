// `npm run bench -- field`: cost of the canonical field (or the drawn field once the tail is real).
// Bundles packages/universe with esbuild first (as the app's bundler does; tsx's module interop
// adds getter calls to every imported binding), then per body measures:
//   point API µs per sample, over the samples of the finest patch;
//   batch ms per 69 × 69 patch (65 × 65 plus a 2-sample border, 4,761 samples) at a coarse
//   (level 2), a middle (level 10) and the finest level (sample spacing ≤ 0.5 m);
//   pointOverBatch = point-API time / batch time for the same finest patch.
// CPU milliseconds, minimum over rounds (the machine is shared); the last line is one JSON object.
import { cpuMs, loadUniverseBundle, type U } from './benchKit';

const N = 69;
const COUNT = N * N;
const ROUNDS = 5;

const u: U = await loadUniverseBundle();

const patch = (face: number, level: number, i: number, j: number): Float64Array =>
  u.patchDirections(face, level, i, j, N, 2);

const time = (f: () => void): number => cpuMs(ROUNDS, f);

const tailReal = u.BODIES.some((b) => u.drawnDivergence(b) > 0);
const batch = tailReal ? u.drawnBatch : u.elevationBatch;
const pointD = tailReal ? u.drawnElevationAtD : u.elevationAtD;
const field = tailReal ? 'drawn (canonical + tail)' : 'canonical (the tail is still a placeholder)';
console.log(`field bench: ${field}; ${COUNT} samples per patch, CPU time, min of ${ROUNDS} rounds`);

const h = new Float64Array(COUNT);
const g = new Float64Array(3 * COUNT);
const s = u.elevationSample();
const bodies: Record<
  string,
  {
    pointUsPerSample: number;
    patchMs: number;
    coarseMs: number;
    middleMs: number;
    finestLevel: number;
    coarseFilteredMs: number;
    middleFilteredMs: number;
    patchFilteredMs: number;
  }
> = {};
let sumFinest = 0;
let sumRatio = 0;
for (const body of u.BODIES) {
  const finest = Math.ceil(Math.log2((body.radius * Math.PI) / 2 / (N - 5) / 0.5));
  const ms: number[] = [];
  // The same patches under their level's filter (ADR-0006; streamer patch/levelFilter.ts).
  const filtered: number[] = [];
  let dirs: Float64Array = new Float64Array(0);
  for (const level of [2, 10, finest]) {
    const side = 2 ** level;
    dirs = patch(level % 6, level, Math.floor(side * 0.37), Math.floor(side * 0.61));
    batch(body, dirs, COUNT, h, g);
    ms.push(time(() => batch(body, dirs, COUNT, h, g)));
    const filterM = (body.radius * (Math.PI / 2 / 64)) / 2 ** level;
    filtered.push(time(() => u.drawnBatch(body, dirs, COUNT, h, g, filterM)));
  }
  const v = { x: 0, y: 0, z: 0 };
  const pointMs = time(() => {
    for (let k = 0; k < COUNT; k++) {
      v.x = dirs[3 * k];
      v.y = dirs[3 * k + 1];
      v.z = dirs[3 * k + 2];
      pointD(body, v, s);
    }
  });
  const r = pointMs / ms[2];
  bodies[body.id] = {
    pointUsPerSample: +((pointMs * 1000) / COUNT).toFixed(3),
    patchMs: +ms[2].toFixed(3),
    coarseMs: +ms[0].toFixed(3),
    middleMs: +ms[1].toFixed(3),
    finestLevel: finest,
    coarseFilteredMs: +filtered[0].toFixed(3),
    middleFilteredMs: +filtered[1].toFixed(3),
    patchFilteredMs: +filtered[2].toFixed(3),
  };
  sumFinest += ms[2];
  sumRatio += r;
  console.log(
    `${body.id.padEnd(10)} point ${((pointMs * 1000) / COUNT).toFixed(2).padStart(7)} µs/sample | patch L2 ${ms[0].toFixed(1).padStart(7)} ms  L10 ${ms[1].toFixed(1).padStart(6)} ms  L${finest} ${ms[2].toFixed(2).padStart(6)} ms | point/batch ${r.toFixed(1)} | filtered L2 ${filtered[0].toFixed(1)} ms  L10 ${filtered[1].toFixed(1)} ms  L${finest} ${filtered[2].toFixed(2)} ms`,
  );
}
const n = u.BODIES.length;
console.log(
  JSON.stringify({
    bench: 'field',
    field: tailReal ? 'drawn' : 'canonical',
    zooMeanPatchMs: +(sumFinest / n).toFixed(3),
    pointOverBatch: +(sumRatio / n).toFixed(2),
    bodies,
  }),
);
