/**
 * Quadtree node keys (ADR-0008): a small immutable value type per node of the six face quadtrees,
 * with a packed integer form (exact in a float64, usable as a Map key) and an ADR-0002 address.
 *
 * Node (face, level, x, y) covers s ∈ [−1 + 2x/2^level, −1 + 2(x+1)/2^level] and the same for t
 * with y. Child i (0…3) is (2x + (i & 1), 2y + (i >> 1)); its address digit is i.
 */

import { formatAddress, parseAddress, type Address } from '@landfall/universe';

/**
 * Deepest node level (ADR-0008): the packed form holds x and y in 22 bits each. The one cap for
 * node keys, patch requests and the streamer's `maxLevel`. Addresses may name deeper places
 * (universe's MAX_QUADTREE_DEPTH: save addresses use 24), but no node is deeper than this.
 */
export const MAX_NODE_LEVEL = 22;

const TWO22 = 2 ** MAX_NODE_LEVEL;

export class NodeKey {
  readonly face: number;
  readonly level: number;
  readonly x: number;
  readonly y: number;
  /** ((x·2^22 + y)·32 + level)·8 + face: unique per node, < 2^52. */
  readonly packed: number;

  constructor(face: number, level: number, x: number, y: number) {
    NodeKey.check('node', face, level, x, y);
    this.face = face;
    this.level = level;
    this.x = x;
    this.y = y;
    this.packed = NodeKey.pack(face, level, x, y);
  }

  /**
   * The packed form of node (face, level, x, y) without building a key (for lookups in hot loops);
   * the numbers are not checked: pass a node's own, as the constructor does.
   */
  static pack(face: number, level: number, x: number, y: number): number {
    return ((x * TWO22 + y) * 32 + level) * 8 + face;
  }

  /**
   * The one range check of a node's numbers (also for patch requests, which name a node by them):
   * face 0…5, level 0…MAX_NODE_LEVEL, integer x and y on the level's grid. Throws a RangeError
   * naming the bad field; `noun` starts the message.
   */
  static check(noun: string, face: number, level: number, x: number, y: number): void {
    if (!Number.isInteger(face) || face < 0 || face > 5)
      throw new RangeError(`${noun} face ${face} is not 0…5`);
    if (!Number.isInteger(level) || level < 0 || level > MAX_NODE_LEVEL) {
      throw new RangeError(`${noun} level ${level} is not 0…${MAX_NODE_LEVEL}`);
    }
    const n = 2 ** level;
    if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= n || y >= n) {
      throw new RangeError(`${noun} (${x}, ${y}) is outside level ${level} (0…${n - 1})`);
    }
  }

  static root(face: number): NodeKey {
    return new NodeKey(face, 0, 0, 0);
  }

  static fromPacked(packed: number): NodeKey {
    if (!Number.isInteger(packed) || packed < 0) throw new RangeError(`packed node key ${packed} is invalid`);
    const face = packed % 8;
    let rest = (packed - face) / 8;
    const level = rest % 32;
    rest = (rest - level) / 32;
    const y = rest % TWO22;
    const x = (rest - y) / TWO22;
    return new NodeKey(face, level, x, y);
  }

  /**
   * The node an ADR-0002 face or patch address names ("body/fF" or "body/fF/qDIGITS"), parsed by
   * universe's `parseAddress`; the body component is checked by the grammar, not looked up.
   * Throws a RangeError naming the address for any other address or a path deeper than
   * MAX_NODE_LEVEL.
   */
  static fromAddress(address: string): NodeKey {
    let a: Address;
    try {
      a = parseAddress(address);
    } catch (e) {
      throw new RangeError(`"${address}" is not a patch address: ${(e as Error).message}`, { cause: e });
    }
    if (a.kind !== 'face' && a.kind !== 'patch') {
      throw new RangeError(`"${address}" is not a patch address (${a.kind} address; want body/fF[/qDIGITS])`);
    }
    const path = a.kind === 'patch' ? a.path : '';
    if (path.length > MAX_NODE_LEVEL) {
      throw new RangeError(
        `"${address}" is not a patch address: level ${path.length} is not 0…${MAX_NODE_LEVEL}`,
      );
    }
    let key = NodeKey.root(a.face);
    for (let i = 0; i < path.length; i++) key = key.child(path.charCodeAt(i) - 48);
    return key;
  }

  parent(): NodeKey | null {
    if (this.level === 0) return null;
    return new NodeKey(this.face, this.level - 1, Math.floor(this.x / 2), Math.floor(this.y / 2));
  }

  /** Ancestor at `level` (≤ this level). */
  ancestorAt(level: number): NodeKey {
    if (level > this.level || level < 0) throw new RangeError(`no ancestor at level ${level} of ${this}`);
    const k = 2 ** (this.level - level);
    return new NodeKey(this.face, level, Math.floor(this.x / k), Math.floor(this.y / k));
  }

  child(i: number): NodeKey {
    if (i !== 0 && i !== 1 && i !== 2 && i !== 3) throw new RangeError(`child index ${i} is not 0…3`);
    return new NodeKey(this.face, this.level + 1, 2 * this.x + (i & 1), 2 * this.y + (i >> 1));
  }

  children(): [NodeKey, NodeKey, NodeKey, NodeKey] {
    return [this.child(0), this.child(1), this.child(2), this.child(3)];
  }

  /** Index of this node among its parent's children (0…3); −1 for a root. */
  childIndex(): number {
    return this.level === 0 ? -1 : (this.x & 1) + 2 * (this.y & 1);
  }

  /** True when `other` is this node or lies inside it. */
  contains(other: NodeKey): boolean {
    if (other.face !== this.face || other.level < this.level) return false;
    const k = 2 ** (other.level - this.level);
    return Math.floor(other.x / k) === this.x && Math.floor(other.y / k) === this.y;
  }

  /** ADR-0002 address (universe's `formatAddress`): "luna/f2" for a root, "luna/f2/q0123" below it. */
  address(body: string): string {
    if (this.level === 0) return formatAddress({ kind: 'face', body, face: this.face });
    let path = '';
    for (let l = this.level - 1; l >= 0; l--) {
      const k = 2 ** l;
      path += String((Math.floor(this.x / k) & 1) + 2 * (Math.floor(this.y / k) & 1));
    }
    return formatAddress({ kind: 'patch', body, face: this.face, path });
  }

  /** Lowest s (or t) of the node's square: −1 + 2x/2^level (exact, dyadic). */
  s0(): number {
    return -1 + (2 * this.x) / 2 ** this.level;
  }

  t0(): number {
    return -1 + (2 * this.y) / 2 ** this.level;
  }

  /** Side of the node's square in (s, t) units: 2/2^level. */
  span(): number {
    return 2 / 2 ** this.level;
  }

  equals(other: NodeKey): boolean {
    return this.packed === other.packed;
  }

  toString(): string {
    return `f${this.face}/L${this.level}/${this.x},${this.y}`;
  }
}
