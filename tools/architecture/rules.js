// Project boundary rules shared by the lint rule and the architecture test.
// A project is a folder whose package.json carries `nx.tags`; its tags are matched against
// tools/architecture/constraints.json. Pure functions over data so a test can plant violations.
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const constraints = JSON.parse(
  readFileSync(join(repoRoot, 'tools', 'architecture', 'constraints.json'), 'utf8'),
).depConstraints;

const projectCache = new Map();

/** The nearest project (package.json with nx.tags) that owns `file`, or null. */
export function projectOf(file) {
  let dir = dirname(resolve(file));
  while (dir.startsWith(repoRoot) && dir !== repoRoot) {
    if (projectCache.has(dir)) return projectCache.get(dir);
    const pj = join(dir, 'package.json');
    if (existsSync(pj)) {
      const json = JSON.parse(readFileSync(pj, 'utf8'));
      const project = json.nx?.tags ? { name: json.name, dir, tags: json.nx.tags } : null;
      projectCache.set(dir, project);
      if (project) return project;
    }
    dir = dirname(dir);
  }
  return null;
}

/** Project name → project, for every workspace package under packages/, apps/ and tools/. */
export function projectsByName(projects) {
  return new Map(projects.map((p) => [p.name, p]));
}

function matches(pattern, spec) {
  if (pattern === '*') return true;
  if (pattern.endsWith('/*')) return spec.startsWith(pattern.slice(0, -1));
  return spec === pattern;
}

/**
 * Checks one import edge. `from` is the importing project, `spec` the specifier, `importer` the
 * importing file path; `byName` maps workspace package names to projects. A constraint's
 * `outsideSrcAlsoDependOnLibsWithTags` widens it for the project's files outside `src/` (e2e specs,
 * vite.config.ts): the test kit is theirs, never the shipped code's.
 * Returns a message for a violation, or null.
 */
export function checkEdge(from, spec, importer, byName, rules = constraints) {
  if (!from) return null;
  const rulesFor = rules.filter((r) => from.tags.includes(r.sourceTag));
  if (rulesFor.length === 0) return null;
  let target;
  if (spec.startsWith('.')) {
    target = projectOf(resolve(dirname(importer), spec, 'x'));
    if (target && target.dir === from.dir) return null;
    if (!target) return null;
  } else if (spec.startsWith('node:') && from.tags.includes('scope:tools')) {
    return null;
  } else if (/\.test\.ts$/.test(importer) && (spec === 'vitest' || spec.startsWith('node:'))) {
    return null; // tests run under vitest in Node
  } else {
    const pkg = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
    target = byName.get(pkg) ?? null;
    if (!target) {
      for (const r of rulesFor) {
        if (r.bannedExternalImports.some((p) => matches(p, spec))) {
          return `${from.name} (${r.sourceTag}) may not import external '${spec}'`;
        }
      }
      return null;
    }
    if (target.dir === from.dir) {
      return `${from.name} imports itself through '${spec}'; use a relative import`;
    }
  }
  const inSrc = resolve(importer).startsWith(join(from.dir, 'src') + sep);
  for (const r of rulesFor) {
    const allowed = inSrc
      ? r.onlyDependOnLibsWithTags
      : [...r.onlyDependOnLibsWithTags, ...(r.outsideSrcAlsoDependOnLibsWithTags ?? [])];
    if (!target.tags.some((t) => allowed.includes(t))) {
      const rel = relative(repoRoot, target.dir).split(sep).join('/');
      const where = inSrc && r.outsideSrcAlsoDependOnLibsWithTags?.some((t) => target.tags.includes(t));
      return `${from.name} (${r.sourceTag}) may not depend on ${target.name} (${rel}, ${target.tags.join(',')})${
        where ? ' from src/; only e2e and config files outside src/ may' : ''
      }`;
    }
  }
  return null;
}
