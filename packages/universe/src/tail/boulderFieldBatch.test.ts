// boulderFieldBatch (ADR-0007): the canonical ladder's boulder-field signal alone, bit-identical to
// the point walk's, whether it is read from the last drawnBatch or walked afresh.
import { describe, expect, it } from 'vitest';
import { getBody } from '../body/getBody';
import { canonicalAtD } from '../field/canonical';
import { elevationSample } from '../field/elevation';
import { faceToDirection } from '../cube/CubeSphere';
import { boulderFieldBatch, drawnBatch, freshEjectaBatch } from './drawn';

describe('boulderFieldBatch', () => {
  it('equals the point walk bit for bit, memoised or not, and differs from the merged signal', () => {
    const body = getBody('luna');
    const count = 600;
    const dirs = new Float64Array(3 * count);
    const v = { x: 0, y: 0, z: 0 };
    // A 24 km square of Luna's face 2, where boulder fields and fresh micro craters both occur.
    for (let i = 0; i < count; i++) {
      faceToDirection(2, 0.3 + (i % 25) * 4e-4, 0.2 + Math.floor(i / 25) * 4e-4, v);
      dirs[3 * i] = v.x;
      dirs[3 * i + 1] = v.y;
      dirs[3 * i + 2] = v.z;
    }
    const h = new Float64Array(count);
    const memo = new Float64Array(count);
    const fresh = new Float64Array(count);
    const merged = new Float64Array(count);
    drawnBatch(body, dirs, count, h, null);
    boulderFieldBatch(body, dirs, count, memo);
    freshEjectaBatch(body, dirs, count, merged);
    drawnBatch(body, dirs.subarray(3), count - 1, h, null); // another batch: the memo no longer matches
    boulderFieldBatch(body, dirs, count, fresh);
    const one = new Float64Array(1);
    let fields = 0;
    let mergedOnly = 0;
    for (let i = 0; i < count; i++) {
      v.x = dirs[3 * i];
      v.y = dirs[3 * i + 1];
      v.z = dirs[3 * i + 2];
      canonicalAtD(body, v, elevationSample(), one);
      expect(Object.is(memo[i], one[0])).toBe(true);
      expect(Object.is(fresh[i], one[0])).toBe(true);
      if (one[0] > 0) fields++;
      if (merged[i] > one[0]) mergedOnly++;
    }
    // Teeth: the sample holds both boulder-field ground and ground only micro craters brighten.
    expect(fields).toBeGreaterThan(0);
    expect(mergedOnly).toBeGreaterThan(0);
    expect(() => boulderFieldBatch(body, dirs, count + 1e6, fresh)).toThrow(RangeError);
  });
});
