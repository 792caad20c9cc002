/**
 * Resident patches (ADR-0010): an LRU by bytes with a patch cap and a byte budget. Eviction never
 * takes a protected node (the streamer protects the drawn set, its ancestors and the resident
 * children of starved nodes), so the cache cannot strobe below the working set; if the protected
 * set alone exceeds the limits the cache stays over them and says so (`overBudget`).
 *
 * Keys are packed node keys within one streamer, which serves one body of one world: the cache's
 * `worldTag` records which (body id + terrain version/world digest when universe exports one).
 */
import { PATCH_VERTEX_BYTES, type PatchPayload } from '../patch/PatchFormat';
import type { NodeKey } from '../quadtree/NodeKey';

/** Default cap on resident patches (ADR-0010). */
export const DEFAULT_MAX_PATCHES = 1536;
/** Default byte budget of resident patches, 160 MiB (ADR-0010). */
export const DEFAULT_BYTE_BUDGET = 167772160;

export interface CacheEntry {
  key: NodeKey;
  payload: PatchPayload;
  bytes: number;
}

/** Bytes a payload holds: the vertex buffer, the anchor and the edge bounds. */
export function payloadBytes(p: PatchPayload): number {
  return p.vertices.byteLength + p.anchor.byteLength + p.edgeBounds.byteLength;
}

/**
 * What payloadBytes counts for every generated patch: the vertex buffer, the anchor (3 float64)
 * and the four edge bounds (16 float64). Budgets that count patches before they exist (the
 * look-around ring) count them at this size, so that the patches they ask for fit.
 */
export const PATCH_PAYLOAD_BYTES = PATCH_VERTEX_BYTES + 3 * 8 + 16 * 8;

export class PatchCache {
  readonly worldTag: string;
  readonly maxPatches: number;
  readonly byteBudget: number;
  private readonly entries = new Map<number, CacheEntry>();
  private bytes = 0;

  constructor(worldTag: string, maxPatches = DEFAULT_MAX_PATCHES, byteBudget = DEFAULT_BYTE_BUDGET) {
    if (!Number.isInteger(maxPatches) || maxPatches < 6)
      throw new RangeError(`maxPatches ${maxPatches} must be ≥ 6`);
    if (!(byteBudget > 0)) throw new RangeError(`byteBudget ${byteBudget} must be positive`);
    this.worldTag = worldTag;
    this.maxPatches = maxPatches;
    this.byteBudget = byteBudget;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytesResident(): number {
    return this.bytes;
  }

  get overBudget(): boolean {
    return this.entries.size > this.maxPatches || this.bytes > this.byteBudget;
  }

  get(packed: number): PatchPayload | undefined {
    return this.entries.get(packed)?.payload;
  }

  has(packed: number): boolean {
    return this.entries.has(packed);
  }

  add(key: NodeKey, payload: PatchPayload): void {
    const old = this.entries.get(key.packed);
    if (old) {
      this.bytes -= old.bytes;
      this.entries.delete(key.packed);
    }
    const e: CacheEntry = { key, payload, bytes: payloadBytes(payload) };
    this.entries.set(key.packed, e);
    this.bytes += e.bytes;
  }

  /**
   * Evicts unprotected entries, least recently used first (`lastUsed`: larger = more recent; ties
   * keep insertion order), until within limits; returns them. Sorts only when over the limits.
   */
  evict(isProtected: (packed: number) => boolean, lastUsed: (packed: number) => number): CacheEntry[] {
    const out: CacheEntry[] = [];
    if (!this.overBudget) return out;
    const candidates = [...this.entries.values()].filter((e) => !isProtected(e.key.packed));
    const used = new Map(candidates.map((e) => [e, lastUsed(e.key.packed)]));
    candidates.sort((a, b) => (used.get(a) as number) - (used.get(b) as number));
    for (const e of candidates) {
      if (!this.overBudget) break;
      this.entries.delete(e.key.packed);
      this.bytes -= e.bytes;
      out.push(e);
    }
    return out;
  }

  /** Removes everything (dispose); returns what was resident. */
  clear(): CacheEntry[] {
    const out = [...this.entries.values()];
    this.entries.clear();
    this.bytes = 0;
    return out;
  }
}
