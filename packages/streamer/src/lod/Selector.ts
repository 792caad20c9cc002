/**
 * CDLOD selection over the six face quadtrees (ADR-0008). Pure over its inputs: the view (through
 * a Culler), the LOD ranges, the depth cap and a residency lookup. Produces the draw set (leaves),
 * the split nodes, the missing children it wants (requests) and the starved count.
 *
 * - A resident node that is visible (frustum and horizon on its payload's bounding sphere) splits
 *   while its distance is under S(level) and level < maxLevel. It is replaced by its visible
 *   children only when every visible child is resident; otherwise it is drawn itself (never a
 *   hole), its missing children are requested and it counts as starved.
 * - Prefetch: a node that would split from the eye moved along its velocity requests its children
 *   too (at lower priority) but keeps drawing itself.
 * - Non-resident children are culled with the parent's elevation range widened by that range
 *   (children are not generated yet; a heuristic bound, ADR-0008).
 */
import type { PatchPayload } from '../patch/PatchFormat';
import { NodeKey } from '../quadtree/NodeKey';
import { edgeNeighbour } from '../quadtree/edgeNeighbour';
import type { Culler } from './Culler';
import { nodeGeometry, nodeSphere, type NodeGeometry } from './NodeGeometry';
import { splitDistance, type LodParams } from './LodRanges';

export interface NodeInfo {
  key: NodeKey;
  geom: NodeGeometry;
  children: NodeInfo[] | null;
  neighbours: (NodeInfo | null)[];
  parent: NodeInfo | null;
}

export interface SelectRequest {
  info: NodeInfo;
  /** Distance from the eye (or the predicted eye for prefetch) to the node's bounds, m. */
  distance: number;
  prefetch: boolean;
}

export interface SelectionResult {
  leaves: NodeInfo[];
  /** Packed keys of nodes replaced by their children. */
  split: Set<number>;
  requests: SelectRequest[];
  starved: number;
  /** Starved nodes (drawn though they want to split). */
  starvedNodes: NodeInfo[];
  /** Nodes that were needed this update and resident / missing. */
  hits: number;
  misses: number;
}

export interface SelectorOptions {
  lod: LodParams;
  maxLevel: number;
  radius: number;
  maxRelief: number;
}

export class Selector {
  private readonly infos = new Map<number, NodeInfo>();
  private readonly roots: NodeInfo[];
  private readonly sphere = new Float64Array(4);
  lod: LodParams;
  readonly maxLevel: number;
  private readonly radius: number;
  private readonly maxRelief: number;

  constructor(o: SelectorOptions) {
    this.lod = o.lod;
    this.maxLevel = o.maxLevel;
    this.radius = o.radius;
    this.maxRelief = o.maxRelief;
    this.roots = [0, 1, 2, 3, 4, 5].map((f) => this.info(NodeKey.root(f), null));
  }

  info(key: NodeKey, parent: NodeInfo | null): NodeInfo {
    let i = this.infos.get(key.packed);
    if (!i) {
      i = { key, geom: nodeGeometry(key), children: null, neighbours: [null, null, null, null], parent };
      this.infos.set(key.packed, i);
    }
    return i;
  }

  infoOf(packed: number): NodeInfo {
    const key = NodeKey.fromPacked(packed);
    const p = key.parent();
    return this.info(key, p ? this.infoOf(p.packed) : null);
  }

  children(n: NodeInfo): NodeInfo[] {
    if (!n.children) n.children = n.key.children().map((k) => this.info(k, n));
    return n.children;
  }

  neighbour(n: NodeInfo, edge: number): NodeInfo {
    let m = n.neighbours[edge];
    if (!m) {
      m = this.infoOf(edgeNeighbour(n.key, edge).packed);
      n.neighbours[edge] = m;
    }
    return m;
  }

  /** Forgets cached node geometry when it grows past `limit` entries (roots stay). */
  trim(limit: number): void {
    if (this.infos.size <= limit) return;
    this.infos.clear();
    for (const r of this.roots) {
      r.children = null;
      r.neighbours.fill(null);
      this.infos.set(r.key.packed, r);
    }
  }

  select(
    culler: Culler,
    resident: (packed: number) => PatchPayload | undefined,
    ahead: Float64Array | null,
  ): SelectionResult {
    const res: SelectionResult = {
      leaves: [],
      split: new Set(),
      requests: [],
      starved: 0,
      starvedNodes: [],
      hits: 0,
      misses: 0,
    };
    const R = this.radius;
    for (const root of this.roots) {
      const p = resident(root.key.packed);
      if (p) {
        res.hits++;
        this.visit(root, p, culler, resident, ahead, res);
        continue;
      }
      nodeSphere(root.geom, R - this.maxRelief, R + this.maxRelief, this.sphere);
      const s = this.sphere;
      if (culler.inFrustum(s[0], s[1], s[2], s[3]) && culler.aboveHorizon(root.geom, R + this.maxRelief)) {
        res.misses++;
        res.requests.push({ info: root, distance: culler.distance(s[0], s[1], s[2], s[3]), prefetch: false });
      }
    }
    return res;
  }

  private visit(
    n: NodeInfo,
    p: PatchPayload,
    culler: Culler,
    resident: (packed: number) => PatchPayload | undefined,
    ahead: Float64Array | null,
    res: SelectionResult,
  ): void {
    const a = p.anchor;
    const br = p.boundingRadius;
    if (!culler.inFrustum(a[0], a[1], a[2], br)) return;
    const top = Math.sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]) + br;
    if (!culler.aboveHorizon(n.geom, top)) return;
    const level = n.key.level;
    const dist = culler.distance(a[0], a[1], a[2], br);
    const S = splitDistance(this.lod, level);
    const canSplit = level < this.maxLevel;
    const wantSplit = canSplit && dist < S;
    let soon = false;
    let distAhead = dist;
    if (!wantSplit && canSplit && ahead) {
      const dx = a[0] - ahead[0];
      const dy = a[1] - ahead[1];
      const dz = a[2] - ahead[2];
      distAhead = Math.max(0, Math.sqrt(dx * dx + dy * dy + dz * dz) - br);
      soon = distAhead < S;
    }
    if (!wantSplit && !soon) {
      res.leaves.push(n);
      return;
    }
    const { missing, visible } = this.wantChildren(n, p, culler, resident, res, wantSplit ? -1 : distAhead);
    // Splitting into no visible child: the node's own (looser) sphere was all that saw the view.
    if (wantSplit && visible === 0) return;
    if (wantSplit && missing === 0) {
      res.split.add(n.key.packed);
      for (const c of this.children(n)) {
        const cp = resident(c.key.packed);
        if (cp) this.visit(c, cp, culler, resident, ahead, res);
      }
      return;
    }
    res.leaves.push(n);
    if (wantSplit) {
      res.starved++;
      res.starvedNodes.push(n);
    }
  }

  /**
   * Culls `n`'s children with bounds from its payload `p` and requests the visible missing ones
   * (`prefetchDistance` ≥ 0 marks them prefetch at that distance). Counts visible and missing.
   */
  wantChildren(
    n: NodeInfo,
    p: PatchPayload,
    culler: Culler,
    resident: (packed: number) => PatchPayload | undefined,
    res: SelectionResult,
    prefetchDistance: number,
  ): { missing: number; visible: number } {
    const kids = this.children(n);
    // Children's bounds from this payload's elevation range, widened by that range (heuristic).
    const spread = Math.max(1, p.maxHeight - p.minHeight);
    const rMin = this.radius + p.minHeight - spread;
    const rMax = this.radius + p.maxHeight + spread;
    let missing = 0;
    let visible = 0;
    const s = this.sphere;
    for (const c of kids) {
      nodeSphere(c.geom, rMin, rMax, s);
      if (!culler.inFrustum(s[0], s[1], s[2], s[3]) || !culler.aboveHorizon(c.geom, rMax)) continue;
      visible++;
      if (resident(c.key.packed)) {
        res.hits++;
        continue;
      }
      missing++;
      res.misses++;
      const prefetch = prefetchDistance >= 0;
      const d = prefetch ? prefetchDistance : culler.distance(s[0], s[1], s[2], s[3]);
      res.requests.push({ info: c, distance: d, prefetch });
    }
    return { missing, visible };
  }
}
