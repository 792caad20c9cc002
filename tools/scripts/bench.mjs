// `npm run bench -- NAME [args]`: runs tools/bench/NAME.ts under tsx. Benchmarks print figures
// (and a last JSON line); they are never part of `npm test`.
import { existsSync, readdirSync } from 'node:fs';
import { run } from './run.mjs';

const [name, ...rest] = process.argv.slice(2);
const file = `tools/bench/${name}.ts`;
if (!name || !existsSync(file)) {
  const known = existsSync('tools/bench')
    ? readdirSync('tools/bench').filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    : [];
  console.error(
    `usage: npm run bench -- <name>; known: ${known.map((f) => f.slice(0, -3)).join(', ') || 'none'}`,
  );
  process.exit(2);
}
process.exit(await run('npx', ['tsx', file, ...rest]));
