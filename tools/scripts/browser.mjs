// `npm run test:browser`: build both apps and run the Playwright specs (extra args pass through).
import { ensureChromium } from './ensure-system.mjs';
import { run } from './run.mjs';

ensureChromium();
const built = await run('npx', ['nx', 'run-many', '-t', 'build', '--output-style=static']);
if (built !== 0) process.exit(built);
process.exit(await run('npx', ['playwright', 'test', ...process.argv.slice(2)]));
