// `npm run bench -- fieldAb [--base REV] [--pairs N] [--rounds N] [--field canonical|drawn] [body…]`:
// the canonical (or drawn) field of this working tree (B) against git revision REV (A, default
// HEAD). Both universes are bundled by esbuild; each is then timed in its own child process (two
// bundles in one process share call sites and skew each other by ±30 %), alternating A B, B A, …
// for N pairs so load from other processes falls on both alike. Per body: batch CPU ms of a
// 69 × 69 patch at a coarse (2), a middle (10) and the finest level (sample spacing ≤ 0.5 m), and
// the point API over the finest patch; each figure is the minimum over every round of every
// process. Prints B/A per figure and the geometric mean; the last line is JSON. Run it with the
// tree at REV (an A/A run) to see the noise floor.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { benchArgs, bundleUniverse, cpuMs, loadUniverseBundle, type U } from './benchKit';

const { flags, positionals } = benchArgs(process.argv.slice(2), {
  base: 'HEAD',
  pairs: 4,
  rounds: 3,
  field: 'canonical' as string,
  /** Child mode: time this bundle file and print the figures as JSON. */
  bundle: '' as string,
});
if (flags.field !== 'canonical' && flags.field !== 'drawn') {
  throw new RangeError(`--field ${flags.field}: canonical or drawn`);
}

type Figures = Record<string, Record<string, number>>;
const N = 69;
const COUNT = N * N;

/** Child: every figure of `ids` for the bundle `u`, minimum CPU ms over `rounds`. */
function measure(u: U, ids: string[]): Figures {
  const drawn = flags.field === 'drawn';
  const batch = drawn ? u.drawnBatch : u.elevationBatch;
  const point = drawn ? u.drawnElevationAtD : u.elevationAtD;
  const h = new Float64Array(COUNT);
  const g = new Float64Array(3 * COUNT);
  const s = u.elevationSample();
  const v = { x: 0, y: 0, z: 0 };
  const out: Figures = {};
  for (const id of ids) {
    const body = u.getBody(id);
    const finest = Math.ceil(Math.log2((body.radius * Math.PI) / 2 / (N - 5) / 0.5));
    out[id] = {};
    let dirs: Float64Array = new Float64Array(0);
    for (const [label, level] of [
      ['coarse', 2],
      ['middle', 10],
      ['finest', finest],
    ] as const) {
      const side = 2 ** level;
      dirs = u.patchDirections(level % 6, level, Math.floor(side * 0.37), Math.floor(side * 0.61), N, 2);
      const d = dirs;
      batch(body, d, COUNT, h, g);
      out[id][label] = cpuMs(flags.rounds, () => batch(body, d, COUNT, h, g));
    }
    const d = dirs;
    const walk = (): void => {
      for (let k = 0; k < COUNT; k++) {
        v.x = d[3 * k];
        v.y = d[3 * k + 1];
        v.z = d[3 * k + 2];
        point(body, v, s);
      }
    };
    walk();
    out[id].point = cpuMs(flags.rounds, walk);
  }
  return out;
}

if (flags.bundle) {
  const u = await loadUniverseBundle(flags.bundle);
  console.log(JSON.stringify(measure(u, positionals.length > 0 ? positionals : u.BODIES.map((b) => b.id))));
} else {
  const root = resolve(import.meta.dirname, '..', '..');
  const dir = mkdtempSync(join(tmpdir(), 'landfall-field-ab-'));
  execFileSync(
    'sh',
    ['-c', `git archive ${JSON.stringify(flags.base)} packages/universe | tar -x -C ${dir}`],
    {
      cwd: root,
    },
  );
  const files = {
    A: await bundleUniverse(join(dir, 'packages/universe/src/index.ts')),
    B: await bundleUniverse(),
  };
  const best: Record<'A' | 'B', Figures> = { A: {}, B: {} };
  const child = (which: 'A' | 'B'): void => {
    const args = ['--import', 'tsx', import.meta.filename, '--bundle', files[which]];
    args.push('--rounds', String(flags.rounds), '--field', flags.field, ...positionals);
    const lines = execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8' }).trim().split('\n');
    const figures = JSON.parse(lines[lines.length - 1]) as Figures;
    for (const [id, byLabel] of Object.entries(figures)) {
      best[which][id] ??= {};
      for (const [label, ms] of Object.entries(byLabel)) {
        best[which][id][label] = Math.min(best[which][id][label] ?? Infinity, ms);
      }
    }
  };
  for (let p = 0; p < flags.pairs; p++) {
    for (const which of p % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const)) child(which);
  }
  console.log(
    `${flags.field} field A/B: A = ${flags.base}, B = working tree; CPU ms, min over ${flags.pairs} processes each × ${flags.rounds} rounds`,
  );
  const ratios: Figures = {};
  let logSum = 0;
  let n = 0;
  for (const id of Object.keys(best.A)) {
    ratios[id] = {};
    const line: string[] = [];
    for (const label of Object.keys(best.A[id])) {
      const a = best.A[id][label];
      const b = best.B[id][label];
      ratios[id][label] = +(b / a).toFixed(3);
      logSum += Math.log(b / a);
      n++;
      line.push(`${label} ${a.toFixed(1)}→${b.toFixed(1)} ms (${(b / a).toFixed(3)})`);
    }
    console.log(`${id.padEnd(10)} ${line.join('  ')}`);
  }
  const geomean = Math.exp(logSum / n);
  console.log(`geometric mean B/A over ${n} figures: ${geomean.toFixed(3)}`);
  console.log(
    JSON.stringify({
      bench: 'fieldAb',
      field: flags.field,
      base: flags.base,
      pairs: flags.pairs,
      rounds: flags.rounds,
      geomeanBOverA: +geomean.toFixed(4),
      ratios,
    }),
  );
}
