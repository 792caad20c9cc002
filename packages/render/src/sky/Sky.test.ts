// The star mask of the one sky (ADR-0013): stars hidden by a bright sky and by the sunlit
// ground's glare near a body, shown over the night side and far from the body.
import { Vector3 } from 'three/webgpu';
import { describe, expect, it } from 'vitest';
import { getBody } from '@landfall/universe';
import { bodyPalette } from '../material/bodyPalette';
import { Sky } from './Sky';

const UP = [0, 0, 1];
/** The sun at `deg` degrees above the eye's horizon (up is +z). */
const sunAt = (deg: number) =>
  new Vector3(Math.cos((deg * Math.PI) / 180), 0, Math.sin((deg * Math.PI) / 180));

function visibility(id: string, sunDeg: number, altitude: number): number {
  const body = getBody(id);
  const sky = new Sky();
  sky.setBody(body, bodyPalette(body));
  sky.update(sunAt(sunDeg), UP, altitude, 0.001);
  const v = sky.starVisibility();
  sky.dispose();
  return v;
}

describe('Sky star mask', () => {
  it('hides the stars over sunlit ground on an airless body, shows them by night', () => {
    // Standing 2 m up, the body covers half the sky: full glare while the sun is up.
    expect(visibility('luna', 40, 2)).toBe(0);
    expect(visibility('luna', 20, 2)).toBe(0);
    // Below civil twilight (sun −20°) nothing lights the ground round the eye: no air, all stars.
    expect(visibility('luna', -20, 2)).toBe(1);
  });

  it('fades the glare with the sky share the body covers', () => {
    const R = getBody('luna').radius;
    // Truth by hand: at h = R the body covers (1 − cos 30°)/2 = 0.067 of the sky, between START
    // 0.01 and FULL 0.2: partly visible; at 20 R (0.0006) the sunlit Moon is a small disc.
    const mid = visibility('luna', 40, R);
    expect(mid).toBeGreaterThan(0);
    expect(mid).toBeLessThan(1);
    expect(visibility('luna', 40, 20 * R)).toBe(1);
    expect(visibility('luna', 40, 0.2 * R)).toBe(0);
  });

  it('keeps the day-sky mask: Venus shows no stars by day, Mars by night shows them dimmed by its air', () => {
    expect(visibility('venus', 40, 2)).toBe(0);
    const mars = visibility('mars', -20, 0);
    expect(mars).toBeGreaterThan(0);
    expect(mars).toBeLessThan(1);
  });
});
