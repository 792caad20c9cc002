import { describe, expect, it } from 'vitest';
import { ADR_INDEX, parseAdrHash, safeDecode } from './adrLink';

describe('ADR links from the location hash', () => {
  it('reads the view, the index and a named ADR', () => {
    expect(parseAdrHash('')).toEqual({ show: 'view', problem: null });
    expect(parseAdrHash('#')).toEqual({ show: 'view', problem: null });
    expect(parseAdrHash('#adr')).toEqual({ show: 'adr', file: ADR_INDEX, problem: null });
    expect(parseAdrHash('#adr/')).toEqual({ show: 'adr', file: ADR_INDEX, problem: null });
    expect(parseAdrHash('#adr/0015-save.md')).toEqual({ show: 'adr', file: '0015-save.md', problem: null });
    expect(parseAdrHash('#adr/a%20b.md')).toEqual({ show: 'adr', file: 'a b.md', problem: null });
  });

  it('a malformed %-escape (URIError in decodeURIComponent) shows the index with a message', () => {
    // The truth that this input is malformed: the platform's own decoder throws on it.
    expect(() => decodeURIComponent('%E0%A4%A')).toThrow(URIError);
    expect(safeDecode('%E0%A4%A')).toBeNull();
    for (const bad of ['#adr/%E0%A4%A', '#adr/%', '#adr/%zz', '#adr/0001%E0.md']) {
      const link = parseAdrHash(bad);
      expect(link).toMatchObject({ show: 'adr', file: ADR_INDEX });
      expect(link.problem).toBe(`ADR link ${bad} is malformed (a broken %-escape); showing the ADR index`);
    }
  });

  it('any other hash is not an ADR link: the view, with a message quoting it as text', () => {
    const link = parseAdrHash('#%3Cimg%20src=x%20onerror=alert(1)%3E');
    expect(link.show).toBe('view');
    expect(link.problem).toBe(
      'link #<img src=x onerror=alert(1)> is not an ADR link (#adr or #adr/<file>.md); showing the view',
    );
    // A hash that cannot be decoded is quoted raw; an overlong one is shortened.
    expect(parseAdrHash('#%E0%A4%A').problem).toMatch(/^link #%E0%A4%A is not an ADR link/);
    const long = parseAdrHash(`#${'x'.repeat(5000)}`).problem!;
    expect(long).toMatch(/^link #x+… is not an ADR link/);
    expect(long.length).toBeLessThan(200);
  });
});
