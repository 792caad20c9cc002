// Unit albedo in the palette: the young unit's regolith against the old one's follows the
// published unit albedos (issue #14: Luna maria < 0.10, highlands 0.25–0.30; Lucey et al. 2000).
import { describe, expect, it } from 'vitest';
import { BODIES, getBody } from '@landfall/universe';
import { bodyPalette, type Rgb } from './bodyPalette';

const luminance = (c: Rgb): number => 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];

describe('body palette unit albedo', () => {
  it('Luna: maria / highlands brightness within the published ratio band (< 0.10/0.25 = 0.4, > 0/0.30)', () => {
    const p = bodyPalette(getBody('luna'));
    const ratio = luminance(p.regolithAlt) / luminance(p.regolith);
    // Upper bound: the darkest highland (0.25) over the brightest mare (0.10).
    expect(ratio).toBeLessThan(0.4);
    expect(ratio).toBeGreaterThan(0);
  });

  it('every body has finite, positive regolith tones', () => {
    for (const b of BODIES) {
      const p = bodyPalette(b);
      for (const c of [...p.regolith, ...p.regolithAlt]) expect(Number.isFinite(c) && c > 0, b.id).toBe(true);
    }
  });
});
