// `npm start`: serves both apps with Vite (game on port N, observatory on N + 1; ADR-0001) and
// prints their URLs. Promises:
// - Ctrl-C, SIGINT or SIGTERM stops both servers and waits for them before exiting (each server
//   runs in its own process group, and the whole group is signalled, so nothing is orphaned).
// - A busy port is found before anything starts: one clear line on stderr and exit status 1.
// - If a server dies, the other is stopped and start exits with a non-zero status.
// LANDFALL_DEV_PORT moves the pair (default in packages/testkit/src/vite/ports.json, which the
// apps' Vite config reads too), e.g. for a second checkout or a test. The servers take their port,
// host and strictPort from that config (the same variable, handed on), so `npm start` and a bare
// `vite` in an app agree.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { quietEnv } from './run.mjs';

const defaults = JSON.parse(
  readFileSync(new URL('../../packages/testkit/src/vite/ports.json', import.meta.url), 'utf8'),
);
const base = Number(process.env.LANDFALL_DEV_PORT) || defaults.dev;
const apps = [
  ['game', base],
  ['observatory', base + 1],
];
/** How long a server gets to exit after SIGTERM before it is killed, ms. */
const STOP_GRACE_MS = 3000;

const viteBin = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');

/** Resolves to null when `port` can be bound on 127.0.0.1, else to the error code. */
function probePort(port) {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', (err) => resolve(err.code ?? String(err)));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(null)));
  });
}

for (const [app, port] of apps) {
  const err = await probePort(port);
  if (err) {
    console.error(
      `npm start: port ${port} (${app}) is not free (${err}). Is another \`npm start\` or ` +
        `\`vite\` running? Stop it, or set LANDFALL_DEV_PORT to another port pair.`,
    );
    process.exit(1);
  }
}

const env = { ...quietEnv, LANDFALL_DEV_PORT: String(base) };
const children = apps.map(([app]) => {
  const child = spawn(process.execPath, [viteBin], {
    cwd: `apps/${app}`,
    stdio: ['ignore', 'inherit', 'inherit'],
    env,
    detached: true,
  });
  child.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
  return child;
});

const banner = setTimeout(() => {
  console.log('\nLandfall is running:');
  apps.forEach(([app, port], i) =>
    console.log(`  ${app.padEnd(12)} http://127.0.0.1:${port}/  (pid ${children[i].pid})`),
  );
  console.log('Ctrl-C stops both.\n');
}, 1500);

let stopping = false;
/** Signals both server groups, waits for them (killing stragglers), then exits with `status`. */
async function stop(status) {
  if (stopping) return;
  stopping = true;
  clearTimeout(banner);
  const signalGroup = (c, sig) => {
    try {
      process.kill(-c.pid, sig);
    } catch {
      // The group is already gone.
    }
  };
  for (const c of children) signalGroup(c, 'SIGTERM');
  const killer = setTimeout(() => children.forEach((c) => signalGroup(c, 'SIGKILL')), STOP_GRACE_MS);
  await Promise.all(children.map((c) => c.exited));
  clearTimeout(killer);
  process.exit(status);
}

process.on('SIGINT', () => void stop(130));
process.on('SIGTERM', () => void stop(143));
apps.forEach(([app], i) => {
  void children[i].exited.then((how) => {
    if (stopping) return;
    console.error(`npm start: the ${app} server stopped (${how}); stopping the other.`);
    void stop(typeof how === 'number' && how !== 0 ? how : 1);
  });
});
