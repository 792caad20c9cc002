/**
 * Shared pieces of the universe benchmarks: the esbuild-bundled universe (as the apps' bundler
 * builds it; tsx's module interop adds getter calls to every imported binding), and CPU timing (the minimum over rounds of this single-threaded
 * process's CPU time: on a shared machine wall time mostly measures waiting).
 */
import { build } from 'esbuild';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type * as Universe from '@landfall/universe';

export type U = typeof Universe;

/** The universe entry of this working tree. */
const universeEntry = join(import.meta.dirname, '../../packages/universe/src/index.ts');

/** Bundles the universe entry `entry` (e.g. another revision's) into one ES module file; returns its path. */
export async function bundleUniverse(entry = universeEntry): Promise<string> {
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    write: false,
    logLevel: 'error',
  });
  const file = join(mkdtempSync(join(tmpdir(), 'landfall-bench-')), 'universe.mjs');
  writeFileSync(file, out.outputFiles[0].text);
  return file;
}

/** Imports a universe bundle file (default: this tree's, bundled now). */
export async function loadUniverseBundle(file?: string): Promise<U> {
  return (await import(pathToFileURL(file ?? (await bundleUniverse())).href)) as U;
}

/** Minimum CPU milliseconds of `f` over `rounds` runs. */
export function cpuMs(rounds: number, f: () => void): number {
  let best = Infinity;
  for (let r = 0; r < rounds; r++) {
    const c = process.cpuUsage();
    f();
    const d = process.cpuUsage(c);
    best = Math.min(best, (d.user + d.system) / 1000);
  }
  return best;
}

/**
 * A bench's command line by `node:util` `parseArgs`: `--name <value>` (or `--name=<value>`) for
 * each key of `defaults`, the rest positionals. A flag whose default is a number takes a finite
 * number; one whose default is a string takes any text. An unknown flag, a missing value or a
 * value that is not a finite number where one is due throws an error naming it.
 */
export function benchArgs<D extends Record<string, number | string>>(
  argv: readonly string[],
  defaults: Readonly<D>,
): { flags: D; positionals: string[] } {
  const names = Object.keys(defaults);
  const options = Object.fromEntries(names.map((k) => [k, { type: 'string' as const }]));
  const { values, positionals } = parseArgs({
    args: [...argv],
    options,
    allowPositionals: true,
    strict: true,
  });
  const flags: Record<string, number | string> = { ...defaults };
  for (const k of names) {
    const raw = values[k];
    if (raw === undefined) continue;
    if (typeof defaults[k] === 'string') {
      flags[k] = raw;
      continue;
    }
    const v = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(v))
      throw new RangeError(`--${k} ${JSON.stringify(raw)} is not a number`);
    flags[k] = v;
  }
  return { flags: flags as D, positionals };
}
