import { describe, expect, it } from 'vitest';
import { getBody } from '@landfall/universe';
import { terrainIdentity } from './terrainIdentity';

describe('terrainIdentity (the HUD line)', () => {
  it('shows the running terrain algorithm version and the recorded level id of each body', () => {
    // Literal values recorded at terrain algorithm version 8 (universe's worldDigest.test.ts holds
    // the whole zoo); they move only with a version bump.
    expect(terrainIdentity(getBody('luna'))).toEqual({
      version: '8',
      digest: 'landfall/v8/luna/898c615e/f817835b/18382317',
    });
    expect(terrainIdentity(getBody('mars'))).toEqual({
      version: '8',
      digest: 'landfall/v8/mars/b664c2a1/dca284d6/a37dd1a7',
    });
  });
});
