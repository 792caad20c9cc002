import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkContracts, parseContracts } from './check';
import { readAdrs, scanConstants } from './scan';

const root = resolve(import.meta.dirname, '..', '..');
const fixture = {
  file: 'docs/adr/0099-fixture.md',
  text: readFileSync(resolve(import.meta.dirname, 'fixtures/0099-fixture.md'), 'utf8'),
};
const good = [
  { name: 'FIXTURE_A', value: 0.125, file: 'packages/x/src/a.ts' },
  { name: 'FIXTURE_B', value: 3, file: 'packages/x/src/a.ts' },
];

describe('adr-check', () => {
  // Timeout: imports every constant-exporting source file (~4 s on a loaded 2-core machine).
  it('the repository agrees with its ADRs', { timeout: 60_000 }, async () => {
    const constants = await scanConstants(root);
    expect(constants.length).toBeGreaterThan(0);
    expect(checkContracts(constants, readAdrs(root))).toEqual([]);
  });

  it('reads only Contracts sections', () => {
    expect(parseContracts(fixture.file, fixture.text).map((r) => r.name)).toEqual(['FIXTURE_A', 'FIXTURE_B']);
    expect(checkContracts(good, [fixture])).toEqual([]);
  });

  it('fails on a value mismatch (exact float64 text)', () => {
    const errs = checkContracts([{ ...good[0], value: 0.1250000000000001 }, good[1]], [fixture]);
    expect(errs).toHaveLength(1);
    expect(errs[0]).toMatch(/FIXTURE_A is 0.125 in the ADR but 0.1250000000000001 in/);
  });

  it('fails on a constant without a row, and a row without a constant', () => {
    const errs = checkContracts(
      [good[0], { name: 'FIXTURE_C', value: 1, file: 'packages/x/src/a.ts' }],
      [fixture],
    );
    expect(errs.some((e) => /FIXTURE_C = 1 has no ADR Contracts row/.test(e))).toBe(true);
    expect(errs.some((e) => /row FIXTURE_B points at/.test(e))).toBe(true);
  });

  it('fails on a constant listed twice', () => {
    const twice = { file: 'docs/adr/0098-twice.md', text: fixture.text };
    expect(checkContracts(good, [fixture, twice]).some((e) => /appears in 2 Contracts rows/.test(e))).toBe(
      true,
    );
  });
});

describe('ADR index', () => {
  const index = readFileSync(resolve(root, 'docs/adr/README.md'), 'utf8');
  it('links every ADR', () => {
    const adrs = readAdrs(root);
    expect(adrs.length).toBeGreaterThan(10);
    const missing = adrs
      .map((a) => a.file.slice('docs/adr/'.length))
      .filter((f) => !index.includes(`](${f})`));
    expect(missing).toEqual([]);
  });

  it('its version table ends at the running TERRAIN_ALGORITHM_VERSION', async () => {
    const { TERRAIN_ALGORITHM_VERSION } = await import('@landfall/universe');
    const table = index.slice(index.indexOf('## Terrain algorithm versions'));
    const versions = [...table.matchAll(/^\| (\d+) \|/gm)].map((m) => Number(m[1]));
    expect(versions.length).toBeGreaterThan(0);
    expect(versions[versions.length - 1]).toBe(TERRAIN_ALGORITHM_VERSION);
  });
});
