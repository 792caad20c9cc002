/**
 * 2:1 balance of the draw set across face edges and corners (ADR-0008), and the per-edge morph
 * override that closes every level step exactly.
 *
 * Every drawn leaf's four same-level edge neighbours and (since the level filter, ADR-0006) its
 * up to four diagonal neighbours must be covered at its parent's level or finer. A leaf whose
 * neighbour region is drawn two or more levels coarser makes that coarse leaf
 * split (when its visible children are resident) or else collapses itself into its own parent
 * (always resident, so never a hole); repeated until stable. A collapsed node is not split again
 * in the same balance, so the process terminates.
 *
 * Edge morph: −1 free (the distance morph), 1 forced fully morphed (the neighbour is one level
 * coarser: this edge shows the coarse grid), 0 forced unmorphed (the neighbour is finer: it shows
 * this grid on the shared edge). With 2:1 balance both sides of every edge then show the same
 * vertices.
 *
 * Corner morph (level filter, ADR-0006): a filtered patch's corner moves with the morph (it is its
 * parent's vertex under a coarser filter), so every drawn leaf touching a corner point must show
 * the same field there. With the balance above, the leaves at a point span at most two levels
 * Lmin and Lmin + 1: a leaf at Lmin shows its own vertex (0), one at Lmin + 1 its parent's (1);
 * where all are one level the corner stays free (−1: the distance morph, the same on all sides).
 */
import type { NodeInfo, SelectionResult, Selector } from './Selector';

/** Free edge: the vertex uses the distance morph. */
export const EDGE_MORPH_FREE = -1;

export type EdgeMorph = [number, number, number, number];
/** Per-corner overrides (SW, SE, NW, NE), the same values as EdgeMorph's. */
export type CornerMorph = [number, number, number, number];

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
      for (let e = 0; e < 8 && leaf.leafAt === stamp; e++) {
        // Edges 0–3, then the diagonal neighbours across corners 0–3 (none at a cube corner).
        const nb = e < 4 ? sel.neighbour(leaf, e) : sel.diagonal(leaf, e - 4);
        if (!nb) continue;
        const np = nb.parent as NodeInfo;
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
  // A collapse drew a parent in place of children the selection had counted starved: count each
  // drawn starved node once (starvedNodes keeps the others, whose resident children stay held).
  const starved = new Set<NodeInfo>();
  for (const n of res.starvedNodes) if (n.leafAt === stamp) starved.add(n);
  res.starved = starved.size;
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

/** Edges (west, east, south, north) that meet at each corner (SW, SE, NW, NE): [s edge, t edge]. */
export const CORNER_EDGES = [
  [0, 2],
  [1, 2],
  [0, 3],
  [1, 3],
];

/**
 * Level of what is drawn over same-level node `n`'s region at this selection: its own level when
 * drawn, one finer when split (2:1 balance: its children at the shared point are drawn), an
 * ancestor's level when an ancestor is drawn, NaN when nothing there is drawn (culled).
 */
function drawnLevel(stamp: number, n: NodeInfo): number {
  if (n.splitAt === stamp) return n.key.level + 1;
  for (let a: NodeInfo | null = n; a; a = a.parent) if (a.leafAt === stamp) return a.key.level;
  return Number.NaN;
}

/** Per-corner morph override of a drawn leaf (SW, SE, NW, NE) into `out` (rule above). */
export function cornerMorph(sel: Selector, leaf: NodeInfo, out: CornerMorph): CornerMorph {
  const stamp = sel.stamp;
  const L = leaf.key.level;
  for (let c = 0; c < 4; c++) {
    let lo = L;
    let hi = L;
    // The two edge neighbours that meet at the corner, then the diagonal one (none at a cube corner).
    for (let q = 0; q < 3; q++) {
      const n = q < 2 ? sel.neighbour(leaf, CORNER_EDGES[c][q]) : sel.diagonal(leaf, c);
      if (!n) continue;
      const l = drawnLevel(stamp, n);
      if (l < lo) lo = l;
      if (l > hi) hi = l;
    }
    out[c] = lo === hi ? EDGE_MORPH_FREE : L === lo ? 0 : 1;
  }
  return out;
}
