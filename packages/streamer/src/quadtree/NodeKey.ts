/**
 * Quadtree node keys (ADR-0008): a small immutable value type per node of the six face quadtrees,
 * with a packed integer form (exact in a float64, usable as a Map key) and an ADR-0002 address.
 *
 * Node (face, level, x, y) covers s ∈ [−1 + 2x/2^level, −1 + 2(x+1)/2^level] and the same for t
 * with y. Child i (0…3) is (2x + (i & 1), 2y + (i >> 1)); its address digit is i.
 */

/** Deepest node level; the packed form holds x and y in 22 bits each (ADR-0008). */
export const MAX_NODE_LEVEL = 22;

const TWO22 = 4194304;

export class NodeKey {
  readonly face: number;
  readonly level: number;
  readonly x: number;
  readonly y: number;
  /** ((x·2^22 + y)·32 + level)·8 + face: unique per node, < 2^52. */
  readonly packed: number;

  constructor(face: number, level: number, x: number, y: number) {
    if (!Number.isInteger(face) || face < 0 || face > 5) throw new RangeError(`node face ${face} is not 0…5`);
    if (!Number.isInteger(level) || level < 0 || level > MAX_NODE_LEVEL) {
      throw new RangeError(`node level ${level} is not 0…${MAX_NODE_LEVEL}`);
    }
    const n = 2 ** level;
    if (!Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= n || y >= n) {
      throw new RangeError(`node (${x}, ${y}) is outside level ${level} (0…${n - 1})`);
    }
    this.face = face;
    this.level = level;
    this.x = x;
    this.y = y;
    this.packed = ((x * TWO22 + y) * 32 + level) * 8 + face;
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

  /** Parses "body/fF" (level 0) or "body/fF/qDIGITS"; the body component is not checked. */
  static fromAddress(address: string): NodeKey {
    const m = /^[a-z][a-z0-9-]*\/f([0-5])(?:\/q([0-3]{1,22}))?$/.exec(address);
    if (!m) throw new RangeError(`"${address}" is not a patch address (body/fF[/qDIGITS])`);
    let key = NodeKey.root(Number(m[1]));
    for (const d of m[2] ?? '') key = key.child(Number(d));
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

  /** ADR-0002 address: "luna/f2" for a root, "luna/f2/q0123" below it. */
  address(body: string): string {
    let path = '';
    for (let l = this.level - 1; l >= 0; l--) {
      const k = 2 ** l;
      path += String((Math.floor(this.x / k) & 1) + 2 * (Math.floor(this.y / k) & 1));
    }
    return path.length === 0 ? `${body}/f${this.face}` : `${body}/f${this.face}/q${path}`;
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
