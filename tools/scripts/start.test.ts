/**
 * `npm start` (start.mjs) run for real on free ports: both Vite servers listen on the pair that
 * LANDFALL_DEV_PORT names (read by the apps' own Vite config), a signal stops both (their
 * pids are gone and their ports free again), a clean start prints no warning, and a busy port is a
 * clear error with a non-zero exit before any server starts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const script = join(repo, 'tools', 'scripts', 'start.mjs');

function listen(port: number): Promise<Server | null> {
  return new Promise((res) => {
    const srv = createServer();
    srv.once('error', () => res(null));
    srv.listen(port, '127.0.0.1', () => res(srv));
  });
}

const close = (srv: Server) => new Promise<void>((res) => srv.close(() => res()));

/** A port N with N and N + 1 both free now. */
async function freePair(): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const base = 20000 + Math.floor(Math.random() * 20000);
    const a = await listen(base);
    const b = a && (await listen(base + 1));
    if (a) await close(a);
    if (b) await close(b);
    if (a && b) return base;
  }
  throw new Error('no free port pair found');
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

interface Run {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

function startOn(base: number): Run {
  let out = '';
  // A person's clean start: no colour forced (nx sets FORCE_COLOR for its children, and Node warns
  // when it meets FORCE_COLOR beside NO_COLOR — a warning of this test's making, not of npm start).
  const { FORCE_COLOR: _forced, ...env } = process.env;
  const child = spawn(process.execPath, [script], {
    cwd: repo,
    env: { ...env, LANDFALL_DEV_PORT: String(base), NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // eslint-disable-next-line no-control-regex -- colour codes, if a terminal library adds them
  const add = (d: Buffer) => (out += d.toString().replace(/\x1b\[[0-9;]*m/g, ''));
  child.stdout!.on('data', add);
  child.stderr!.on('data', add);
  const exit = new Promise<number | null>((res) => child.on('exit', (code) => res(code)));
  return { child, output: () => out, exit };
}

async function until(cond: () => boolean, ms: number, what: string, out: () => string): Promise<void> {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${what}; output:\n${out()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const runs: Run[] = [];
afterEach(() => {
  // A failed test must not leave servers behind: stop start.mjs and any server pid it printed.
  for (const r of runs.splice(0)) {
    if (r.child.exitCode === null) r.child.kill('SIGKILL');
    for (const m of r.output().matchAll(/\(pid (\d+)\)/g))
      if (alive(Number(m[1]))) process.kill(Number(m[1]));
  }
});

describe('npm start', () => {
  for (const [signal, status] of [
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const) {
    it(`${signal} stops both Vite servers (no orphans) and a clean start prints no warning`, async () => {
      const base = await freePair();
      const run = startOn(base);
      runs.push(run);
      // The banner lists each server's pid once both have had time to start.
      await until(() => /observatory .*\(pid \d+\)/.test(run.output()), 60_000, 'the banner', run.output);
      const pids = [...run.output().matchAll(/\(pid (\d+)\)/g)].map((m) => Number(m[1]));
      expect(pids).toHaveLength(2);
      await until(
        () => (run.output().match(/Local:/g) ?? []).length === 2,
        60_000,
        'both servers',
        run.output,
      );
      expect(pids.every(alive)).toBe(true);
      // The servers take the pair from the apps' Vite config (start.mjs passes no port of its own).
      for (const port of [base, base + 1])
        expect(run.output()).toContain(`Local:   http://127.0.0.1:${port}/`);
      run.child.kill(signal);
      expect(await run.exit).toBe(status);
      expect(pids.filter(alive)).toEqual([]);
      // Both ports can be bound again.
      for (const port of [base, base + 1]) {
        const srv = await listen(port);
        expect(srv, `port ${port} still held`).not.toBeNull();
        await close(srv!);
      }
      expect(run.output()).not.toMatch(/\(!\)|warning/i);
    }, 90_000);
  }

  it('a busy port is a clear error and a non-zero exit, and starts nothing', async () => {
    const base = await freePair();
    const blocker = (await listen(base + 1))!;
    try {
      const run = startOn(base);
      runs.push(run);
      expect(await run.exit).toBe(1);
      expect(run.output()).toContain(`port ${base + 1} (observatory) is not free`);
      expect(run.output()).not.toContain('Landfall is running');
      // The game's port was never taken.
      const srv = await listen(base);
      expect(srv).not.toBeNull();
      await close(srv!);
    } finally {
      await close(blocker);
    }
  }, 30_000);
});
