import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PARAM_DOCS } from './paramDocs';

describe('PARAM_DOCS', () => {
  it('documents every parameter the game reads, and no other', () => {
    // Truth from the sources: every q.get('…') in the files that read the URL.
    const read = new Set<string>();
    for (const f of ['../app/urlParams.ts', '../app/placeParams.ts', '../main.ts']) {
      const src = readFileSync(new URL(f, import.meta.url), 'utf8');
      for (const m of src.matchAll(/\.get\('([A-Za-z]+)'\)/g)) read.add(m[1]);
    }
    expect(read.size).toBeGreaterThan(5);
    const documented = PARAM_DOCS.flatMap((r) => r[0].split(', '));
    expect(documented.sort()).toEqual([...read].sort());
  });
});
