import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS, gameHashNote, parseGameParams } from './urlParams';

describe('parseGameParams', () => {
  it('reads good values', () => {
    const r = parseGameParams(
      '?body=mars&start=descent&cam=cockpit&fresh=1&backend=webgl2&terrain=local&producer=gpu&bench=land&benchTicks=5',
    );
    expect(r.errors).toEqual([]);
    expect(r.params).toEqual({
      body: 'mars',
      start: 'descent',
      cam: 'cockpit',
      fresh: true,
      forceWebGL: true,
      terrain: 'local',
      producer: 'gpu',
      bench: 'land',
      benchTicks: 5,
    });
  });
  it('turns bad values into messages and defaults', () => {
    const r = parseGameParams(
      '?body=vulcan&start=moon&cam=x&fresh=yes&backend=gl&terrain=lego&producer=GPU&bench=fast&benchTicks=0.5',
    );
    expect(r.params).toEqual(DEFAULT_PARAMS);
    expect(r.errors).toHaveLength(9);
    expect(r.errors[5]).toBe('?producer="GPU" must be auto, gpu, cpu; using auto');
    expect(r.errors[7]).toMatch(/\?bench="fast" must be land or off/);
    expect(r.errors[8]).toMatch(/\?benchTicks="0.5" must be an integer 1…50/);
    expect(r.errors[0]).toMatch(/\?body="vulcan" is not a body \(known: luna, .*\); using luna/);
    expect(r.errors[1]).toMatch(/\?start="moon" must be orbit or descent or landed/);
  });
  it('defaults with no parameters', () => {
    expect(parseGameParams('')).toEqual({ params: DEFAULT_PARAMS, errors: [] });
  });
  it('hostile values (markup, broken escapes, huge, NaN, overlong) fall back and are quoted short', () => {
    const markup = '<img src=x onerror=alert(1)>';
    const r = parseGameParams(
      `?body=${encodeURIComponent(markup)}&start=%E0%A4%A&benchTicks=1e999&fresh=NaN&terrain=${'x'.repeat(5000)}`,
    );
    expect(r.params).toEqual(DEFAULT_PARAMS);
    expect(r.errors).toHaveLength(5);
    expect(r.errors[0]).toMatch(/^\?body="<img src=x onerror=alert\(1\)>" is not a body .*; using luna$/);
    // URLSearchParams turns the broken escape into U+FFFD instead of throwing.
    expect(r.errors[1]).toBe('?start="\uFFFD%A" must be orbit or descent or landed; using orbit');
    expect(r.errors).toContain('?benchTicks="1e999" must be an integer 1…50; using 50');
    expect(r.errors).toContain('?fresh="NaN" must be 1 or 0; using 0');
    expect(r.errors).toContain(
      `?terrain="${'x'.repeat(80)}…" must be workers, local, placeholder; using workers`,
    );
  });
  it('names a #link part (the game reads none), decoded where it can be', () => {
    expect(gameHashNote('')).toBeNull();
    expect(gameHashNote('#')).toBeNull();
    expect(gameHashNote('#%3Csvg%20onload=x%3E')).toBe(
      'the game reads no #link part: #<svg onload=x> ignored',
    );
    expect(gameHashNote('#%E0%A4%A')).toBe('the game reads no #link part: #%E0%A4%A ignored');
  });
});
