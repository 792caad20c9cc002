/**
 * Serves a page of tools/bench on 127.0.0.1:`port`, a secure context: tools/bench/workers-page (the
 * pool on real module workers) or tools/bench/producer-page (the GPU producer's kernels), either
 * under Vite's dev server (`npm run bench -- workers`) or as a production build under
 * `vite preview` (the browser specs: the bundles exactly as an app ships them).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, createServer, preview, type InlineConfig } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');

export interface ServedPage {
  url: string;
  close(): Promise<void>;
}

export function serveWorkersPage(port: number, mode: 'dev' | 'built'): Promise<ServedPage> {
  return serveBenchPage('workers-page', port, mode);
}

export async function serveBenchPage(
  page: 'workers-page' | 'producer-page',
  port: number,
  mode: 'dev' | 'built',
): Promise<ServedPage> {
  const base: InlineConfig = {
    configFile: false,
    root: join(here, page),
    logLevel: 'error',
    worker: { format: 'es' },
  };
  const url = `http://127.0.0.1:${port}/`;
  if (mode === 'dev') {
    const server = await createServer({
      ...base,
      server: { host: '127.0.0.1', port, strictPort: true, fs: { allow: [root] } },
    });
    await server.listen();
    return { url, close: () => server.close() };
  }
  const outDir = mkdtempSync(join(tmpdir(), `landfall-${page}-`));
  await build({ ...base, build: { outDir, emptyOutDir: true, target: 'es2022' } });
  const server = await preview({
    ...base,
    build: { outDir },
    preview: { host: '127.0.0.1', port, strictPort: true },
  });
  return {
    url,
    close: async () => {
      await server.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
