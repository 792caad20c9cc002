/**
 * 2:1 balance of the draw set across face edges and corners (ADR-0008), and the per-edge morph
 * override that closes every level step exactly.
 *
 * Every drawn leaf's four same-level edge neighbours must be covered at its parent's level or
 * finer. A leaf whose neighbour region is drawn two or more levels coarser makes that coarse leaf
 * split (when its visible children are resident) or else collapses itself into its own parent
 * (always resident, so never a hole); repeated until stable. A collapsed node is not split again
 * in the same balance, so the process terminates.
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
  const stamp = res.stamp;
  const work = res.leaves;
  const stats: BalanceStats = { forcedSplits: 0, collapses: 0 };
  let any = false;
  for (let pass = 0, changed = true; changed && pass < 256; pass++) {
    changed = false;
    for (let w = 0; w < work.length; w++) {
      const leaf = work[w];
      if (leaf.key.level < 2 || leaf.leafAt !== stamp) continue;
      for (let e = 0; e < 4 && leaf.leafAt === stamp; e++) {
        const np = sel.neighbour(leaf, e).parent as NodeInfo;
        if (np.leafAt === stamp || np.splitAt === stamp) continue;
        let a = np.parent;
        while (a && a.leafAt !== stamp) a = a.parent;
        if (!a) continue; // that region is not drawn (culled)
        // A node collapsed in this balance is never split again (that would loop).
        const kids = a.collapsedAt === stamp ? null : refine(a);
        a.leafAt = -1;
        if (kids && kids.length === 0) {
          // None of the coarse leaf's children is visible: neither is the region it would cover.
          a.splitAt = stamp;
          res.split.push(a);
        } else if (kids) {
          a.splitAt = stamp;
          res.split.push(a);
          for (const k of kids) {
            k.leafAt = stamp;
            work.push(k);
          }
          stats.forcedSplits++;
        } else {
          a.leafAt = stamp;
          const p = leaf.parent as NodeInfo;
          for (const n of work) if (n.leafAt === stamp && p.key.contains(n.key)) n.leafAt = -1;
          for (const n of res.split) if (n.splitAt === stamp && p.key.contains(n.key)) n.splitAt = -1;
          p.leafAt = stamp;
          p.collapsedAt = stamp;
          work.push(p);
          res.starved++;
          res.starvedNodes.push(p);
          stats.collapses++;
        }
        changed = true;
        any = true;
      }
    }
  }
  if (!any) return stats;
  // Compact: drawn leaves once each, in first-seen order.
  const seen = new Set<NodeInfo>();
  res.leaves = work.filter((n) => n.leafAt === stamp && !seen.has(n) && (seen.add(n), true));
  return stats;
}

/** Per-edge morph override of a drawn leaf (west, east, south, north) into `out`. */
export function edgeMorph(sel: Selector, leaf: NodeInfo, out: EdgeMorph): EdgeMorph {
  const stamp = sel.stamp;
  for (let e = 0; e < 4; e++) {
    const n = sel.neighbour(leaf, e);
    if (n.leafAt === stamp) out[e] = EDGE_MORPH_FREE;
    else if (n.splitAt === stamp) out[e] = 0;
    else if (n.parent && n.parent.leafAt === stamp) out[e] = 1;
    else out[e] = EDGE_MORPH_FREE;
  }
  return out;
}
