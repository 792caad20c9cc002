// `npm test`: lint, typecheck and unit tests of every project (nx), the ADR contract check (a
// vitest suite in tools), the app builds, then the browser tests; ends with "N passed, N failed".
import { rmSync, mkdirSync } from 'node:fs';
import { ensureChromium, ensureGjs } from './ensure-system.mjs';
import { run } from './run.mjs';
import { summarise } from './summary.mjs';

const t0 = Date.now();
rmSync('reports', { recursive: true, force: true });
mkdirSync('reports', { recursive: true });
ensureChromium();
ensureGjs();

/** The steps that exited non-zero, named again at the end: a formatting or lint failure counts no
 * test, so without this the last lines could read "0 failed" above an exit status of 1. */
const failedSteps = [];
const step = async (cmd, args) => {
  const code = await run(cmd, args);
  if (code !== 0) failedSteps.push(`${[cmd, ...args].slice(0, 4).join(' ')} (exit ${code})`);
  return code;
};

await step('npx', ['prettier', '--check', '.', '--log-level', 'warn']);
await step('npx', [
  'nx',
  'run-many',
  '-t',
  'lint',
  'typecheck',
  'test',
  '--output-style=static',
  '--parallel=2',
]);
const built = await step('npx', ['nx', 'run-many', '-t', 'build', '--output-style=static']);
if (built === 0) await step('npx', ['playwright', 'test']);
else console.error('\nApp build failed: browser tests not run (counted as failure).');

const { passed, failed: nFailed, skipped, parts } = summarise();
console.log(`\n(${parts.join('; ')}; ${((Date.now() - t0) / 1000).toFixed(0)} s)`);
console.log(`${passed} passed, ${nFailed} failed${skipped ? `, ${skipped} skipped` : ''}`);
if (passed === 0) console.error('No test ran: failing.');
for (const s of failedSteps) console.log(`step failed: ${s}`);
process.exit(failedSteps.length > 0 || nFailed > 0 || passed === 0 ? 1 : 0);
