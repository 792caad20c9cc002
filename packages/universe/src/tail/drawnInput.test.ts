// The drawn batch checks its input once, before it computes or remembers anything: a refused
// batch leaves the fresh-ejecta memo as the last good batch left it.
import { describe, expect, it } from 'vitest';
import { getBody } from '../body/getBody';
import { elevationSample } from '../field/elevation';
import { drawnBatch, drawnGroundAtD, freshEjectaBatch } from './drawn';
import { randomDirection } from './testPatches';

const luna = getBody('luna');

function directions(seed: number, n: number): Float64Array {
  const dirs = new Float64Array(3 * n);
  const d = { x: 0, y: 0, z: 0 };
  for (let i = 0; i < n; i++) {
    randomDirection(seed, i, d);
    dirs.set([d.x, d.y, d.z], 3 * i);
  }
  return dirs;
}

describe('drawnBatch input', () => {
  it('a refused batch loses nothing: the memo still serves the last good batch', () => {
    const n = 16;
    const good = directions(3, n);
    drawnBatch(luna, good, n, new Float64Array(n), new Float64Array(3 * n));
    // Finite but not unit: refused (by the one check) before the crater walks and the memo.
    const bad = good.slice();
    bad[3 * 5] *= 2;
    expect(() => drawnBatch(luna, bad, n, new Float64Array(n), null)).toThrow(
      /direction #5 .* not a finite unit/,
    );
    // The same bad directions are refused by freshEjectaBatch too, not answered from a memo.
    expect(() => freshEjectaBatch(luna, bad, n, new Float64Array(n))).toThrow(/direction #5/);
    // The good batch's memo is intact: its ejecta equal the point API's.
    const ejecta = new Float64Array(n);
    freshEjectaBatch(luna, good, n, ejecta);
    const s = elevationSample();
    for (let i = 0; i < n; i++) {
      const e = drawnGroundAtD(luna, { x: good[3 * i], y: good[3 * i + 1], z: good[3 * i + 2] }, s);
      expect(Object.is(ejecta[i], e)).toBe(true);
    }
  });

  it('names the bad number, the bad count and the short output', () => {
    const dirs = directions(4, 2);
    dirs[4] = Infinity;
    expect(() => drawnBatch(luna, dirs, 2, new Float64Array(2), null)).toThrow(
      /direction #1 .*: dirs\[4\] = Infinity/,
    );
    expect(() => drawnBatch(luna, dirs, 3, new Float64Array(3), null)).toThrow(
      /count 3 does not fit: dirs holds 2/,
    );
    expect(() => drawnBatch(luna, directions(4, 2), 2, new Float64Array(1), null)).toThrow(/outH holds 1/);
  });
});
