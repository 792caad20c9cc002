// Version skew (ADR-0015): saves written by the terrain algorithm v1 build (fixtures/v1-saves.json,
// made by encodeSave at commit de8235b) are refused by this build with the version message, and the
// slot keeps the save's text untouched until the player discards it.
import { describe, expect, it } from 'vitest';
import { getBody, TERRAIN_ALGORITHM_VERSION } from '@landfall/universe';
import { FlightSim } from '../sim/FlightSim';
import { lowOrbitState } from '../sim/startStates';
import { saveKey, SaveStore } from './SaveStore';
import { decodeSave } from './saveFormat';
import { worldIdentity } from './worldIdentity';
import fixtures from './fixtures/v1-saves.json';
import { MemoryStorage } from './memoryStorage.testkit';

const saves = fixtures.saves as Record<string, { world: { terrainVersion: string; levelId: string } }>;

describe('a terrain v1 save', () => {
  it('is older than this build', () => {
    expect(TERRAIN_ALGORITHM_VERSION).toBeGreaterThan(1);
    for (const doc of Object.values(saves)) expect(doc.world.terrainVersion).toBe('1');
  });

  it.each(['luna', 'mars'])('on %s is refused with the version message, and nothing is lost', (id) => {
    const text = JSON.stringify(saves[id]);
    const storage = new MemoryStorage();
    storage.map.set(saveKey(id), text);
    const store = new SaveStore(storage);
    const r = store.load(id);
    expect(r.status).toBe('refused');
    if (r.status === 'refused') {
      expect(r.message).toBe(
        `save refused: terrain algorithm version differs — save "1", this build "${TERRAIN_ALGORITHM_VERSION}"`,
      );
    }
    // The slot is blocked: saving does not overwrite it, and its text is byte-identical.
    const sim = new FlightSim(getBody(id), lowOrbitState(getBody(id)));
    expect(store.save(sim).ok).toBe(false);
    expect(store.blockedReason(id)).toMatch(/terrain algorithm version differs/);
    expect(storage.map.get(saveKey(id))).toBe(text);
    expect(storage.writes).toBe(0);
    // Only the player's explicit discard frees the slot.
    store.discard(id);
    expect(store.save(sim).ok).toBe(true);
  });

  it('would still be refused with its version forged: the level id names what moved', () => {
    const forge = (id: string): string =>
      JSON.stringify({
        ...saves[id],
        world: { ...saves[id].world, terrainVersion: String(TERRAIN_ALGORITHM_VERSION) },
      });
    // Luna's ground moved with the named places (v3, ADR-0018) and its registry with them.
    const luna = decodeSave(forge('luna'), 'luna', worldIdentity(getBody('luna')));
    expect(luna.ok).toBe(false);
    if (!luna.ok)
      expect(luna.message).toMatch(/version differs; field hash differs .*; registry hash differs/);
    // Mars's ground moved with its air: the field hash differs too.
    const mars = decodeSave(forge('mars'), 'mars', worldIdentity(getBody('mars')));
    expect(mars.ok).toBe(false);
    if (!mars.ok)
      expect(mars.message).toMatch(/version differs; field hash differs .*; registry hash differs/);
  });
});
