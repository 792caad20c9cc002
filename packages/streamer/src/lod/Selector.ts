/**
 * CDLOD selection over the six face quadtrees (ADR-0008). Pure over its inputs: the view (through
 * a Culler), the LOD ranges, the depth cap and residency (each NodeInfo's `payload`, kept in sync
 * by the owner through `setPayload`). Produces the draw set (leaves), the split nodes, the missing
 * children it wants (requests) and the starved count. Per-update flags live on the NodeInfo as
 * stamps, so the hot path does no hashing.
 *
 * - A resident node that is visible (in the frustum or under the eye, and above the horizon, on its
 *   payload's bounding sphere) splits while its distance is under S(level) and level < maxLevel. It is replaced by its visible
 *   children only when every visible child is resident; otherwise it is drawn itself (never a
 *   hole), its missing children are requested and it counts as starved.
 * - Prefetch: a node that would split from the eye moved along its velocity requests its children
 *   too (at lower priority) but keeps drawing itself.
 * - Non-resident children are culled with the parent's elevation range widened by that range
 *   (children are not generated yet; a heuristic bound, ADR-0008).
 */
import { maxMorphDeltaM, type PatchPayload } from '../patch/PatchFormat';
import { NodeKey } from '../quadtree/NodeKey';
import { diagonalNeighbour, edgeNeighbour } from '../quadtree/edgeNeighbour';
import type { Culler } from './Culler';
import { childRadii, nodeGeometry, nodeSphere, type NodeGeometry } from './NodeGeometry';
import { errorSplitDistance, MORPH_START_FRACTION, splitDistance, type LodParams } from './LodRanges';

/**
 * Node infos the table may hold beyond twice what its last prune kept (ADR-0010): the slack that
 * makes pruning rare; the table is bounded by the working set plus this, not by distance flown.
 */
export const NODE_TABLE_SLACK = 256;

export interface NodeInfo {
  key: NodeKey;
  geom: NodeGeometry;
  children: NodeInfo[] | null;
  /** Edge neighbours 0–3, then diagonal neighbours 4–7 (the node itself: none, a cube corner); null: not looked up. */
  neighbours: (NodeInfo | null)[];
  parent: NodeInfo | null;
  /** The resident payload, or null. */
  payload: PatchPayload | null;
  /** Stamp of the selection in which this node is drawn / split / protected. */
  leafAt: number;
  splitAt: number;
  usedAt: number;
  collapsedAt: number;
  /** Horizon term cached for `hFor` (the payload it was computed from): angle, cos, sin. */
  hFor: PatchPayload | null;
  hB: number;
  hCos: number;
  hSin: number;
  /** Largest morph delta (m) of `deltaFor` (the payload it was read from), for the split distance. */
  deltaFor: PatchPayload | null;
  deltaM: number;
  /** Split distance (m) the selection stamped `splitSAt` gave this node (its children's morph end). */
  splitS: number;
  splitSAt: number;
  /** Owner's per-node slot (the streamer keeps its DrawPatch here). */
  slot: unknown;
}

export interface SelectRequest {
  info: NodeInfo;
  /** Distance from the eye (or the predicted eye for prefetch) to the node's bounds, m. */
  distance: number;
  prefetch: boolean;
}

export interface SelectionResult {
  /** Stamp of this selection: `n.leafAt === stamp` ⇔ drawn, `n.splitAt === stamp` ⇔ split. */
  stamp: number;
  leaves: NodeInfo[];
  /** Nodes replaced by their children (may hold entries a later collapse un-split). */
  split: NodeInfo[];
  requests: SelectRequest[];
  /** Drawn nodes that want to split and miss a child, each once (so never more than `leaves`). */
  starved: number;
  /** Starved nodes (drawn though they want to split; after a balance collapse, also some no longer drawn). */
  starvedNodes: NodeInfo[];
  /** Nodes that were needed this update and resident / missing. */
  hits: number;
  misses: number;
}

/** A fresh, empty selection result (reused across frames by its owner). */
export function emptySelection(stamp = 0): SelectionResult {
  return { stamp, leaves: [], split: [], requests: [], starved: 0, starvedNodes: [], hits: 0, misses: 0 };
}

export interface SelectorOptions {
  lod: LodParams;
  maxLevel: number;
  radius: number;
  maxRelief: number;
  /** Residency of a node when its NodeInfo is (re)created. */
  payloadOf: (packed: number) => PatchPayload | undefined;
}

export class Selector {
  private readonly infos = new Map<number, NodeInfo>();
  private readonly roots: NodeInfo[];
  private readonly sphere = new Float64Array(4);
  private readonly splitDist = new Float64Array(32);
  private readonly payloadOf: (packed: number) => PatchPayload | undefined;
  private readonly radius: number;
  private readonly maxRelief: number;
  /** Depth cap; the streamer lowers or raises it when the detail floor arrives. */
  maxLevel: number;
  lod: LodParams;
  /** The error-driven split is on (lod.ssePixels > 0). */
  private sse = false;
  stamp = 0;
  /** Table size after the last prune. */
  private kept = 0;

  constructor(o: SelectorOptions) {
    this.lod = o.lod;
    this.maxLevel = o.maxLevel;
    this.radius = o.radius;
    this.maxRelief = o.maxRelief;
    this.payloadOf = o.payloadOf;
    this.roots = [0, 1, 2, 3, 4, 5].map((f) => this.info(NodeKey.root(f), null));
    this.setLod(o.lod);
  }

  /** Sets the LOD parameters (focal changes with the view) and refreshes the range table. */
  setLod(lod: LodParams): void {
    this.lod = lod;
    this.sse = (lod.ssePixels ?? 0) > 0;
    for (let l = 0; l < 32; l++) this.splitDist[l] = splitDistance(lod, l);
  }

  info(key: NodeKey, parent: NodeInfo | null): NodeInfo {
    let i = this.infos.get(key.packed);
    if (!i) {
      i = {
        key,
        geom: nodeGeometry(key),
        children: null,
        neighbours: [null, null, null, null, null, null, null, null],
        parent,
        payload: this.payloadOf(key.packed) ?? null,
        leafAt: -1,
        splitAt: -1,
        usedAt: -1,
        collapsedAt: -1,
        hFor: null,
        hB: 0,
        hCos: 1,
        hSin: 0,
        deltaFor: null,
        deltaM: 0,
        splitS: 0,
        splitSAt: -1,
        slot: null,
      };
      this.infos.set(key.packed, i);
    }
    return i;
  }

  infoOf(packed: number): NodeInfo {
    const i = this.infos.get(packed);
    if (i) return i;
    const key = NodeKey.fromPacked(packed);
    const p = key.parent();
    return this.info(key, p ? this.infoOf(p.packed) : null);
  }

  /** The NodeInfo of `packed` if one exists (no creation). */
  peek(packed: number): NodeInfo | undefined {
    return this.infos.get(packed);
  }

  /**
   * Records residency of a node (creates its NodeInfo only when it becomes resident). A change of
   * payload drops everything derived from the old one (the horizon term and the owner's slot), so
   * an evicted payload is reachable from no node.
   */
  setPayload(packed: number, p: PatchPayload | null): void {
    const i = p ? this.infoOf(packed) : this.infos.get(packed);
    if (!i || i.payload === p) return;
    i.payload = p;
    i.hFor = null;
    i.slot = null;
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

  /** The same-level node diagonally across `corner` (0 SW, 1 SE, 2 NW, 3 NE), null at a cube corner. */
  diagonal(n: NodeInfo, corner: number): NodeInfo | null {
    let m = n.neighbours[4 + corner];
    if (!m) {
      const k = diagonalNeighbour(n.key, corner);
      m = k ? this.infoOf(k.packed) : n;
      n.neighbours[4 + corner] = m;
    }
    return m === n ? null : m;
  }

  /** Whether nodes split at their own error-driven distance (LodParams.ssePixels > 0). */
  get errorDriven(): boolean {
    return this.sse;
  }

  isLeaf(n: NodeInfo): boolean {
    return n.leafAt === this.stamp;
  }

  isSplit(n: NodeInfo): boolean {
    return n.splitAt === this.stamp;
  }

  /** Node infos in the table (roots included). */
  get tableSize(): number {
    return this.infos.size;
  }

  /**
   * Forgets node infos nothing needs, once the table exceeds twice what the last prune kept plus
   * NODE_TABLE_SLACK (amortised O(1) per created node). Kept: resident nodes, the nodes `keep`
   * names (in-flight jobs), nodes stamped by the last selection (drawn, split, protected) and
   * every ancestor of those. Links of kept nodes that could reach a forgotten node (children,
   * neighbours) are reset and rebuilt on demand; usedAt (the cache's LRU order) stays on every
   * resident node. Returns the number forgotten.
   */
  prune(keep: (packed: number) => boolean): number {
    if (this.infos.size <= 2 * this.kept + NODE_TABLE_SLACK) return 0;
    const stamp = this.stamp;
    const live = new Set<NodeInfo>(this.roots);
    for (const n of this.infos.values()) {
      if (
        n.payload === null &&
        n.leafAt !== stamp &&
        n.splitAt !== stamp &&
        n.usedAt !== stamp &&
        !keep(n.key.packed)
      )
        continue;
      for (let a: NodeInfo | null = n; a && !live.has(a); a = a.parent) live.add(a);
    }
    const before = this.infos.size;
    this.infos.clear();
    for (const n of live) {
      this.infos.set(n.key.packed, n);
      n.neighbours.fill(null);
    }
    for (const n of live) if (n.children && !n.children.every((c) => live.has(c))) n.children = null;
    this.kept = this.infos.size;
    return before - this.kept;
  }

  /** Selects into `out` (reused: its arrays are cleared) or a new result. */
  select(culler: Culler, ahead: Float64Array | null, out?: SelectionResult): SelectionResult {
    const res: SelectionResult = out ?? emptySelection();
    res.stamp = ++this.stamp;
    res.leaves.length = 0;
    res.split.length = 0;
    res.requests.length = 0;
    res.starvedNodes.length = 0;
    res.starved = 0;
    res.hits = 0;
    res.misses = 0;
    const R = this.radius;
    for (const root of this.roots) {
      if (root.payload) {
        res.hits++;
        this.visit(root, root.payload, culler, ahead, res);
        continue;
      }
      nodeSphere(root.geom, R - this.maxRelief, R + this.maxRelief, this.sphere);
      const s = this.sphere;
      const seen = culler.inFrustum(s[0], s[1], s[2], s[3]) || culler.underEye(root.geom);
      if (seen && culler.aboveHorizon(root.geom, R + this.maxRelief)) {
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
    ahead: Float64Array | null,
    res: SelectionResult,
  ): void {
    const a = p.anchor;
    const br = p.boundingRadius;
    if (!culler.inFrustum(a[0], a[1], a[2], br) && !culler.underEye(n.geom)) return;
    if (n.hFor !== p) {
      const top = Math.sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]) + br;
      n.hB = culler.nodeHorizon(n.geom, top);
      n.hCos = Math.cos(n.hB);
      n.hSin = Math.sin(n.hB);
      n.hFor = p;
    }
    if (!culler.aboveHorizonCached(n.geom, n.hB, n.hCos, n.hSin)) return;
    const level = n.key.level;
    const dist = culler.distance(a[0], a[1], a[2], br);
    let S = this.splitDist[level];
    if (this.sse) {
      if (n.deltaFor !== p) {
        n.deltaM = maxMorphDeltaM(p);
        n.deltaFor = p;
      }
      S = errorSplitDistance(this.lod, level, n.deltaM);
      // A child splits before its own morph starts (its range is [F·S_parent, S_parent]).
      const up = n.parent;
      if (up && up.splitSAt === res.stamp) S = Math.min(S, MORPH_START_FRACTION * up.splitS);
    }
    n.splitS = S;
    n.splitSAt = res.stamp;
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
      this.draw(n, res);
      return;
    }
    const kids = this.children(n);
    if (wantSplit && kids[0].payload && kids[1].payload && kids[2].payload && kids[3].payload) {
      // Fast path: every child is resident, so each culls itself with its own payload bounds.
      res.hits += 4;
      n.splitAt = res.stamp;
      res.split.push(n);
      for (let i = 0; i < 4; i++) this.visit(kids[i], kids[i].payload as PatchPayload, culler, ahead, res);
      return;
    }
    const missing = this.wantChildren(n, p, culler, res, wantSplit ? -1 : distAhead);
    // Splitting into no visible child: the node's own (looser) sphere was all that saw the view.
    if (wantSplit && this.visibleKids === 0) return;
    if (wantSplit && missing === 0) {
      n.splitAt = res.stamp;
      res.split.push(n);
      for (const c of kids) if (c.payload) this.visit(c, c.payload, culler, ahead, res);
      return;
    }
    this.draw(n, res);
    if (wantSplit) {
      res.starved++;
      res.starvedNodes.push(n);
    }
  }

  private draw(n: NodeInfo, res: SelectionResult): void {
    n.leafAt = res.stamp;
    res.leaves.push(n);
  }

  private readonly radii = new Float64Array(2);

  /** Visible children counted by the last wantChildren call. */
  visibleKids = 0;

  /**
   * Culls `n`'s children with bounds from its payload `p` and requests the visible missing ones
   * (`prefetchDistance` ≥ 0 marks them prefetch at that distance). Returns the number missing;
   * `visibleKids` holds the number visible.
   */
  wantChildren(
    n: NodeInfo,
    p: PatchPayload,
    culler: Culler,
    res: SelectionResult,
    prefetchDistance: number,
  ): number {
    const kids = this.children(n);
    // Children's bounds from this payload's elevation range, widened by that range (heuristic).
    const radii = childRadii(this.radius, p.minHeight, p.maxHeight, this.radii);
    const rMin = radii[0];
    const rMax = radii[1];
    let missing = 0;
    let visible = 0;
    const s = this.sphere;
    for (const c of kids) {
      nodeSphere(c.geom, rMin, rMax, s);
      if (!(culler.inFrustum(s[0], s[1], s[2], s[3]) || culler.underEye(c.geom))) continue;
      if (!culler.aboveHorizon(c.geom, rMax)) continue;
      visible++;
      if (c.payload) {
        res.hits++;
        continue;
      }
      missing++;
      res.misses++;
      const prefetch = prefetchDistance >= 0;
      const d = prefetch ? prefetchDistance : culler.distance(s[0], s[1], s[2], s[3]);
      res.requests.push({ info: c, distance: d, prefetch });
    }
    this.visibleKids = visible;
    return missing;
  }
}
