import { describe, expect, it } from 'vitest';
import { benchArgs } from './benchKit';

describe('benchArgs (node:util parseArgs)', () => {
  const defaults = { frames: 2000, 'max-level': 14 };

  it('takes defaults, both value forms and positionals', () => {
    expect(benchArgs([], defaults)).toEqual({ flags: { frames: 2000, 'max-level': 14 }, positionals: [] });
    expect(benchArgs(['mars', '--frames', '50', '--max-level=9', 'luna'], defaults)).toEqual({
      flags: { frames: 50, 'max-level': 9 },
      positionals: ['mars', 'luna'],
    });
  });

  it('keeps a string flag as text', () => {
    expect(benchArgs(['--base', 'HEAD~2', 'luna'], { base: 'HEAD', rounds: 7 })).toEqual({
      flags: { base: 'HEAD~2', rounds: 7 },
      positionals: ['luna'],
    });
  });

  it('refuses unknown flags, missing values and non-numbers, naming them', () => {
    expect(() => benchArgs(['--fames', '5'], defaults)).toThrow(/--fames/);
    expect(() => benchArgs(['--frames'], defaults)).toThrow(/--frames/);
    expect(() => benchArgs(['--frames', 'many'], defaults)).toThrow(/--frames "many" is not a number/);
    expect(() => benchArgs(['--frames='], defaults)).toThrow(/--frames "" is not a number/);
  });
});
