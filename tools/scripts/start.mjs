// `npm start`: serves both apps with Vite and prints their URLs.
import { spawn } from 'node:child_process';
import { quietEnv } from './run.mjs';

const apps = [
  ['game', 5173],
  ['observatory', 5174],
];
const children = apps.map(([app, port]) =>
  spawn('npx', ['vite', '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
    cwd: `apps/${app}`,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: quietEnv,
  }),
);
setTimeout(() => {
  console.log('\nLandfall is running:');
  for (const [app, port] of apps) console.log(`  ${app.padEnd(12)} http://127.0.0.1:${port}/`);
  console.log('Ctrl-C stops both.\n');
}, 1500);
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && code !== 0 && stop());
