/**
 * Which exports of each workspace package's entries are used from outside the package (ADR-0017):
 * one TypeScript program over every TypeScript file of the repository, each identifier outside a
 * package resolved through the type checker (so named imports, `import * as`, `typeof` of a
 * namespace and re-exports all count) and matched against the symbols the package's entries
 * export. Used by the public API test and by `npx tsx tools/architecture/apiUsage.ts`, which prints
 * the unused exports per package.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** The repository root. */
export const ROOT = resolve(import.meta.dirname, '..', '..');

/** Every TypeScript file of the repository (no node_modules, dist, declaration files). */
export function repoTypeScriptFiles(root = ROOT): string[] {
  const out: string[] = [];
  for (const top of ['packages', 'apps', 'tools']) {
    for (const f of readdirSync(join(root, top), { recursive: true, encoding: 'utf8' })) {
      const parts = f.split(sep);
      if (parts.includes('node_modules') || parts.includes('dist') || parts.includes('fixtures')) continue;
      if (/\.tsx?$/.test(f) && !f.endsWith('.d.ts')) out.push(join(root, top, f));
    }
  }
  out.push(join(root, 'playwright.config.ts'));
  return out;
}

/** A workspace package: its folder and its entry files by subpath. */
export interface PackageEntries {
  name: string;
  dir: string;
  entries: Record<string, string>;
}

/** The workspace packages under packages/ with their `exports` entries. */
export function workspacePackages(root = ROOT): PackageEntries[] {
  return readdirSync(join(root, 'packages')).map((d) => {
    const dir = join(root, 'packages', d);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      name: string;
      exports: Record<string, string>;
    };
    const entries: Record<string, string> = {};
    // TypeScript entries only (a style sheet entry such as `./shell.css` has no exports to check).
    for (const [sub, file] of Object.entries(pkg.exports) as [string, string][])
      if (/\.tsx?$/.test(file)) entries[sub] = resolve(dir, file);
    return { name: pkg.name, dir, entries };
  });
}

/** One program over `files` with the base compiler options (DOM and Node types, for every project). */
export function repoProgram(files: string[], root = ROOT): ts.Program {
  const base = ts.readConfigFile(join(root, 'tsconfig.base.json'), ts.sys.readFile).config as object;
  const parsed = ts.parseJsonConfigFileContent(base, ts.sys, root);
  const options: ts.CompilerOptions = {
    ...parsed.options,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: ['node'],
    noEmit: true,
  };
  return ts.createProgram(files, options);
}

/** An entry's exports by name, each with the symbol it stands for (aliases resolved). */
export function entryExports(program: ts.Program, entry: string): Map<string, ts.Symbol> {
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  if (!source) throw new Error(`entry ${entry} is not in the program`);
  const moduleSymbol = checker.getSymbolAtLocation(source);
  const out = new Map<string, ts.Symbol>();
  if (!moduleSymbol) return out;
  for (const s of checker.getExportsOfModule(moduleSymbol)) {
    out.set(s.getName(), s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s);
  }
  return out;
}

/** Per package, per entry, the export names used from a file outside the package. */
export function usedExports(program: ts.Program, packages: PackageEntries[]): Map<string, Set<string>> {
  const checker = program.getTypeChecker();
  /** Resolved symbol → [package name, export name][] */
  const owners = new Map<ts.Symbol, [string, string][]>();
  const used = new Map<string, Set<string>>();
  for (const p of packages) {
    used.set(p.name, new Set());
    for (const [sub, entry] of Object.entries(p.entries)) {
      for (const [name, s] of entryExports(program, entry)) {
        const key = sub === '.' ? name : `${sub}:${name}`;
        owners.set(s, [...(owners.get(s) ?? []), [p.name, key]]);
      }
    }
  }
  for (const file of program.getRootFileNames()) {
    const source = program.getSourceFile(file);
    if (!source) continue;
    const inside = packages.find((p) => !relative(p.dir, file).startsWith('..'));
    const mark = (symbol: ts.Symbol | undefined): void => {
      let s = symbol;
      if (s && s.flags & ts.SymbolFlags.Alias) s = checker.getAliasedSymbol(s);
      for (const [pkg, key] of (s && owners.get(s)) ?? []) {
        if (pkg !== inside?.name) used.get(pkg)?.add(key);
      }
    };
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node)) mark(checker.getSymbolAtLocation(node));
      // `const { a } = await import('…')`: the binding names a property of the module's type.
      if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) {
        const name = node.propertyName ?? node.name;
        if (ts.isIdentifier(name)) {
          mark(checker.getPropertyOfType(checker.getTypeAtLocation(node.parent), name.text));
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return used;
}

/** Per package, the entry exports no file outside the package uses. */
export function unusedExports(program: ts.Program, packages: PackageEntries[]): Map<string, string[]> {
  const used = usedExports(program, packages);
  const out = new Map<string, string[]>();
  for (const p of packages) {
    const names: string[] = [];
    for (const [sub, entry] of Object.entries(p.entries)) {
      for (const name of entryExports(program, entry).keys()) {
        const key = sub === '.' ? name : `${sub}:${name}`;
        if (!used.get(p.name)?.has(key)) names.push(key);
      }
    }
    out.set(p.name, names.sort());
  }
  return out;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const packages = workspacePackages();
  const program = repoProgram(repoTypeScriptFiles());
  for (const [pkg, names] of unusedExports(program, packages)) {
    console.log(
      `${pkg} (${relative(ROOT, dirname(packages.find((p) => p.name === pkg)!.entries['.']))}): ${names.length} unused`,
    );
    for (const n of names) console.log(`  ${n}`);
  }
}
