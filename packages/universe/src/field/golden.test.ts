// Golden vectors: 288 points across the zoo (16 per body, far and near), bit-exact (Object.is).
// Recapture only with a TERRAIN_ALGORITHM_VERSION bump: npx tsx tools/scripts/field-golden.ts
import { expect, it } from 'vitest';
import { getBody } from '../body/getBody';
import { TERRAIN_ALGORITHM_VERSION } from '../digest/worldDigest';
import { elevationAtD, elevationSample } from './elevation';
import golden from './fixtures/golden.json';

it('reproduces every golden vector bit for bit', () => {
  expect(golden.version).toBe(TERRAIN_ALGORITHM_VERSION);
  expect(golden.rows.length).toBeGreaterThanOrEqual(288);
  const o = elevationSample();
  const bad: string[] = [];
  golden.rows.forEach((r, i) => {
    elevationAtD(getBody(golden.ids[i]), { x: r[0], y: r[1], z: r[2] }, o);
    const got = [o.h, o.gx, o.gy, o.gz];
    if (!got.every((v, k) => Object.is(v, r[3 + k])))
      bad.push(`${golden.ids[i]} #${i}: ${got} ≠ ${r.slice(3)}`);
  });
  expect(bad.slice(0, 5)).toEqual([]);
});
