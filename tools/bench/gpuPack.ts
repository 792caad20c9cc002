// `npm run bench -- gpuPack [--rounds 5]`: the GPU producer's CPU side (ADR-0020) — what
// GpuPatchProducer does on the page's main thread before its dispatches — beside the CPU producer's
// whole patch (`generateHeightfield`, one pool worker's job), in one process and one run:
//   per batch of GPU_BATCH_PATCHES patches of one body and level: the patches' directions, the domain
//   split (formed once per stage set and shared by every stage), the band, ladder, micro-crater, grit
//   and arc packing, for the patches' own 65² vertices and their parents' 33² (twice the filter);
//   `packMsPerPatch` their sum per patch, `cpuPatchMs` one generateHeightfield, and
//   `packShare` = packMsPerPatch / cpuPatchMs.
// The packing runs on one thread, so it caps the GPU producer at 1000/packMsPerPatch patches/s
// whatever the GPU does; `poolTimes50` is that cap over 50 × an eight-worker pool's rate
// (8 × 1000/cpuPatchMs): below 1, the issue's ≥ 50× goal cannot be met until the packing leaves the
// main thread or moves onto the GPU. CPU time (process.cpuUsage), minimum over rounds; everything is
// bundled by esbuild first, as the apps' bundler builds it. The last line is one JSON object.
import { build } from 'esbuild';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchArgs, cpuMs } from './benchKit';
import type * as PackEntry from './gpuPackEntry';

const { flags } = benchArgs(process.argv.slice(2), { rounds: 5 });
const ROUNDS = flags.rounds;
if (!(Number.isInteger(ROUNDS) && ROUNDS >= 1)) throw new RangeError('--rounds takes an integer ≥ 1');

const out = await build({
  entryPoints: [join(import.meta.dirname, 'gpuPackEntry.ts')],
  bundle: true,
  format: 'esm',
  platform: 'node',
  write: false,
  logLevel: 'error',
});
const file = join(mkdtempSync(join(tmpdir(), 'landfall-bench-')), 'pack.mjs');
writeFileSync(file, out.outputFiles[0].text);
const m = (await import(pathToFileURL(file).href)) as typeof PackEntry;

const G = m.PATCH_GRID;
const N = G * G;
const H = (G + 1) / 2;
const B = m.GPU_BATCH_PATCHES;

/** Body, face, level and the first node of a 4 × 4 block of neighbours (the stance's and the heavy cases). */
const CASES: readonly [string, number, number, number, number][] = [
  ['luna', 2, 14, 100, 100],
  ['luna', 2, 18, 1000, 1000],
  ['mars', 2, 12, 100, 100],
  ['mercury', 2, 8, 100, 100],
];

type PackPatch = { body: ReturnType<typeof m.getBody>; dirs: Float64Array; filterM: number };

function even(dirs: Float64Array): Float64Array {
  const e = new Float64Array(3 * H * H);
  for (let j = 0; j < H; j++)
    for (let i = 0; i < H; i++)
      for (let q = 0; q < 3; q++) e[3 * (j * H + i) + q] = dirs[3 * (2 * j * G + 2 * i) + q];
  return e;
}

/** One stage set's packing as drawnField does it (the domain split once, shared). */
function packSet(patches: PackPatch[], samplesPerPatch: number): void {
  const words = m.positionWords(patches, samplesPerPatch);
  m.bandsBatch(patches, samplesPerPatch, words);
  m.ladderBatch(patches, samplesPerPatch, words);
  m.microBatch(patches, samplesPerPatch, words);
  m.gritBatch(patches, samplesPerPatch, words);
  m.arcBatch(patches.map((p) => ({ body: p.body, dirs: p.dirs, filterChord: 0 })));
}

console.log(`gpuPack bench: CPU ms, min of ${ROUNDS} rounds, batches of ${B} patches`);
const rows: Record<string, unknown>[] = [];
// One untimed pass over every case first, so the first case is not timed cold (the JIT).
for (const pass of ['warm-up', 'timed'] as const)
  for (const [id, face, level, x0, y0] of CASES) {
    const body = m.getBody(id);
    const filterM = m.levelFilterM(body.radius, level);
    const nodes = Array.from({ length: B }, (_, i) => ({ x: x0 + (i % 4), y: y0 + Math.floor(i / 4) }));
    let own: PackPatch[] = [];
    const dirsMs = cpuMs(ROUNDS, () => {
      own = nodes.map((n) => ({
        body,
        dirs: m.patchDirections(face, level, n.x, n.y, G, 0, new Float64Array(3 * N)),
        filterM,
      }));
    });
    const parents = own.map((p) => ({ body, dirs: even(p.dirs), filterM: 2 * filterM }));
    const ownMs = cpuMs(ROUNDS, () => packSet(own, N));
    const parentMs = cpuMs(ROUNDS, () => packSet(parents, H * H));
    const cpuPatchMs = cpuMs(ROUNDS, () => {
      m.generateHeightfield({ body: id, face, level, x: nodes[0].x, y: nodes[0].y, filterM });
    });
    if (pass === 'warm-up') continue;
    const packMsPerPatch = (dirsMs + ownMs + parentMs) / B;
    const row = {
      body: id,
      level,
      dirsMs: +dirsMs.toFixed(2),
      ownMs: +ownMs.toFixed(2),
      parentMs: +parentMs.toFixed(2),
      packMsPerPatch: +packMsPerPatch.toFixed(3),
      cpuPatchMs: +cpuPatchMs.toFixed(2),
      packShare: +(packMsPerPatch / cpuPatchMs).toFixed(3),
      poolTimes50: +(1000 / packMsPerPatch / (50 * 8 * (1000 / cpuPatchMs))).toFixed(3),
    };
    rows.push(row);
    console.log(
      `${id.padEnd(8)} L${String(level).padStart(2)}  directions ${row.dirsMs} ms, own ${row.ownMs} ms, parents ${row.parentMs} ms per batch → ` +
        `${row.packMsPerPatch} ms/patch; generateHeightfield ${row.cpuPatchMs} ms/patch; share ${row.packShare}; ` +
        `cap / (50 × pool of 8) ${row.poolTimes50}`,
    );
  }
console.log(JSON.stringify({ bench: 'gpuPack', rounds: ROUNDS, batch: B, rows }));
