import { describe, expect, it } from 'vitest';
import { parseAddress } from '@landfall/universe';
import { MAX_NODE_LEVEL, NodeKey } from './NodeKey';

describe('NodeKey', () => {
  it('round-trips packed form and address, and parent/children are inverse', () => {
    let seed = 7;
    const rnd = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    for (let k = 0; k < 500; k++) {
      const level = rnd(MAX_NODE_LEVEL + 1);
      const n = 2 ** level;
      const key = new NodeKey(rnd(6), level, rnd(n), rnd(n));
      expect(NodeKey.fromPacked(key.packed).equals(key)).toBe(true);
      expect(NodeKey.fromAddress(key.address('luna')).equals(key)).toBe(true);
      const a = parseAddress(key.address('luna'));
      expect(a.kind).toBe(level === 0 ? 'face' : 'patch');
      if (level === MAX_NODE_LEVEL) continue;
      for (const [i, c] of key.children().entries()) {
        expect(c.parent()?.equals(key)).toBe(true);
        expect(c.childIndex()).toBe(i);
        expect(key.contains(c)).toBe(true);
      }
    }
  });

  it('address digits are (x & 1) + 2·(y & 1), coarsest first', () => {
    expect(new NodeKey(0, 3, 1, 2).address('luna')).toBe('luna/f0/q021');
    expect(NodeKey.root(4).address('mars')).toBe('mars/f4');
  });

  it('packed keys are distinct for distinct nodes', () => {
    const seen = new Set<number>();
    for (let f = 0; f < 6; f++)
      for (let l = 0; l <= 3; l++)
        for (let x = 0; x < 2 ** l; x++)
          for (let y = 0; y < 2 ** l; y++) seen.add(new NodeKey(f, l, x, y).packed);
    expect(seen.size).toBe(6 * (1 + 4 + 16 + 64));
  });

  it('rejects bad input with clear errors', () => {
    expect(() => new NodeKey(6, 0, 0, 0)).toThrow(/face/);
    expect(() => new NodeKey(0, 23, 0, 0)).toThrow(/level/);
    expect(() => new NodeKey(0, 2, 4, 0)).toThrow(/outside/);
    expect(() => new NodeKey(0, 1, Number.NaN, 0)).toThrow(/outside/);
    expect(() => NodeKey.fromAddress('luna/f9')).toThrow(/patch address/);
    expect(() => NodeKey.root(0).child(4)).toThrow(/child index/);
  });
});
