/** Collects the code constants and ADR texts of a repository for `checkContracts`. */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseContracts, type CodeConstant } from './check';

const EXPORT_RE = /^export const ([A-Z][A-Z0-9_]*)\b/gm;

/** Non-test, non-declaration `.ts` files under `dir`, at any depth, in a stable order. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.ts$/.test(e.name) && !/\.(test|spec|d)\.ts$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/**
 * Every `packages/<name>/src` file exporting UPPER_CASE consts, plus every `apps/<app>/src` file a
 * Contracts row names; imports each to read the values.
 */
export async function scanConstants(root: string): Promise<CodeConstant[]> {
  const out: CodeConstant[] = [];
  const pk = join(root, 'packages');
  if (!existsSync(pk)) return out;
  for (const pkg of readdirSync(pk)) {
    const src = join(pk, pkg, 'src');
    if (!existsSync(src)) continue;
    for (const file of sourceFiles(src)) {
      const text = readFileSync(file, 'utf8');
      const names = [...text.matchAll(EXPORT_RE)].map((m) => m[1]);
      if (names.length === 0) continue;
      const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      const rel = relative(root, file).split(sep).join('/');
      for (const name of names) {
        if (typeof mod[name] === 'number') out.push({ name, value: mod[name] as number, file: rel });
      }
    }
  }
  // App files join the check when a Contracts row names them (an app's own contracts, e.g. the
  // game's flight limits): then every UPPER_CASE numeric export of that file needs its row too.
  const named = new Set(
    readAdrs(root).flatMap((a) =>
      parseContracts(a.file, a.text)
        .map((r) => r.where.split('#')[0])
        .filter((w) => /^apps\/[^/]+\/src\/.+\.ts$/.test(w)),
    ),
  );
  for (const rel of [...named].sort()) {
    const file = join(root, ...rel.split('/'));
    if (!existsSync(file)) continue;
    await collect(file, rel, out);
  }
  return out;
}

async function collect(file: string, rel: string, out: CodeConstant[]): Promise<void> {
  const text = readFileSync(file, 'utf8');
  const names = [...text.matchAll(EXPORT_RE)].map((m) => m[1]);
  if (names.length === 0) return;
  const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  for (const name of names) {
    if (typeof mod[name] === 'number') out.push({ name, value: mod[name] as number, file: rel });
  }
}

export function readAdrs(root: string): { file: string; text: string }[] {
  const dir = join(root, 'docs', 'adr');
  return readdirSync(dir)
    .filter((f) => /^\d{4}-.*\.md$/.test(f) && !f.startsWith('0000-'))
    .sort()
    .map((f) => ({ file: `docs/adr/${f}`, text: readFileSync(join(dir, f), 'utf8') }));
}
