/**
 * Look-around readiness (ADR-0019): the selection an eye would need looking in any direction from
 * where it stands. A second `Selector` (its own node table, the same residency) selects with an
 * all-round view: every direction passes the frustum, the horizon still culls, and splits follow
 * the view's own LOD (the same focal length and cell size), so a turned view of the same eye wants
 * nothing the ring's fixed point does not hold. It is balanced like the view (2:1), and protects
 * its drawn set, their ancestors and starved nodes' children from eviction.
 *
 * The streamer asks for the ring's missing nodes only after the view's own (low priority), and
 * stops asking once the patches the ring alone holds reach `byteBudget` (RING_BYTE_BUDGET).
 */
import type { PatchPayload } from '../patch/PatchFormat';
import { PATCH_PAYLOAD_BYTES, payloadBytes } from '../cache/PatchCache';
import { Culler } from '../lod/Culler';
import type { LodParams } from '../lod/LodRanges';
import { balance } from '../lod/balance';
import { refineNode } from '../lod/refineNode';
import {
  emptySelection,
  Selector,
  type NodeInfo,
  type SelectionResult,
  type SelectorOptions,
  type SelectRequest,
} from '../lod/Selector';
import { requestOrder, wantedRequests } from './requestOrder';

/** Bytes of patches the ring may hold beyond the view's own, 64 MiB (ADR-0019). */
export const RING_BYTE_BUDGET = 67108864;

/**
 * A view-projection whose frustum holds every direction: rows x and y are zero and w is 1, so each
 * side plane (w ± x, w ± y) and w > 0 reduce to 1 ≥ 0.
 */
const ALL_ROUND = new Float64Array(16);
ALL_ROUND[15] = 1;

export class LookAroundRing {
  readonly selector: Selector;
  private readonly culler = new Culler();
  private readonly res: SelectionResult = emptySelection();
  private readonly eye = new Float64Array(3);
  private focal = NaN;
  /** Missing ring nodes of the last selection, in submission order. */
  wanted: SelectRequest[] = [];
  /** Bytes of resident patches the ring protects and the view does not use (last selection). */
  bytes = 0;
  /** The last selection must be redone (arrivals, evictions, a new eye or LOD). */
  dirty = true;

  constructor(
    o: SelectorOptions,
    readonly byteBudget = RING_BYTE_BUDGET,
  ) {
    if (!(byteBudget > 0)) throw new RangeError(`ring byteBudget ${byteBudget} must be positive`);
    this.selector = new Selector(o);
  }

  setPayload(packed: number, p: PatchPayload | null): void {
    this.selector.setPayload(packed, p);
    this.dirty = true;
  }

  set maxLevel(level: number) {
    if (this.selector.maxLevel !== level) this.dirty = true;
    this.selector.maxLevel = level;
  }

  /** Drawn nodes of the last ring selection. */
  get leaves(): readonly NodeInfo[] {
    return this.res.leaves;
  }

  /** Drawn nodes of the ring that want to split and miss a child. */
  get starved(): number {
    return this.res.starved;
  }

  /** The ring selects nothing more: no missing node, no starved node. */
  get complete(): boolean {
    return this.res.leaves.length > 0 && this.wanted.length === 0 && this.res.starved === 0;
  }

  /** True when the last ring selection protects `packed` (drawn, an ancestor, a starved child). */
  protects(packed: number): boolean {
    return this.selector.peek(packed)?.usedAt === this.res.stamp;
  }

  /**
   * Selects all round `eye` with the view's LOD; `skip` names nodes not to ask for (resident, held
   * by the retry book), `viewUses` the nodes the view's own selection protects (not counted in
   * `bytes`). Runs only when something changed since the last call.
   */
  update(
    eye: Float64Array,
    lod: LodParams,
    occluderRadius: number,
    by: { skip: (packed: number) => boolean; viewUses: (packed: number) => boolean },
  ): void {
    const moved = eye[0] !== this.eye[0] || eye[1] !== this.eye[1] || eye[2] !== this.eye[2];
    if (!this.dirty && !moved && lod.focal === this.focal) return;
    this.dirty = false;
    this.eye.set(eye);
    this.focal = lod.focal;
    this.culler.setView(eye, ALL_ROUND, occluderRadius);
    this.selector.setLod(lod);
    const res = this.selector.select(this.culler, null, this.res);
    balance(this.selector, res, (a) => refineNode(this.selector, this.culler, a, res));
    const stamp = res.stamp;
    let bytes = 0;
    const hold = (n: NodeInfo) => {
      n.usedAt = stamp;
      if (n.payload && !by.viewUses(n.key.packed)) bytes += payloadBytes(n.payload);
    };
    for (const n of res.leaves) {
      if (n.leafAt !== stamp) continue;
      for (let a: NodeInfo | null = n; a && a.usedAt !== stamp; a = a.parent) hold(a);
    }
    for (const s of res.starvedNodes)
      for (const c of this.selector.children(s)) if (c.usedAt !== stamp) hold(c);
    this.bytes = bytes;
    this.wanted = requestOrder([...wantedRequests(res.requests, by.skip).values()]);
  }

  /**
   * The ring's next requests: its wanted nodes not `busy` (in flight, resident), as many as fit the
   * byte budget with `inFlight` ring jobs already counted at one patch each.
   */
  toAsk(inFlight: number, busy: (packed: number) => boolean): SelectRequest[] {
    const room = Math.floor((this.byteBudget - this.bytes) / PATCH_PAYLOAD_BYTES) - inFlight;
    if (room <= 0) return [];
    const out: SelectRequest[] = [];
    for (const r of this.wanted) {
      if (out.length >= room) break;
      if (!busy(r.info.key.packed)) out.push(r);
    }
    return out;
  }
}
