// Unit albedo in the palette: the young unit's regolith against the old one's follows the
// published unit albedos (issue #14: Luna maria < 0.10, highlands 0.25–0.30; Lucey et al. 2000).
import { describe, expect, it } from 'vitest';
import { BODIES, getBody } from '@landfall/universe';
import { bodyPalette, ROCK_ALBEDO_MAX, type Rgb } from './bodyPalette';

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

  it('Europa: white-to-tan ice, muted reddish-brown dark material at under half its brightness (Galileo SSI natural colour)', () => {
    // Galileo SSI natural-colour mosaics (PIA00502 left, PIA19048): the plains are white to faintly
    // tan (bluish only in enhanced colour), the lineae and chaos material a muted reddish brown.
    const p = bodyPalette(getBody('europa'));
    const ice = p.regolith;
    expect(ice[0]).toBeGreaterThanOrEqual(ice[2]);
    expect(Math.max(...ice) / Math.min(...ice)).toBeLessThan(1.1);
    expect(luminance(ice)).toBeGreaterThan(0.6);
    const [r, g, b] = p.regolithAlt;
    expect(r > g && g > b).toBe(true);
    // Muted: (max − min) / max under 0.5 (the orange [0.38, 0.24, 0.14] read 0.63).
    expect((r - b) / r).toBeLessThan(0.5);
    expect(luminance(p.regolithAlt) / luminance(p.regolith)).toBeLessThan(0.5);
  });

  it('Mercury: mean tone ≥ 10 % below the nearside Moon’s (15 %: Holsclaw et al. 2010)', () => {
    const m = bodyPalette(getBody('mercury'));
    const l = bodyPalette(getBody('luna'));
    // Nearside Moon: about a third maria; Mercury: about a quarter smooth plains (Denevi et al. 2013).
    const luna = (2 * luminance(l.regolith) + luminance(l.regolithAlt)) / 3;
    const mercury = (3 * luminance(m.regolith) + luminance(m.regolithAlt)) / 4;
    expect(mercury).toBeLessThan(0.9 * luna);
  });

  it('every icy body has its own palette (no two alike)', () => {
    const icy = BODIES.filter((b) => b.grammar.iciness >= 0.5);
    expect(icy.length).toBeGreaterThan(5);
    const keys = icy.map((b) => bodyPalette(b).regolith.join(','));
    expect(new Set(keys).size).toBe(icy.length);
  });

  it('rocks: Mars rocks darker than its dust, Luna rocks lighter than its soil, none past ROCK_ALBEDO_MAX', () => {
    // The terrain material colours a rock as regolith and bedrock mixed half and half on flat
    // ground (full rock cover, ADR-0012), times the tint.
    const rock = (p: ReturnType<typeof bodyPalette>, t: number): Rgb => {
      const c = [0, 1, 2].map((i) => ((p.regolith[i] + p.bedrock[i]) / 2) * t);
      return [c[0], c[1], c[2]];
    };
    const mars = bodyPalette(getBody('mars'));
    // Curiosity Mastcam (Bradbury Landing, Rocknest): grey-brown rocks under brighter dust.
    expect(luminance(rock(mars, mars.rockTint[1]))).toBeLessThan(luminance(mars.regolith));
    const luna = bodyPalette(getBody('luna'));
    // Apollo 15/17 surface frames: rocks lighter than the mature soil around them.
    expect(luminance(rock(luna, luna.rockTint[0]))).toBeGreaterThan(luminance(luna.regolith));
    // The cap is a division then a product: it may land one rounding above (1e-12 relative).
    for (const b of BODIES) {
      const p = bodyPalette(b);
      expect(p.rockTint[0], b.id).toBeLessThanOrEqual(p.rockTint[1]);
      for (const c of [...p.regolith, ...p.bedrock])
        expect(c * p.rockTint[1], b.id).toBeLessThanOrEqual(ROCK_ALBEDO_MAX * (1 + 1e-12));
    }
  });
});
