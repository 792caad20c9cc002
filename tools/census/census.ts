// `npm run census`: every body's terrain figures against the published bands (ADR-0004, ADR-0006,
// ADR-0007). Loads every `tools/census/sections/*.ts` and calls each export whose name ends in
// `Section` (a function returning CensusRow[]), prints one line per row (✓ inside the band, ✗
// outside, · no published band) and, last, one JSON line with every row and the failures.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inBand, type CensusRow } from './row';

const dir = join(import.meta.dirname, 'sections');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .sort();
const rows: CensusRow[] = [];
const sections: string[] = [];
for (const f of files) {
  const mod = (await import(pathToFileURL(join(dir, f)).href)) as Record<string, unknown>;
  for (const [name, fn] of Object.entries(mod)) {
    if (!name.endsWith('Section') || typeof fn !== 'function') continue;
    sections.push(name);
    const out = (fn as () => CensusRow[])();
    console.log(`\n## ${name} (${f})`);
    for (const r of out) {
      const mark = r.band === null ? '·' : inBand(r) ? '✓' : '✗';
      const band = r.band ? `[${fmt(r.band[0])}, ${fmt(r.band[1])}]` : '—';
      console.log(
        `${mark} ${r.body.padEnd(9)} ${r.unit.padEnd(8)} ${r.figure.padEnd(62)} ${fmt(r.value).padStart(10)}  ${band}  ${r.source}`,
      );
    }
    rows.push(...out);
  }
}
if (sections.length === 0) throw new Error(`census: no *Section exports found in ${dir}`);

function fmt(v: number): string {
  return Math.abs(v) >= 1e4 || (Math.abs(v) < 1e-2 && v !== 0) ? v.toExponential(3) : v.toPrecision(4);
}

const judged = rows.filter((r) => r.band !== null);
const failures = judged.filter((r) => !inBand(r));
console.log(
  `\ncensus: ${rows.length} figures, ${judged.length} with a published band, ${failures.length} outside it`,
);
console.log(
  JSON.stringify({
    census: 'terrain',
    sections,
    judged: judged.length,
    outside: failures.length,
    failures,
    rows,
  }),
);
