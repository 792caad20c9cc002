import { describe, expect, it } from 'vitest';
import { MAX_NODE_LEVEL } from '../quadtree/NodeKey';
import { checkConfig } from './streamerUtil';

describe('checkConfig', () => {
  it('takes a depth cap up to the node keys’ deepest level and refuses one past it', () => {
    expect(() => checkConfig(8, MAX_NODE_LEVEL)).not.toThrow();
    expect(() => checkConfig(8, 0)).not.toThrow();
    expect(() => checkConfig(8, undefined)).not.toThrow();
    expect(() => checkConfig(8, MAX_NODE_LEVEL + 1)).toThrow(
      `maxLevel ${MAX_NODE_LEVEL + 1} is not 0…${MAX_NODE_LEVEL}`,
    );
    expect(() => checkConfig(8, -1)).toThrow(/maxLevel -1/);
    expect(() => checkConfig(8, 2.5)).toThrow(/maxLevel 2.5/);
    expect(() => checkConfig(0, 3)).toThrow(/cellPixels 0/);
  });
});
