// Runs a command with inherited stdio; resolves to its exit code.
import { spawn } from 'node:child_process';

export const quietEnv = {
  ...process.env,
  NX_NO_CLOUD: 'true',
  NX_DAEMON: 'false',
  NX_TUI: 'false',
  NX_SKIP_NX_CACHE: 'true',
  DO_NOT_TRACK: '1',
};

export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    console.log(`\n$ ${cmd} ${args.join(' ')}`);
    const child = spawn(cmd, args, { stdio: 'inherit', env: quietEnv, ...opts });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (err) => {
      console.error(err);
      resolve(1);
    });
  });
}
