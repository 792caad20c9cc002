import { describe, expect, it } from 'vitest';
import { getBody } from '@landfall/universe';
import { terrainIdentity } from './terrainIdentity';

describe('terrainIdentity (the HUD line)', () => {
  it('shows the running terrain algorithm version and the recorded level id of each body', () => {
    // Literal values recorded at terrain algorithm version 7 (universe's worldDigest.test.ts holds
    // the whole zoo); they move only with a version bump.
    expect(terrainIdentity(getBody('luna'))).toEqual({
      version: '7',
      digest: 'landfall/v7/luna/898c615e/ae7fd7f2/8fd10c16',
    });
    expect(terrainIdentity(getBody('mars'))).toEqual({
      version: '7',
      digest: 'landfall/v7/mars/b664c2a1/655eef84/ba025203',
    });
  });
});
