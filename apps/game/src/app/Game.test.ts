import { describe, expect, it } from 'vitest';
import { Game, type PilotInput } from './Game';
import { MemoryStorage } from '../save/memoryStorage.testkit';
import { saveKey } from '../save/SaveStore';
import { SIM_TICK_S, WARP_LEVELS } from '../sim/flightLimits';

const idle = (): PilotInput => ({ throttle: 0, pitch: 0, yaw: 0, roll: 0, sas: true });

// Timeout: the scripted landing flies a full descent over the canonical ground.
describe('Game', { timeout: 60_000 }, () => {
  it('turns real time into whole ticks, times the warp', () => {
    const g = Game.withStorage('luna', new MemoryStorage());
    g.enter('luna', 'orbit');
    expect(g.advance(0.1, idle())).toBe(5);
    g.changeWarp(2);
    expect(g.warp()).toBe(WARP_LEVELS[2]);
    expect(g.advance(0.1, idle())).toBe(Math.round((0.1 * WARP_LEVELS[2]) / SIM_TICK_S));
  });

  it('allows time warp in orbit only', () => {
    const g = Game.withStorage('mars', new MemoryStorage());
    g.enter('mars', 'descent');
    g.changeWarp(1);
    expect(g.warp()).toBe(1);
    expect(g.messages.at(-1)).toMatch(/time warp only in orbit/);
    g.enter('mars', 'orbit', true);
    g.changeWarp(1);
    expect(g.warp()).toBe(WARP_LEVELS[1]);
    const burn = idle();
    burn.throttle = 1;
    g.advance(0.02, burn);
    expect(g.warp()).toBe(1); // engine on: back to real time
  });

  it('the scripted landing resolves with the outcome and saves the landed pose', async () => {
    const store = new MemoryStorage();
    const g = Game.withStorage('luna', store);
    g.enter('luna', 'orbit');
    const p = g.scriptedLanding(50);
    let frames = 0;
    let done = false;
    void p.then(() => (done = true));
    while (!done && frames < 100000) {
      g.recordFrame(16);
      g.advance(0.016, idle());
      frames++;
      await Promise.resolve();
    }
    const r = await p;
    expect(r.outcome).toBe('landed');
    expect(Math.abs(r.groundErrorM)).toBeLessThanOrEqual(0.1);
    expect(r.frames).toBeGreaterThan(0);
    expect(g.autopilot).toBeNull();
    const saved = JSON.parse(store.map.get(saveKey('luna')) ?? 'null');
    expect(saved.ship.mode).toBe('landed');
    expect(saved.ship.pBf).toEqual([g.sim.state.pBf.x, g.sim.state.pBf.y, g.sim.state.pBf.z]);
    // A new session on the same storage restores the same pose.
    const g2 = Game.withStorage('luna', store);
    g2.enter('luna', 'orbit');
    expect(g2.sim.state.mode).toBe('landed');
    expect(g2.sim.state.pBf).toEqual(g.sim.state.pBf);
    expect(g2.lastResult?.outcome).toBe('landed');
  });

  it('a corrupt slot is reported and autosave does not overwrite it', () => {
    const store = new MemoryStorage();
    store.map.set(saveKey('luna'), 'garbage');
    const g = Game.withStorage('luna', store);
    g.enter('luna', 'descent');
    expect(g.messages.join('\n')).toMatch(/save is corrupt/);
    for (let i = 0; i < 40; i++) g.advance(0.25, idle());
    g.save(true);
    expect(store.map.get(saveKey('luna'))).toBe('garbage');
    expect(g.messages.at(-1)).toMatch(/not saved/);
  });
});
