// The workspace packages' public API (ADR-0017, HOUSE_STYLE §3): each entry's exports with their
// kinds and shapes (types included) are snapshotted in tools/architecture/api/, so an accidental
// export or a changed exported type is a visible diff; and every export of a package's main entry
// is used from outside the package (another package, an app, a tool or a test outside it), so the
// API holds what others need and nothing only the package itself uses. Companion cases prove the
// usage scan can fail.
import { relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type ts from 'typescript';
import { apiSurface } from './apiSurface';
import {
  entryExports,
  repoProgram,
  repoTypeScriptFiles,
  ROOT,
  unusedExports,
  workspacePackages,
  type PackageEntries,
} from './apiUsage';

const packages: PackageEntries[] = workspacePackages();
/** The type checker binds lazily: the first case that asks it pays for the whole repository. */
const SLOW = 240000;
let program: ts.Program;

beforeAll(() => {
  program = repoProgram(repoTypeScriptFiles());
}, SLOW);

/** The snapshot file of one entry: `api/<package folder>[.<subpath>].api.txt`. */
function snapshotFile(p: PackageEntries, sub: string): string {
  const folder = relative(ROOT, p.dir).split(/[\\/]/).pop() as string;
  return `./api/${folder}${sub === '.' ? '' : `.${sub.slice(2)}`}.api.txt`;
}

describe('public API', () => {
  it(
    'finds the packages, their entries and the repository’s files',
    () => {
      expect(packages.map((p) => p.name).sort()).toEqual(
        expect.arrayContaining(['@landfall/render', '@landfall/streamer', '@landfall/universe']),
      );
      expect(program.getRootFileNames().length).toBeGreaterThan(200);
      for (const p of packages) expect(entryExports(program, p.entries['.']).size).toBeGreaterThan(3);
    },
    SLOW,
  );

  it(
    'matches the snapshot of every entry, types included',
    async () => {
      for (const p of packages) {
        for (const [sub, entry] of Object.entries(p.entries)) {
          await expect(apiSurface(program, entry)).toMatchFileSnapshot(snapshotFile(p, sub));
        }
      }
    },
    SLOW,
  );

  it(
    'exports from each main entry only what is used outside the package',
    () => {
      const unused = unusedExports(program, packages);
      for (const p of packages) {
        const main = (unused.get(p.name) ?? []).filter((n) => !n.includes(':'));
        expect({ package: p.name, unused: main }).toEqual({ package: p.name, unused: [] });
      }
    },
    SLOW,
  );

  it(
    'fails when nothing outside uses an export (a program of the entries alone)',
    () => {
      const alone = repoProgram(packages.flatMap((p) => Object.values(p.entries)));
      const unused = unusedExports(alone, packages);
      const universe = unused.get('@landfall/universe') ?? [];
      expect(universe).toContain('getBody');
      expect(universe.length).toBe(
        entryExports(alone, packages.find((p) => p.name === '@landfall/universe')!.entries['.']).size,
      );
    },
    SLOW,
  );
});
