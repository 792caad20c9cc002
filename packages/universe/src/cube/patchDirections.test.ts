// Node lattices nest, share edges (also across a face edge) and ring their neighbours, bit for bit:
// truths from the quadtree's geometry, not from the lattice formula.
import { describe, expect, it } from 'vitest';
import { patchDirections } from './patchDirections';

const G = 65;

/** Sample (a, b) of an n-wide lattice as [x, y, z]. */
const at = (dirs: Float64Array, n: number, a: number, b: number): number[] => {
  const k = 3 * (b * n + a);
  return [dirs[k], dirs[k + 1], dirs[k + 2]];
};

describe('patchDirections', () => {
  it('a child lattice holds its parent’s samples at its even points', () => {
    for (const [face, level, x, y] of [
      [2, 0, 0, 0],
      [4, 9, 300, 17],
      [1, 21, 2097151, 1048576],
    ]) {
      const parent = patchDirections(face, level, x, y, G, 0);
      // The child at (2x + 1, 2y) is the parent's upper-s, lower-t quarter.
      const child = patchDirections(face, level + 1, 2 * x + 1, 2 * y, G, 0);
      for (let b = 0; b < G; b += 2)
        for (let a = 0; a < G; a += 2) expect(at(child, G, a, b)).toEqual(at(parent, G, 32 + a / 2, b / 2));
    }
  });

  it('neighbours share edge samples, also across a face edge', () => {
    const west = patchDirections(3, 12, 1000, 2000, G, 0);
    const east = patchDirections(3, 12, 1001, 2000, G, 0);
    // Face 0's s = +1 edge is face 2's s = −1 edge: both are the cube points (1, 1, t).
    const L = 5;
    const f0 = patchDirections(0, L, 2 ** L - 1, 7, G, 0);
    const f2 = patchDirections(2, L, 0, 7, G, 0);
    for (let b = 0; b < G; b++) {
      expect(at(east, G, 0, b)).toEqual(at(west, G, G - 1, b));
      expect(at(f2, G, 0, b)).toEqual(at(f0, G, G - 1, b));
    }
  });

  it('a border rings the node with its neighbours’ samples', () => {
    const n = G + 4;
    const bordered = patchDirections(5, 10, 400, 401, n, 2);
    const west = patchDirections(5, 10, 399, 401, G, 0);
    const north = patchDirections(5, 10, 400, 402, G, 0);
    for (let b = 0; b < G; b++) {
      // Border columns 0 and 1 are the western neighbour's columns 62 and 63.
      expect(at(bordered, n, 0, b + 2)).toEqual(at(west, G, G - 3, b));
      expect(at(bordered, n, 1, b + 2)).toEqual(at(west, G, G - 2, b));
      // The top border rows are the northern neighbour's rows 1 and 2.
      expect(at(bordered, n, b + 2, n - 2)).toEqual(at(north, G, b, 1));
      expect(at(bordered, n, b + 2, n - 1)).toEqual(at(north, G, b, 2));
    }
  });

  it('fills the given array or a new one, and refuses what names no lattice', () => {
    const out = new Float64Array(3 * 9 * 9);
    expect(patchDirections(0, 3, 1, 2, 9, 0, out)).toBe(out);
    expect(patchDirections(0, 3, 1, 2, 9, 0)).toEqual(out);
    expect(() => patchDirections(6, 0, 0, 0, 9, 0)).toThrow(/face 6/);
    expect(() => patchDirections(0, 2, 4, 0, 9, 0)).toThrow(/outside level 2/);
    expect(() => patchDirections(0, 1.5, 0, 0, 9, 0)).toThrow(/not integer/);
    expect(() => patchDirections(0, 0, 0, 0, 5, 2)).toThrow(/border of 2/);
    expect(() => patchDirections(0, 0, 0, 0, Number.NaN, 0)).toThrow(/NaN samples/);
    expect(() => patchDirections(0, 0, 0, 0, 9, 0, new Float64Array(10))).toThrow(/out holds 10/);
  });
});
