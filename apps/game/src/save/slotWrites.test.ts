// Who may write a save slot, and what K says when nothing persists (ADR-0015, issue #11): a flight
// that started fresh never writes a slot holding a save (autosave and K included); a storage that
// throws (no localStorage, quota) or drops the write answers "not saved … nothing persisted".
import { describe, expect, it } from 'vitest';
import { getBody } from '@landfall/universe';
import { Game, type PilotInput } from '../app/Game';
import { FlightSim } from '../sim/FlightSim';
import { lowOrbitState } from '../sim/startStates';
import { saveKey, SaveStore } from './SaveStore';
import { browserStorage } from './browserStorage';
import { MemoryStorage } from './memoryStorage.testkit';

const idle = (): PilotInput => ({ throttle: 0, pitch: 0, yaw: 0, roll: 0, sas: true });

/** Runs `seconds` of sim time at 1× in quarter-second frames (autosave runs every 10 s). */
function fly(g: Game, seconds: number): void {
  for (let t = 0; t < seconds; t += 0.25) g.advance(0.25, idle());
}

describe('a fresh flight and the stored save', () => {
  it('?fresh=1 leaves the save byte-identical through autosaves and K; discard frees the slot', () => {
    const storage = new MemoryStorage();
    const first = Game.withStorage('luna', storage);
    first.enter('luna', 'orbit');
    fly(first, 12);
    first.save(true);
    const text = storage.map.get(saveKey('luna'))!;
    expect(text).toMatch(/"format":"landfall-save"/);
    const writes = storage.writes;

    const fresh = Game.withStorage('luna', storage);
    fresh.enter('luna', 'orbit', true);
    expect(fresh.sim.state.tick).toBe(0);
    fly(fresh, 45); // four autosave periods
    fresh.save(true);
    expect(storage.map.get(saveKey('luna'))).toBe(text);
    expect(storage.writes).toBe(writes);
    expect(fresh.messages.join('\n')).toMatch(/started fresh: the save at luna\/\S+ is kept/);
    expect(fresh.messages.at(-1)).toMatch(/^not saved: this flight did not load the save in the luna slot/);
    // Autosave's refusal is noted once, not every period.
    expect(fresh.messages.filter((m) => m.startsWith('not saved')).length).toBe(2);
    // The player's explicit discard is the only way to let this flight save.
    fresh.store.discard('luna');
    fresh.save(true);
    expect(fresh.messages.at(-1)).toMatch(/^saved at luna\//);
  });

  it('a fresh flight with an empty slot saves normally', () => {
    const storage = new MemoryStorage();
    const g = Game.withStorage('mars', storage);
    g.enter('mars', 'orbit', true);
    g.save(true);
    expect(g.messages.at(-1)).toMatch(/^saved at mars\//);
    expect(storage.map.has(saveKey('mars'))).toBe(true);
  });
});

describe('storage that cannot persist', () => {
  const sim = () => new FlightSim(getBody('luna'), lowOrbitState(getBody('luna')));

  it('no localStorage (throws on access, or missing): saves disabled, K says nothing persisted', () => {
    for (const get of [
      () => {
        throw new DOMException('storage is disabled', 'SecurityError');
      },
      () => undefined,
    ]) {
      const b = browserStorage(get);
      expect(b.problem).toMatch(
        /^saves disabled \(localStorage (unavailable: storage is disabled|is missing)\)$/,
      );
      const store = new SaveStore(b.storage);
      expect(store.load('luna')).toEqual({ status: 'none' });
      const r = store.save(sim());
      expect(r.ok).toBe(false);
      if (!r.ok)
        expect(r.message).toMatch(/^not saved: this browser keeps no saves \(.*\); nothing persisted$/);
    }
  });

  it('a working localStorage is used as is', () => {
    const storage = new MemoryStorage();
    expect(browserStorage(() => storage as unknown as Storage)).toEqual({ storage, problem: null });
  });

  it('quota exceeded: not saved, the old save kept', () => {
    const storage = new MemoryStorage();
    storage.map.set(saveKey('luna'), 'old');
    storage.setItem = () => {
      throw new DOMException('quota exceeded', 'QuotaExceededError');
    };
    const r = new SaveStore(storage).save(sim());
    expect(r).toEqual({ ok: false, message: 'not saved: quota exceeded; nothing persisted' });
    expect(storage.map.get(saveKey('luna'))).toBe('old');
  });

  it('a storage that drops writes silently: the read-back says not saved', () => {
    const storage = new MemoryStorage();
    storage.setItem = () => {};
    const r = new SaveStore(storage).save(sim());
    expect(r).toEqual({
      ok: false,
      message: 'not saved: the storage did not keep the save; nothing persisted',
    });
  });
});
