import { describe, expect, it } from 'vitest';
import { getBody, parseLevelId, TERRAIN_ALGORITHM_VERSION, worldDigest } from '@landfall/universe';
import { terrainIdentity } from './terrainIdentity';

describe('terrainIdentity (the HUD line)', () => {
  it('shows the running terrain algorithm version and the body level id of that version', () => {
    for (const id of ['luna', 'mars']) {
      const body = getBody(id);
      const t = terrainIdentity(body);
      expect(t.version).toBe(String(TERRAIN_ALGORITHM_VERSION));
      expect(t.digest).toBe(worldDigest(body).levelId);
      const p = parseLevelId(t.digest);
      expect([p.version, p.body]).toEqual([TERRAIN_ALGORITHM_VERSION, id]);
    }
  });
});
