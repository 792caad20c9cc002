/**
 * 2:1 balance of the draw set across face edges and corners (ADR-0008), and the per-edge morph
 * override that closes every level step exactly.
 *
 * Every drawn leaf's four same-level edge neighbours must be covered at its parent's level or
 * finer. A leaf whose neighbour region is drawn two or more levels coarser makes that coarse leaf
 * split (when its visible children are resident) or else collapses itself into its own parent
 * (always resident, so never a hole); repeated until stable.
 *
 * Edge morph: −1 free (the distance morph), 1 forced fully morphed (the neighbour is one level
 * coarser: this edge shows the coarse grid), 0 forced unmorphed (the neighbour is finer: it shows
 * this grid on the shared edge). With 2:1 balance both sides of every edge then show the same
 * vertices.
 */
import type { NodeInfo, SelectionResult, Selector } from './Selector';

/** Free edge: the vertex uses the distance morph. */
export const EDGE_MORPH_FREE = -1;

export type EdgeMorph = [number, number, number, number];

export interface BalanceStats {
  forcedSplits: number;
  collapses: number;
}

/**
 * Balances `res` in place. `refine(a)` returns `a`'s visible children when all of them are
 * resident (the split may happen; empty when none is visible), else null (it has requested the
 * missing ones).
 */
export function balance(
  sel: Selector,
  res: SelectionResult,
  refine: (a: NodeInfo) => NodeInfo[] | null,
): BalanceStats {
  const leaves = new Map<number, NodeInfo>();
  for (const n of res.leaves) leaves.set(n.key.packed, n);
  const split = res.split;
  const stats: BalanceStats = { forcedSplits: 0, collapses: 0 };
  for (let pass = 0, changed = true; changed && pass < 64; pass++) {
    changed = false;
    for (const leaf of leaves.values()) {
      if (leaf.key.level < 2 || !leaves.has(leaf.key.packed)) continue;
      for (let e = 0; e < 4 && !changed; e++) {
        const np = sel.neighbour(leaf, e).parent as NodeInfo;
        if (leaves.has(np.key.packed) || split.has(np.key.packed)) continue;
        let a = np.parent;
        while (a && !leaves.has(a.key.packed)) a = a.parent;
        if (!a) continue; // that region is not drawn (culled)
        const kids = refine(a);
        if (kids && kids.length === 0) {
          // None of the coarse leaf's children is visible: neither is the region it would cover.
          leaves.delete(a.key.packed);
          split.add(a.key.packed);
        } else if (kids) {
          leaves.delete(a.key.packed);
          split.add(a.key.packed);
          for (const k of kids) leaves.set(k.key.packed, k);
          stats.forcedSplits++;
        } else {
          const p = leaf.parent as NodeInfo;
          for (const [packed, n] of leaves) if (p.key.contains(n.key)) leaves.delete(packed);
          for (const packed of [...split]) {
            const k = sel.infoOf(packed).key;
            if (p.key.contains(k)) split.delete(packed);
          }
          leaves.set(p.key.packed, p);
          res.starved++;
          res.starvedNodes.push(p);
          stats.collapses++;
        }
        changed = true;
      }
      if (changed) break;
    }
  }
  res.leaves = [...leaves.values()];
  return stats;
}

/** Per-edge morph override of a drawn leaf (west, east, south, north) into `out`. */
export function edgeMorph(
  sel: Selector,
  res: SelectionResult,
  leaf: NodeInfo,
  leafSet: Set<number>,
  out: EdgeMorph,
): EdgeMorph {
  for (let e = 0; e < 4; e++) {
    const n = sel.neighbour(leaf, e);
    if (leafSet.has(n.key.packed)) out[e] = EDGE_MORPH_FREE;
    else if (res.split.has(n.key.packed)) out[e] = 0;
    else if (n.parent && leafSet.has(n.parent.key.packed)) out[e] = 1;
    else out[e] = EDGE_MORPH_FREE;
  }
  return out;
}
