// The batch API is bit-identical to the point API, and evaluation order never matters
// (HOUSE_STYLE §4): random quadtree nodes at every level 0…20, every body.
import { describe, expect, it } from 'vitest';
import { bodyIds, getBody } from '../body/getBody';
import { hash3, unitFromHash } from '../math/hash';
import { elevationAtD, elevationBatch, elevationSample } from './elevation';
import { patchDirections } from '../testing/probes';

const N = 69;
const o = elevationSample();

function checkPatch(id: string, face: number, level: number, i: number, j: number, every: number): void {
  const body = getBody(id);
  const dirs = patchDirections(face, level, i, j, N);
  const count = N * N;
  const h = new Float64Array(count);
  const g = new Float64Array(3 * count);
  elevationBatch(body, dirs, count, h, g);
  let bad = 0;
  for (let k = 0; k < count; k += every) {
    elevationAtD(body, { x: dirs[3 * k], y: dirs[3 * k + 1], z: dirs[3 * k + 2] }, o);
    const same =
      Object.is(o.h, h[k]) &&
      Object.is(o.gx, g[3 * k]) &&
      Object.is(o.gy, g[3 * k + 1]) &&
      Object.is(o.gz, g[3 * k + 2]);
    if (!same) bad++;
  }
  expect(bad, `${id} face ${face} level ${level} (${i}, ${j})`).toBe(0);
}

describe('batch ≡ point', () => {
  const ids = bodyIds();
  it('every sample of random patches at levels 0…20 (bodies rotate)', () => {
    for (let level = 0; level <= 20; level++) {
      const id = ids[level % ids.length];
      const r = hash3(77, level, 0);
      const side = 2 ** level;
      const i = Math.floor(unitFromHash(r) * side);
      const j = Math.floor(unitFromHash(hash3(77, level, 1)) * side);
      checkPatch(id, r % 6, level, i, j, level < 6 ? 7 : 1);
    }
  }, 120_000);

  it('a fine patch on every body', () => {
    for (const id of ids) checkPatch(id, 3, 16, 40000, 21000, 5);
  }, 120_000);
});

describe('order independence', () => {
  it('shuffled batch ≡ sequential batch, sample by sample', () => {
    const body = getBody('luna');
    const dirs = patchDirections(2, 12, 1234, 3000, 33);
    const count = 33 * 33;
    const perm = Array.from({ length: count }, (_, k) => k).sort((a, b) => hash3(5, a, 0) - hash3(5, b, 0));
    const shuffled = new Float64Array(3 * count);
    perm.forEach((src, dst) => shuffled.set(dirs.subarray(3 * src, 3 * src + 3), 3 * dst));
    const h1 = new Float64Array(count);
    const h2 = new Float64Array(count);
    const g1 = new Float64Array(3 * count);
    const g2 = new Float64Array(3 * count);
    elevationBatch(body, dirs, count, h1, g1);
    elevationBatch(getBody('mars'), dirs, count, h2, null); // another body in between
    elevationBatch(body, shuffled, count, h2, g2);
    let bad = 0;
    perm.forEach((src, dst) => {
      if (!Object.is(h1[src], h2[dst]) || !Object.is(g1[3 * src + 2], g2[3 * dst + 2])) bad++;
    });
    expect(bad).toBe(0);
  });

  it('point API: reverse order ≡ forward order', () => {
    const body = getBody('europa');
    const dirs = patchDirections(5, 9, 100, 200, 17);
    const fwd: number[] = [];
    for (let k = 0; k < 17 * 17; k++)
      fwd.push(elevationAtD(body, { x: dirs[3 * k], y: dirs[3 * k + 1], z: dirs[3 * k + 2] }, o).h);
    for (let k = 17 * 17 - 1; k >= 0; k--) {
      expect(
        Object.is(
          elevationAtD(body, { x: dirs[3 * k], y: dirs[3 * k + 1], z: dirs[3 * k + 2] }, o).h,
          fwd[k],
        ),
      ).toBe(true);
    }
  });
});
