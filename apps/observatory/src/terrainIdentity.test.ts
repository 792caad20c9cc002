import { describe, expect, it } from 'vitest';
import { getBody } from '@landfall/universe';
import { terrainIdentity } from './terrainIdentity';

describe('terrainIdentity (the HUD line)', () => {
  it('shows the running terrain algorithm version and the recorded level id of each body', () => {
    // Literal values recorded at terrain algorithm version 12 (universe's worldDigest.test.ts holds
    // the whole zoo); they move only with a version bump.
    expect(terrainIdentity(getBody('luna'))).toEqual({
      version: '12',
      digest: 'landfall/v12/luna/898c615e/91f136f5/3f8af6f0',
    });
    expect(terrainIdentity(getBody('mars'))).toEqual({
      version: '12',
      digest: 'landfall/v12/mars/b664c2a1/5d5dccc8/05844b78',
    });
  });
});
