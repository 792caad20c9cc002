import { describe, expect, it } from 'vitest';
import { getBody } from '@landfall/universe';
import { terrainIdentity } from './terrainIdentity';

describe('terrainIdentity (the HUD line)', () => {
  it('shows the running terrain algorithm version and the recorded level id of each body', () => {
    // Literal values recorded at terrain algorithm version 13 (universe's worldDigest.test.ts holds
    // the whole zoo); they move only with a version bump.
    expect(terrainIdentity(getBody('luna'))).toEqual({
      version: '13',
      digest: 'landfall/v13/luna/898c615e/dd007e19/02c3e683',
    });
    expect(terrainIdentity(getBody('mars'))).toEqual({
      version: '13',
      digest: 'landfall/v13/mars/b664c2a1/5d5dccc8/4a4c3567',
    });
  });
});
