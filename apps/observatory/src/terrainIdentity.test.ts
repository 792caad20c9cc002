import { describe, expect, it } from 'vitest';
import { getBody } from '@landfall/universe';
import { terrainIdentity } from './terrainIdentity';

describe('terrainIdentity (the HUD line)', () => {
  it('shows the running terrain algorithm version and the recorded level id of each body', () => {
    // Literal values recorded at terrain algorithm version 4 (universe's worldDigest.test.ts holds
    // the whole zoo); they move only with a version bump.
    expect(terrainIdentity(getBody('luna'))).toEqual({
      version: '4',
      digest: 'landfall/v4/luna/898c615e/9e0d6192/dd6981c7',
    });
    expect(terrainIdentity(getBody('mars'))).toEqual({
      version: '4',
      digest: 'landfall/v4/mars/b664c2a1/42b9ddd2/5ba0fa00',
    });
  });
});
