// `npm run adr-check`: prints every disagreement between ADR Contracts tables and the code.
import { resolve } from 'node:path';
import { checkContracts } from './check';
import { readAdrs, scanConstants } from './scan';

const root = resolve(import.meta.dirname, '..', '..');
const constants = await scanConstants(root);
const errors = checkContracts(constants, readAdrs(root));
for (const e of errors) console.error(e);
console.log(`adr-check: ${constants.length} constants, ${errors.length} problem(s)`);
process.exit(errors.length ? 1 : 0);
