// The drawn field's level filter (math/detailFilter.ts, ADR-0006): no filter and a filter finer
// than every feature family are the full field bit for bit; a 4 m filter removes exactly the tail
// (micro craters 4, 2, 1 m and grit 4, 2 m weigh 0, every ladder rung ≥ 8 m weighs 1), so it is the
// canonical field bit for bit; and families fade with the filter instead of being cut: the largest
// change between neighbouring filter values halves when the step halves (a cut keeps its jump),
// shown on a planted cut.
import { afterEach, describe, expect, it } from 'vitest';
import { getBody } from '../body/getBody';
import { elevationBatch } from '../field/elevation';
import { detailFilterTestHooks } from '../math/detailFilter';
import type { Vec3 } from '../math/vec3';
import { drawnBatch } from './drawn';
import { patchDirections, patchEdge, randomDirection } from './testPatches';

const SLOW = { timeout: 120_000 };

function bitsEqual(a: Float64Array, b: Float64Array): number {
  let diff = 0;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) diff++;
  return diff;
}

/** The largest |h(f_{s+1}) − h(f_s)| over `dirs` for `steps` equal steps of the filter over [lo, hi]. */
function largestStep(
  id: string,
  dirs: Float64Array,
  n: number,
  lo: number,
  hi: number,
  steps: number,
): number {
  const body = getBody(id);
  let prev = new Float64Array(n);
  let cur = new Float64Array(n);
  let worst = 0;
  for (let s = 0; s <= steps; s++) {
    drawnBatch(body, dirs, n, cur, null, lo + ((hi - lo) * s) / steps);
    if (s > 0) for (let i = 0; i < n; i++) worst = Math.max(worst, Math.abs(cur[i] - prev[i]));
    [prev, cur] = [cur, prev];
  }
  return worst;
}

function randomDirs(seed: number, n: number): Float64Array {
  const d: Vec3 = { x: 0, y: 0, z: 0 };
  const out = new Float64Array(3 * n);
  for (let i = 0; i < n; i++) {
    randomDirection(seed, i, d);
    out[3 * i] = d.x;
    out[3 * i + 1] = d.y;
    out[3 * i + 2] = d.z;
  }
  return out;
}

afterEach(() => {
  detailFilterTestHooks.cut = false;
});

describe('drawn field level filter', () => {
  const count = patchEdge * patchEdge;

  it('filter 0 and a 0.25 m filter (every family ≥ 4 cells) are the full field, bit for bit', SLOW, () => {
    for (const id of ['luna', 'mars']) {
      const body = getBody(id);
      const dirs = patchDirections(2, 17, 70_000, 50_000);
      const full = [new Float64Array(count), new Float64Array(3 * count)];
      const f0 = [new Float64Array(count), new Float64Array(3 * count)];
      const fine = [new Float64Array(count), new Float64Array(3 * count)];
      drawnBatch(body, dirs, count, full[0], full[1]);
      drawnBatch(body, dirs, count, f0[0], f0[1], 0);
      drawnBatch(body, dirs, count, fine[0], fine[1], 0.25);
      for (let q = 0; q < 2; q++) {
        expect(bitsEqual(f0[q], full[q]), id).toBe(0);
        expect(bitsEqual(fine[q], full[q]), id).toBe(0);
      }
    }
  });

  it('a 4 m filter drops exactly the tail: it is the canonical field, bit for bit', SLOW, () => {
    for (const id of ['luna', 'mars']) {
      const body = getBody(id);
      const dirs = patchDirections(4, 16, 30_000, 41_000);
      const h = new Float64Array(count);
      const canon = new Float64Array(count);
      const full = new Float64Array(count);
      drawnBatch(body, dirs, count, h, null, 4);
      drawnBatch(body, dirs, count, full, null);
      elevationBatch(body, dirs, count, canon, null);
      expect(bitsEqual(h, canon), id).toBe(0);
      // Teeth: the tail is really there unfiltered.
      expect(bitsEqual(full, canon), id).toBeGreaterThan(count / 2);
    }
  });

  it(
    'ladder rungs fade with the filter, not cut: halving the filter step halves the largest change',
    SLOW,
    () => {
      const n = 256;
      const dirs = randomDirs(41, n);
      // 12 … 40 m crosses the fade bands of the 16, 32 and 64 m rungs (weights between 0 and 1 for
      // a filter in (D/2, D)). A smooth weight changes h by at most |∂h/∂f|·step: the ratio of the
      // largest changes at step and step/2 is ≈ 0.5; a cut changes h by the rung's whole relief at
      // one filter value at any step, so its ratio stays ≈ 1. 0.7 separates the two.
      const coarse = largestStep('luna', dirs, n, 12, 40, 24);
      const fine = largestStep('luna', dirs, n, 12, 40, 48);
      expect(coarse).toBeGreaterThan(0.05); // teeth: the rungs carry relief here
      expect(fine / coarse).toBeLessThan(0.7);
      // The planted cut (kept in the suite): the same measure sees the jump.
      detailFilterTestHooks.cut = true;
      const cutCoarse = largestStep('luna', dirs, n, 12, 40, 24);
      const cutFine = largestStep('luna', dirs, n, 12, 40, 48);
      expect(cutFine / cutCoarse).toBeGreaterThan(0.9);
    },
  );

  it('a bad filter scale gets a RangeError', () => {
    const body = getBody('luna');
    const dirs = randomDirs(3, 4);
    const h = new Float64Array(4);
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => drawnBatch(body, dirs, 4, h, null, bad)).toThrow(RangeError);
  });
});
