// `npm run bench -- gpuPack [--rounds 5]`: the GPU producer's CPU side (ADR-0020 items 21–22) —
// `packBatch`, what its pack worker runs before the dispatches — beside the CPU producer's whole
// patch (`generateHeightfield`, one pool worker's job), in one process and one run:
//   per batch of GPU_BATCH_PATCHES patches of one body and level: the patches' directions, the domain
//   split (once per stage set), the band, ladder, micro-crater, grit and arc packing for the own 65²
//   vertices and the parents' 33² (twice the filter), the cover records; `packMsPerPatch` per patch,
//   `cpuPatchMs` one generateHeightfield, and `packShare` = packMsPerPatch / cpuPatchMs.
// One pack worker packs one batch at a time, so this caps the GPU producer at 1000/packMsPerPatch
// patches/s whatever the GPU does; `poolTimes50` is that cap over 50 × an eight-worker pool's rate
// (8 × 1000/cpuPatchMs): below 1, the issue's ≥ 50× goal cannot be met until several batches are
// packed at once or the packing moves onto the GPU. CPU time (process.cpuUsage), minimum over rounds; everything is
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

const B = m.GPU_BATCH_PATCHES;

/** Body, face, level and the first node of a 4 × 4 block of neighbours (the stance's and the heavy cases). */
const CASES: readonly [string, number, number, number, number][] = [
  ['luna', 2, 14, 100, 100],
  ['luna', 2, 18, 1000, 1000],
  ['mars', 2, 12, 100, 100],
  ['mercury', 2, 8, 100, 100],
];

console.log(`gpuPack bench: CPU ms, min of ${ROUNDS} rounds, batches of ${B} patches`);
const rows: Record<string, unknown>[] = [];
// One untimed pass over every case first, so the first case is not timed cold (the JIT).
for (const pass of ['warm-up', 'timed'] as const)
  for (const [id, face, level, x0, y0] of CASES) {
    const body = m.getBody(id);
    const filterM = m.levelFilterM(body.radius, level);
    const nodes = Array.from({ length: B }, (_, i) => ({ x: x0 + (i % 4), y: y0 + Math.floor(i / 4) }));
    // The producer's own packing (packBatch, what the pack worker runs): directions, both stage
    // sets, the cover records.
    const requests = nodes.map((n) => ({ body: id, face, level, x: n.x, y: n.y, filterM }));
    const packMs = cpuMs(ROUNDS, () => m.packBatch(requests));
    const cpuPatchMs = cpuMs(ROUNDS, () => {
      m.generateHeightfield({ body: id, face, level, x: nodes[0].x, y: nodes[0].y, filterM });
    });
    if (pass === 'warm-up') continue;
    const packMsPerPatch = packMs / B;
    const row = {
      body: id,
      level,
      packMs: +packMs.toFixed(2),
      packMsPerPatch: +packMsPerPatch.toFixed(3),
      cpuPatchMs: +cpuPatchMs.toFixed(2),
      packShare: +(packMsPerPatch / cpuPatchMs).toFixed(3),
      poolTimes50: +(1000 / packMsPerPatch / (50 * 8 * (1000 / cpuPatchMs))).toFixed(3),
    };
    rows.push(row);
    console.log(
      `${id.padEnd(8)} L${String(level).padStart(2)}  packBatch ${row.packMs} ms per batch → ` +
        `${row.packMsPerPatch} ms/patch; generateHeightfield ${row.cpuPatchMs} ms/patch; share ${row.packShare}; ` +
        `cap / (50 × pool of 8) ${row.poolTimes50}`,
    );
  }
console.log(JSON.stringify({ bench: 'gpuPack', rounds: ROUNDS, batch: B, rows }));
