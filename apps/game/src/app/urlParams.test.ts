import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS, parseGameParams } from './urlParams';

describe('parseGameParams', () => {
  it('reads good values', () => {
    const r = parseGameParams(
      '?body=mars&start=descent&cam=cockpit&fresh=1&backend=webgl2&terrain=local&bench=land&benchTicks=5',
    );
    expect(r.errors).toEqual([]);
    expect(r.params).toEqual({
      body: 'mars',
      start: 'descent',
      cam: 'cockpit',
      fresh: true,
      forceWebGL: true,
      terrain: 'local',
      bench: 'land',
      benchTicks: 5,
    });
  });
  it('turns bad values into messages and defaults', () => {
    const r = parseGameParams(
      '?body=vulcan&start=moon&cam=x&fresh=yes&backend=gl&terrain=lego&bench=fast&benchTicks=0.5',
    );
    expect(r.params).toEqual(DEFAULT_PARAMS);
    expect(r.errors).toHaveLength(8);
    expect(r.errors[6]).toMatch(/\?bench="fast" must be land or off/);
    expect(r.errors[7]).toMatch(/\?benchTicks="0.5" must be an integer 1…50/);
    expect(r.errors[0]).toMatch(/\?body="vulcan" is not a body \(known: luna, .*\); using luna/);
    expect(r.errors[1]).toMatch(/\?start="moon" must be orbit or descent/);
  });
  it('defaults with no parameters', () => {
    expect(parseGameParams('')).toEqual({ params: DEFAULT_PARAMS, errors: [] });
  });
});
