// Sums the vitest and Playwright JSON reports under reports/ and prints one line
// "N passed, N failed" (CI reads it). Exits non-zero when any test failed or none ran.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export function summarise(dir = 'reports') {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const parts = [];
  if (!existsSync(dir)) return { passed, failed, skipped, parts };
  for (const f of readdirSync(dir).sort()) {
    if (!f.endsWith('.json')) continue;
    const r = JSON.parse(readFileSync(join(dir, f), 'utf8'));
    if (f.startsWith('vitest-')) {
      passed += r.numPassedTests ?? 0;
      failed +=
        (r.numFailedTests ?? 0) + (r.numFailedTestSuites && !r.numFailedTests ? r.numFailedTestSuites : 0); // a suite that failed to load counts once
      skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
      parts.push(`${f.slice(7, -5)} ${r.numPassedTests}/${r.numTotalTests}`);
    } else if (f === 'playwright.json') {
      const s = r.stats ?? {};
      passed += (s.expected ?? 0) + (s.flaky ?? 0);
      failed += s.unexpected ?? 0;
      skipped += s.skipped ?? 0;
      parts.push(
        `browser ${(s.expected ?? 0) + (s.flaky ?? 0)}/${(s.expected ?? 0) + (s.flaky ?? 0) + (s.unexpected ?? 0)}`,
      );
    }
  }
  return { passed, failed, skipped, parts };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { passed, failed, skipped, parts } = summarise();
  console.log(`\n(${parts.join('; ')})`);
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exit(failed > 0 || passed === 0 ? 1 : 0);
}
