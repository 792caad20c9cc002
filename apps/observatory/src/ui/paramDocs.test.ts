import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW } from '../params';
import { PARAM_DOCS } from './paramDocs';

describe('PARAM_DOCS', () => {
  it('documents every parameter the app reads, and no other', () => {
    // Truth from the sources: the view's fields plus every q.get('…') in params.ts and main.ts.
    const read = new Set<string>(Object.keys(DEFAULT_VIEW));
    for (const f of ['../params.ts', '../main.ts', './hudMode.ts']) {
      const src = readFileSync(new URL(f, import.meta.url), 'utf8');
      for (const m of src.matchAll(/\.get\('([A-Za-z]+)'\)/g)) read.add(m[1]);
    }
    expect(read.has('hud')).toBe(true);
    expect(PARAM_DOCS.map((r) => r[0]).sort()).toEqual([...read].sort());
  });
});
