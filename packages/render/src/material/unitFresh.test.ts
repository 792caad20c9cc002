// Fresh ejecta per unit (ADR-0012): on the Moon's maria, fresh craters brighten the mare but stay
// well below fresh highland ejecta. Bounds from published albedos, not from the code.
import { describe, expect, it } from 'vitest';
import { getBody } from '@landfall/universe';
import { bodyPalette } from './bodyPalette';
import { rgbLuminance } from './exposure';
import { freshAlt } from './unitFresh';

describe('fresh ejecta of the alternate unit', () => {
  it('Luna: fresh mare ejecta brighter than mature mare, under half of fresh highland ejecta', () => {
    const p = bodyPalette(getBody('luna'));
    const f = rgbLuminance(freshAlt(p));
    // Fresh mare crater ejecta (normal albedo ~0.10–0.15) against mature mare (~0.07): > 1.3×.
    expect(f).toBeGreaterThan(1.3 * rgbLuminance(p.regolithAlt));
    // Fresh highland ejecta reach ~0.3–0.4: fresh mare ejecta under half of them.
    expect(f).toBeLessThan(0.5 * rgbLuminance(p.fresh));
  });
});
