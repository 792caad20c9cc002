// `npm run bench -- fieldAb [--base REV] [--rounds N] [--field canonical|drawn] [body…]`: the
// canonical (or drawn) field of this working tree (B) against git revision REV (A, default HEAD),
// both bundled by esbuild and timed in one process, alternating A B B A within every round so load
// from other processes falls on both alike. Per body: batch CPU ms of a 69 × 69 patch at levels 2, 10 and the finest
// (sample spacing ≤ 0.5 m), and the point API over the finest patch; each figure is the minimum
// over rounds. Prints B/A per figure and the geometric mean over all; the last line is JSON.
// An A/A run (no changes in the tree) shows the noise floor.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { benchArgs, loadUniverseBundle, patchDirections, type U } from './benchKit';

const { flags, positionals: names } = benchArgs(process.argv.slice(2), {
  base: 'HEAD',
  rounds: 7,
  field: 'canonical' as string,
});
const base = flags.base;
if (flags.field !== 'canonical' && flags.field !== 'drawn')
  throw new RangeError(`--field ${flags.field}: canonical or drawn`);
const drawn = flags.field === 'drawn';
const root = resolve(import.meta.dirname, '..', '..');

const dir = mkdtempSync(join(tmpdir(), 'landfall-field-ab-'));
execFileSync(
  'sh',
  ['-c', `git archive ${JSON.stringify(base)} packages/universe | tar -x -C ${JSON.stringify(dir)}`],
  {
    cwd: root,
  },
);
const a: U = await loadUniverseBundle(join(dir, 'packages/universe/src/index.ts'));
const b: U = await loadUniverseBundle();

const N = 69;
const COUNT = N * N;
const h = new Float64Array(COUNT);
const g = new Float64Array(3 * COUNT);

function cpu(f: () => void): number {
  const c = process.cpuUsage();
  f();
  const d = process.cpuUsage(c);
  return (d.user + d.system) / 1000;
}

type Case = { label: string; run: (u: U) => void };
function cases(id: string): Case[] {
  const body = a.getBody(id);
  const bodyB = b.getBody(id);
  const pick = (u: U) => (u === a ? body : bodyB);
  const finest = Math.ceil(Math.log2((body.radius * Math.PI) / 2 / (N - 5) / 0.5));
  const out: Case[] = [];
  let dirs: Float64Array = new Float64Array(0);
  for (const level of [2, 10, finest]) {
    const side = 2 ** level;
    const d = patchDirections(a, N, level % 6, level, Math.floor(side * 0.37), Math.floor(side * 0.61));
    dirs = d;
    out.push({
      label: `L${level}`,
      run: (u) => (drawn ? u.drawnBatch : u.elevationBatch)(pick(u), d, COUNT, h, g),
    });
  }
  const finestDirs = dirs;
  const v = { x: 0, y: 0, z: 0 };
  const s = a.elevationSample();
  out.push({
    label: 'point',
    run: (u) => {
      for (let k = 0; k < COUNT; k++) {
        v.x = finestDirs[3 * k];
        v.y = finestDirs[3 * k + 1];
        v.z = finestDirs[3 * k + 2];
        (drawn ? u.drawnElevationAtD : u.elevationAtD)(pick(u), v, s);
      }
    },
  });
  return out;
}

const ids = names.length > 0 ? names : a.BODIES.map((x) => x.id);
const ratios: Record<string, Record<string, number>> = {};
let logSum = 0;
let n = 0;
console.log(
  `${flags.field} field A/B: A = ${base}, B = working tree; CPU ms, min of ${flags.rounds} rounds (A B B A)`,
);
for (const id of ids) {
  ratios[id] = {};
  const line: string[] = [];
  for (const c of cases(id)) {
    c.run(a);
    c.run(b);
    let ta = Infinity;
    let tb = Infinity;
    for (let r = 0; r < flags.rounds; r++) {
      ta = Math.min(
        ta,
        cpu(() => c.run(a)),
      );
      tb = Math.min(
        tb,
        cpu(() => c.run(b)),
      );
      tb = Math.min(
        tb,
        cpu(() => c.run(b)),
      );
      ta = Math.min(
        ta,
        cpu(() => c.run(a)),
      );
    }
    const r = tb / ta;
    ratios[id][c.label] = +r.toFixed(3);
    logSum += Math.log(r);
    n++;
    line.push(`${c.label} ${ta.toFixed(1)}→${tb.toFixed(1)} ms (${r.toFixed(3)})`);
  }
  console.log(`${id.padEnd(10)} ${line.join('  ')}`);
}
const geomean = Math.exp(logSum / n);
console.log(`geometric mean B/A over ${n} figures: ${geomean.toFixed(3)}`);
console.log(
  JSON.stringify({
    bench: 'fieldAb',
    field: flags.field,
    base,
    rounds: flags.rounds,
    geomeanBOverA: +geomean.toFixed(4),
    ratios,
  }),
);
