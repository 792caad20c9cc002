import { describe, expect, it } from 'vitest';
import { getBody } from '@landfall/universe';
import { terrainIdentity } from './terrainIdentity';

describe('terrainIdentity (the HUD line)', () => {
  it('shows the running terrain algorithm version and the recorded level id of each body', () => {
    // Literal values recorded at terrain algorithm version 2 (universe's worldDigest.test.ts holds
    // the whole zoo); they move only with a version bump.
    expect(terrainIdentity(getBody('luna'))).toEqual({
      version: '2',
      digest: 'landfall/v2/luna/898c615e/a9a71de1/ef0a4c70',
    });
    expect(terrainIdentity(getBody('mars'))).toEqual({
      version: '2',
      digest: 'landfall/v2/mars/b664c2a1/f63365b5/fcffb875',
    });
  });
});
