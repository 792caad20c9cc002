import { describe, expect, it } from 'vitest';
import { getBody } from '@landfall/universe';
import { terrainIdentity } from './terrainIdentity';

describe('terrainIdentity (the HUD line)', () => {
  it('shows the running terrain algorithm version and the recorded level id of each body', () => {
    // Literal values recorded at terrain algorithm version 14 (universe's worldDigest.test.ts holds
    // the whole zoo); they move only with a version bump.
    expect(terrainIdentity(getBody('luna'))).toEqual({
      version: '14',
      digest: 'landfall/v14/luna/898c615e/cbdac6eb/40142f32',
    });
    expect(terrainIdentity(getBody('mars'))).toEqual({
      version: '14',
      digest: 'landfall/v14/mars/b664c2a1/04413b4f/e30cf4a2',
    });
  });
});
