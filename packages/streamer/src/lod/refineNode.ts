/**
 * The balance step's refinement (ADR-0008), shared by the view's selection and the look-around
 * ring's: `a`'s visible children when every one is resident (empty when none is visible), else
 * null after requesting the missing ones into `res`. A node at the depth cap or without a payload
 * does not refine.
 */
import type { Culler } from './Culler';
import type { NodeInfo, SelectionResult, Selector } from './Selector';

export function refineNode(
  sel: Selector,
  culler: Culler,
  a: NodeInfo,
  res: SelectionResult,
): NodeInfo[] | null {
  const p = a.payload;
  if (!p || a.key.level >= sel.maxLevel) return null;
  const missing = sel.wantChildren(a, p, culler, res, -1);
  if (missing > 0) return null;
  return sel.visibleKids === 0 ? [] : sel.children(a).filter((c) => c.payload !== null);
}
