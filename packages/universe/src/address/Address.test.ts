import { describe, expect, it } from 'vitest';
import { AddressError, formatAddress, parseAddress, MAX_QUADTREE_DEPTH } from './Address';

describe('addresses', () => {
  it('round-trips every kind', () => {
    for (const s of [
      'luna',
      'mars/f3',
      'luna/f2/q0123',
      'luna/f2/r1234.56',
      'luna/f2/r1234.56/o837',
      'io/f0/r0.0/o0',
    ]) {
      expect(formatAddress(parseAddress(s))).toBe(s);
    }
    expect(parseAddress('luna/f2/r10.20/o837')).toEqual({
      kind: 'object',
      body: 'luna',
      face: 2,
      i: 10,
      j: 20,
      slot: 837,
    });
  });

  it.each([
    ['', 'empty'],
    ['Luna', 'body'],
    ['luna/', 'face'],
    ['luna/f6', 'face'],
    ['luna/f2/q', 'quadtree path'],
    ['luna/f2/q0124', 'quadtree path'],
    [`luna/f2/q${'0'.repeat(MAX_QUADTREE_DEPTH + 1)}`, 'quadtree path'],
    ['luna/f2/q01/r1.2', 'nothing may follow'],
    ['luna/f2/r01.2', 'region i'],
    ['luna/f2/r1.-2', 'region j'],
    ['luna/f2/r1', 'r<i>.<j>'],
    ['luna/f2/r1.2/x3', 'only /o'],
    ['luna/f2/r1.2/o', 'object slot'],
    ['luna/f2/r1.2/o1.5', 'object slot'],
    ['luna/f2/z', 'must start with q or r'],
    ['luna/f2/r1.2/o3/', 'only /o'],
  ])('rejects %j with a message naming the %s', (s, word) => {
    expect(() => parseAddress(s)).toThrow(AddressError);
    expect(() => parseAddress(s)).toThrow(word);
  });
});
