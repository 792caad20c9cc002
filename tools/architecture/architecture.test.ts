// Architecture test: scans every import in every TypeScript file of every project (packages/*,
// apps/* — src, e2e specs, config files — and tools) and checks it against the nx tags' dependency
// constraints (universe ← streamer ← render ← apps; three only in render/apps; universe imports
// nothing but itself; the test kit only outside an app's src/, ADR-0017). Companion cases plant
// violations to prove it can fail.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { checkEdge, projectOf, projectsByName, repoRoot } from './rules.js';

interface Project {
  name: string;
  dir: string;
  tags: string[];
}

/** Folders no project's own code lives in: installs, build output, deliberately broken fixtures. */
const SKIP = new Set(['node_modules', 'dist', 'fixtures']);

function tsFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|mts)$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => join(e.parentPath, e.name))
    .filter(
      (p) =>
        !p
          .slice(dir.length)
          .split(/[\\/]/)
          .some((part) => SKIP.has(part)),
    );
}

/** Every module specifier of a source text (imports, export-from, dynamic imports), by TypeScript's own scanner. */
export function importsOf(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

const projects: Project[] = ['packages', 'apps'].flatMap((g) =>
  readdirSync(join(repoRoot, g)).map((n) => projectOf(join(repoRoot, g, n, 'package.json')) as Project),
);
const tools = projectOf(join(repoRoot, 'tools', 'package.json')) as Project;
const byName = projectsByName([...projects, tools]);

describe('architecture', () => {
  const files = [...projects, tools].flatMap((p) => tsFiles(p.dir).map((f) => ({ p, f })));
  const at = (dir: string, ...rest: string[]) => files.filter((x) => x.f.startsWith(join(dir, ...rest)));

  it('finds the source files of every project', () => {
    expect(projects.map((p) => p.name).sort()).toEqual([
      '@landfall/app-shell',
      '@landfall/game',
      '@landfall/observatory',
      '@landfall/render',
      '@landfall/streamer',
      '@landfall/testkit',
      '@landfall/universe',
    ]);
    for (const p of projects) expect(at(p.dir, 'src').length, p.name).toBeGreaterThan(0);
    for (const app of ['game', 'observatory']) {
      const dir = join(repoRoot, 'apps', app);
      expect(at(dir, 'e2e').length, `${app} e2e`).toBeGreaterThan(0);
      expect(at(dir, 'vite.config.ts').length, `${app} vite.config.ts`).toBe(1);
    }
    expect(at(tools.dir, 'e2e').length, 'tools e2e').toBeGreaterThan(0);
  });

  it('every import respects the dependency order', () => {
    let edges = 0;
    const violations: string[] = [];
    for (const { p, f } of files) {
      for (const spec of importsOf(readFileSync(f, 'utf8'))) {
        edges++;
        const msg = checkEdge(p, spec, f, byName);
        if (msg) violations.push(`${f.slice(repoRoot.length + 1)}: ${msg}`);
      }
    }
    expect(edges).toBeGreaterThan(0);
    expect(violations).toEqual([]);
  });

  describe('fails on planted violations', () => {
    const get = (n: string) => byName.get(n) as Project;
    const at = (n: string, where = join('src', 'planted.ts')) => join(get(n).dir, where);
    it.each([
      ['@landfall/universe', 'three', /may not import external 'three'/],
      ['@landfall/universe', 'node:fs', /may not import external/],
      ['@landfall/universe', '@landfall/streamer', /may not depend on @landfall\/streamer/],
      ['@landfall/streamer', 'three/webgpu', /may not import external 'three\/webgpu'/],
      ['@landfall/streamer', '@landfall/render', /may not depend on @landfall\/render/],
      ['@landfall/streamer', '../../render/src/index', /may not depend on @landfall\/render/],
      ['@landfall/render', '@landfall/game', /may not depend on @landfall\/game/],
      ['@landfall/game', '@landfall/observatory', /may not depend on @landfall\/observatory/],
      ['@landfall/game', '@landfall/testkit', /may not depend on @landfall\/testkit .* from src\//],
      [
        '@landfall/observatory',
        '@landfall/testkit/vite',
        /may not depend on @landfall\/testkit .* from src\//,
      ],
      ['@landfall/game', '../../../packages/testkit/src/e2e/helpers', /may not depend on @landfall\/testkit/],
      ['@landfall/testkit', '@landfall/render', /may not depend on @landfall\/render/],
      ['@landfall/testkit', 'three', /may not import external 'three'/],
      ['@landfall/render', '@landfall/testkit', /may not depend on @landfall\/testkit/],
      ['@landfall/app-shell', '@landfall/render', /may not depend on @landfall\/render/],
      ['@landfall/app-shell', 'three', /may not import external 'three'/],
      ['@landfall/app-shell', '@landfall/testkit', /may not depend on @landfall\/testkit/],
      ['@landfall/render', '@landfall/app-shell', /may not depend on @landfall\/app-shell/],
    ])('%s src importing %s', (from, spec, re) => {
      expect(checkEdge(get(from), spec, at(from), byName)).toMatch(re);
    });

    it('outside src/, an app may use the test kit and nothing more', () => {
      for (const where of [join('e2e', 'planted.spec.ts'), 'vite.config.ts']) {
        expect(
          checkEdge(get('@landfall/game'), '@landfall/testkit', at('@landfall/game', where), byName),
        ).toBeNull();
        expect(
          checkEdge(
            get('@landfall/observatory'),
            '@landfall/testkit/vite',
            at('@landfall/observatory', where),
            byName,
          ),
        ).toBeNull();
        expect(
          checkEdge(get('@landfall/game'), '@landfall/observatory', at('@landfall/game', where), byName),
        ).toMatch(/may not depend on @landfall\/observatory/);
      }
    });

    it('allowed edges pass', () => {
      expect(checkEdge(get('@landfall/render'), 'three/webgpu', at('@landfall/render'), byName)).toBeNull();
      expect(
        checkEdge(get('@landfall/streamer'), '@landfall/universe', at('@landfall/streamer'), byName),
      ).toBeNull();
      expect(
        checkEdge(get('@landfall/universe'), './math/hash', at('@landfall/universe'), byName),
      ).toBeNull();
      expect(
        checkEdge(get('@landfall/game'), '@landfall/app-shell', at('@landfall/game'), byName),
      ).toBeNull();
      expect(
        checkEdge(
          get('@landfall/observatory'),
          '../../packages/app-shell/src/vite/shellPage.ts',
          at('@landfall/observatory', 'vite.config.ts'),
          byName,
        ),
      ).toBeNull();
    });

    it('the import scanner sees every import form, and nothing in comments or strings', () => {
      const text = [
        "import a from 'x';",
        'import type { B } from "y";',
        "export * from './z';",
        "const m = import('w');",
        "import 'side';",
        "// import 'no'",
        "export { q } from 'q';",
        "import {\n  r,\n} from 'r';",
        "const s = `import 'fake'`;",
        "/* import 'gone' */",
        "import u = require('u');",
      ].join('\n');
      expect(importsOf(text)).toEqual(['x', 'y', './z', 'w', 'side', 'q', 'r', 'u']);
    });
  });
});
