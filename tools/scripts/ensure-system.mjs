// Makes sure a Chromium for the browser tests exists: CHROMIUM_PATH or /usr/bin/chromium. If it is
// missing, installs Debian's `chromium` once with apt (sudo when not root). Never skips silently:
// if it cannot install, it exits non-zero saying exactly what to install.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function run(cmd, args) {
  console.log(`[ensure-chromium] ${cmd} ${args.join(' ')}`);
  return (
    spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
      .status === 0
  );
}

/** gjs (SpiderMonkey) runs the cross-engine determinism check; Debian package `gjs`. */
export function ensureGjs() {
  if (existsSync('/usr/bin/gjs')) return;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const pre = root ? [] : ['sudo', '-n'];
  const apt = (args) =>
    pre.length ? run(pre[0], [...pre.slice(1), 'apt-get', ...args]) : run('apt-get', args);
  if (!(apt(['update', '-qq']) && apt(['install', '-y', '--no-install-recommends', 'gjs']))) {
    console.error(
      '[ensure] gjs is missing and could not be installed: sudo apt-get install -y --no-install-recommends gjs',
    );
    process.exit(1);
  }
}

export function ensureChromium() {
  if (existsSync(path)) return path;
  if (process.env.CHROMIUM_PATH) {
    console.error(`[ensure-chromium] CHROMIUM_PATH=${path} does not exist. Point it at a Chromium binary.`);
    process.exit(1);
  }
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const pre = root ? [] : ['sudo', '-n'];
  const apt = (args) =>
    pre.length ? run(pre[0], [...pre.slice(1), 'apt-get', ...args]) : run('apt-get', args);
  const ok = apt(['update', '-qq']) && apt(['install', '-y', '--no-install-recommends', 'chromium']);
  if (!ok || !existsSync(path)) {
    console.error(
      '[ensure-chromium] No Chromium found and it could not be installed.\n' +
        "  Install Debian's package:  sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium\n" +
        '  or set CHROMIUM_PATH to an existing Chromium binary, then run npm test again.',
    );
    process.exit(1);
  }
  return path;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
