import { describe, expect, it } from 'vitest';
import { Game } from './Game';
import { MemoryStorage } from '../save/memoryStorage.testkit';
import { siteDirection } from '../sim/startStates';
import { len3 } from '../sim/vecMath';

describe('a place in the URL', () => {
  it('starts the ship landed at the site even when the body has a save, and keeps the save', () => {
    const store = new MemoryStorage();
    const g = Game.withStorage('luna', store);
    g.enter('luna', 'orbit');
    g.save(false);
    const saved = store.getItem('landfall.save.luna');
    expect(saved).not.toBeNull();

    const site = { latDeg: -5, lonDeg: 5 };
    g.enter('luna', 'landed', false, site);
    const s = g.sim.state;
    expect(s.mode).toBe('landed');
    // Truth: the site's unit direction, built independently of the sim's state.
    const d = siteDirection(site);
    const r = len3(s.pBf);
    expect(
      Math.abs(s.pBf.x / r - d.x) + Math.abs(s.pBf.y / r - d.y) + Math.abs(s.pBf.z / r - d.z),
    ).toBeLessThan(1e-12);
    expect(store.getItem('landfall.save.luna')).toBe(saved);

    // Without a site the save still wins.
    g.enter('luna', 'landed');
    expect(g.sim.state.mode).toBe('flying');
  });
});
