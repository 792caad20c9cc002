/**
 * Turns a selection into the draw set (ADR-0008): one reused DrawPatch per drawn node with its
 * level's morph range and per-edge and per-corner morph overrides (kept in the node's slot, which the selector
 * resets when the node's payload changes, so an evicted payload is not held), and marks the protected working set for
 * eviction (the draw set, its ancestors, resident children of starved nodes).
 */
import { morphEnd, morphStart, NO_MORPH_END, NO_MORPH_START, type LodParams } from '../lod/LodRanges';
import type { NodeInfo, SelectionResult, Selector } from '../lod/Selector';
import { cornerMorph, edgeMorph } from '../lod/balance';
import type { PatchPayload } from '../patch/PatchFormat';
import type { DrawPatch } from './DrawPatch';

export class DrawSetBuilder {
  /** Payloads that have been drawn at least once (cumulative; a count, so it holds nothing). */
  everDrawn = 0;
  private readonly levelStart = new Float64Array(32);
  private readonly levelEnd = new Float64Array(32);

  /** Morph ranges per level for these LOD parameters (level 0 never morphs). */
  setLod(lod: LodParams): void {
    for (let l = 0; l < 32; l++) {
      this.levelStart[l] = l === 0 ? NO_MORPH_START : morphStart(lod, l);
      this.levelEnd[l] = l === 0 ? NO_MORPH_END : morphEnd(lod, l);
    }
  }

  /** The draw list of `res`; stamps the protected working set with `res.stamp`. */
  build(res: SelectionResult, selector: Selector): DrawPatch[] {
    const list: DrawPatch[] = [];
    const stamp = res.stamp;
    for (const n of res.leaves) {
      const payload = n.payload as PatchPayload;
      let d = n.slot as DrawPatch | null;
      if (!d || d.payload !== payload) {
        d = {
          payload,
          morphStart: NO_MORPH_START,
          morphEnd: NO_MORPH_END,
          edgeMorph: [-1, -1, -1, -1],
          cornerMorph: [-1, -1, -1, -1],
        };
        n.slot = d;
        this.everDrawn++;
      }
      d.morphStart = this.levelStart[n.key.level];
      d.morphEnd = this.levelEnd[n.key.level];
      edgeMorph(selector, n, d.edgeMorph);
      cornerMorph(selector, n, d.cornerMorph);
      list.push(d);
    }
    for (const n of res.leaves) {
      for (let a: NodeInfo | null = n; a && a.usedAt !== stamp; a = a.parent) a.usedAt = stamp;
    }
    for (const s of res.starvedNodes) for (const c of selector.children(s)) c.usedAt = stamp;
    return list;
  }
}
