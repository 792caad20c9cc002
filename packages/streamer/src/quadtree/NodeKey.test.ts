import { describe, expect, it } from 'vitest';
import { parseAddress } from '@landfall/universe';
import { checkRequest } from '../patch/sampleHeightfield';
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
      expect(NodeKey.fromPacked(NodeKey.pack(key.face, level, key.x, key.y)).equals(key)).toBe(true);
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
    expect(() => new NodeKey(0, 23, 0, 0)).toThrow(/node level 23 is not 0…22/);
  });

  it("parses addresses with universe's grammar and refuses what names no node", () => {
    const deepest = `luna/f3/q${'3'.repeat(MAX_NODE_LEVEL)}`;
    const k = NodeKey.fromAddress(deepest);
    expect([k.face, k.level, k.x, k.y]).toEqual([
      3,
      MAX_NODE_LEVEL,
      2 ** MAX_NODE_LEVEL - 1,
      2 ** MAX_NODE_LEVEL - 1,
    ]);
    expect(k.address('luna')).toBe(deepest);
    // The grammar's body is 1…32 characters: a 33-letter body names nothing.
    expect(() => NodeKey.fromAddress(`${'a'.repeat(33)}/f0`)).toThrow(/is not a patch address: .*body/);
    // Grammar errors (universe's AddressError text is kept in the message).
    for (const bad of [
      '',
      'Luna/f0',
      ' luna/f0',
      'luna/f0/',
      'luna/f0/q',
      'luna/f0/q4',
      'luna/f0/q01 ',
      'luna//f0',
    ])
      expect(() => NodeKey.fromAddress(bad), JSON.stringify(bad)).toThrow(/is not a patch address: address/);
    // Valid addresses that name no node: a body, a region, an object, a path deeper than the cap.
    expect(() => NodeKey.fromAddress('luna')).toThrow(/patch address \(body address/);
    expect(() => NodeKey.fromAddress('luna/f2/r10.20')).toThrow(/patch address \(region address/);
    expect(() => NodeKey.fromAddress('luna/f2/r10.20/o3')).toThrow(/patch address \(object address/);
    expect(() => NodeKey.fromAddress(`luna/f0/q${'0'.repeat(MAX_NODE_LEVEL + 1)}`)).toThrow(
      /is not a patch address: level 23 is not 0…22/,
    );
  });

  it('checks patch requests with the node ranges and the one level cap', () => {
    const req = (face: number, level: number, x: number, y: number) => ({ body: 'luna', face, level, x, y });
    expect(() => checkRequest(req(0, MAX_NODE_LEVEL + 1, 0, 0))).toThrow(/patch level 23 is not 0…22/);
    expect(() => checkRequest(req(-1, 0, 0, 0))).toThrow(/patch face -1/);
    expect(() => checkRequest(req(0, 1, 2, 0))).toThrow(/patch \(2, 0\) is outside level 1/);
    expect(() => checkRequest(req(5, MAX_NODE_LEVEL, 2 ** MAX_NODE_LEVEL - 1, 0))).not.toThrow();
  });
});
