// Cross-engine determinism (ADR-0005): the universe bundle computes every zoo body's level id in
// Node (V8), in SpiderMonkey (gjs, Debian package; `npm test` installs it) and in QuickJS
// (quickjs-emscripten, a WebAssembly build run in-process); all three must equal the ids computed
// here from the sources.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { getQuickJS } from 'quickjs-emscripten';
import { expect, it } from 'vitest';
import { digestAll } from './digestEntry';

const GJS = '/usr/bin/gjs';
const entry = join(import.meta.dirname, 'digestEntry.ts');

function runProcess(cmd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.stderr.on('data', (d: Buffer) => (err += d.toString()));
    p.on('error', reject);
    p.on('close', (code) =>
      code === 0 ? resolve(out.trim()) : reject(new Error(`${cmd} exited ${code}: ${err}`)),
    );
  });
}

it('Node, SpiderMonkey and QuickJS compute the same world digests', async () => {
  expect(existsSync(GJS), 'gjs missing: sudo apt-get install -y --no-install-recommends gjs').toBe(true);
  const expected = digestAll();
  const dir = mkdtempSync(join(tmpdir(), 'landfall-digest-'));
  const footer = `\nconst out = digestAll();\n(typeof print === 'function' ? print : console.log)(out);\n`;
  const esm = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    write: false,
    logLevel: 'warning',
  });
  const file = join(dir, 'digest.mjs');
  writeFileSync(file, esm.outputFiles[0].text + footer);
  // Both processes run while QuickJS evaluates in this one.
  const node = runProcess(process.execPath, [file]);
  const gjs = runProcess(GJS, ['-m', file]);
  const iife = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    globalName: 'Landfall',
    write: false,
    logLevel: 'warning',
  });
  const qjs = await getQuickJS();
  const vm = qjs.newContext();
  const handle = vm.unwrapResult(vm.evalCode(`${iife.outputFiles[0].text};Landfall.digestAll()`));
  const quick = vm.dump(handle) as string;
  handle.dispose();
  vm.dispose();
  expect(JSON.parse(expected)).toHaveLength(18);
  expect(await node, 'Node (V8)').toBe(expected);
  expect(await gjs, 'SpiderMonkey (gjs)').toBe(expected);
  expect(quick, 'QuickJS').toBe(expected);
}, 60_000);
