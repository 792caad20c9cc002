/**
 * Turns a selection into the draw set (ADR-0008): one reused DrawPatch per drawn node with its
 * level's morph range and per-edge and per-corner morph overrides (kept in the node's slot, which the selector
 * resets when the node's payload changes, so an evicted payload is not held), and marks the protected working set for
 * eviction (the draw set, its ancestors, resident children of starved nodes).
 */
import {
  MORPH_START_FRACTION,
  morphEnd,
  morphStart,
  NO_MORPH_END,
  NO_MORPH_START,
  type LodParams,
} from '../lod/LodRanges';
import type { NodeInfo, SelectionResult, Selector } from '../lod/Selector';
import { CORNER_EDGES, cornerMorph, EDGE_MORPH_FREE, edgeMorph } from '../lod/balance';
import { OFFSET_POSITION, PATCH_GRID, PATCH_VERTEX_STRIDE, type PatchPayload } from '../patch/PatchFormat';
import type { DrawPatch } from './DrawPatch';

/**
 * Test-only switch (never set outside tests): `shareRanges: false` leaves the edges and corners of
 * same-level patches with different morph ranges free, the break the watertightness test must catch.
 */
export const drawSetTestHooks = { shareRanges: true };

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

  /**
   * The draw list of `res`; stamps the protected working set with `res.stamp`. `eye` (body-fixed,
   * m) is needed when the selector's split is error-driven (shared edges and corners, below).
   */
  build(res: SelectionResult, selector: Selector, eye: ArrayLike<number> | null = null): DrawPatch[] {
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
      const up = n.parent;
      if (selector.errorDriven && up && up.splitSAt === stamp) {
        // Error-driven split (LodRanges): the child appears where its parent splits.
        d.morphEnd = up.splitS;
        d.morphStart = MORPH_START_FRACTION * up.splitS;
      }
      edgeMorph(selector, n, d.edgeMorph);
      cornerMorph(selector, n, d.cornerMorph);
      list.push(d);
    }
    if (selector.errorDriven && drawSetTestHooks.shareRanges) {
      if (!eye) throw new Error('DrawSetBuilder.build: an error-driven selection needs the eye');
      for (const n of res.leaves) shareRanges(selector, n, eye);
    }
    for (const n of res.leaves) {
      for (let a: NodeInfo | null = n; a && a.usedAt !== stamp; a = a.parent) a.usedAt = stamp;
    }
    for (const s of res.starvedNodes) for (const c of selector.children(s)) c.usedAt = stamp;
    return list;
  }
}

/** Morph factor of a vertex `dist` m from the eye under the range [F·end, end]. */
function factorAt(dist: number, end: number): number {
  const start = MORPH_START_FRACTION * end;
  return Math.min(1, Math.max(0, (dist - start) / (end - start)));
}

/** Eye distance of vertex (i, j) of a drawn node's payload (anchor + float32 position), m. */
function vertexDistance(n: NodeInfo, i: number, j: number, eye: ArrayLike<number>): number {
  const p = n.payload as PatchPayload;
  const f32 = new Float32Array(p.vertices, (j * PATCH_GRID + i) * PATCH_VERTEX_STRIDE + OFFSET_POSITION, 3);
  const dx = p.anchor[0] + f32[0] - eye[0];
  const dy = p.anchor[1] + f32[1] - eye[1];
  const dz = p.anchor[2] + f32[2] - eye[2];
  return Math.sqrt(dx * dx + dy * dy + dz * dz);
}

const LAST = PATCH_GRID - 1;
const MID = LAST / 2;
/** (i, j) of each edge's midpoint vertex (west, east, south, north) and of each corner (SW, SE, NW, NE). */
const EDGE_MID = [
  [0, MID],
  [LAST, MID],
  [MID, 0],
  [MID, LAST],
];
const CORNER_IJ = [
  [0, 0],
  [LAST, 0],
  [0, LAST],
  [LAST, LAST],
];

/**
 * With error-driven splits (LodRanges), same-level neighbours can have different morph ranges
 * (different parents). A free edge or corner shared by such patches is forced to one factor,
 * computed from the same inputs whichever patch asks (the set of patches there, their smallest
 * morph end and the smallest of their own eye distances to the shared midpoint or corner vertex),
 * so every patch shows the same vertices there. Edges and corners whose patches share one range
 * stay free (the per-vertex distance morph, the same on both sides).
 */
function shareRanges(sel: Selector, leaf: NodeInfo, eye: ArrayLike<number>): void {
  const stamp = sel.stamp;
  const d = leaf.slot as DrawPatch;
  for (let e = 0; e < 4; e++) {
    if (d.edgeMorph[e] !== EDGE_MORPH_FREE) continue;
    const nb = sel.neighbour(leaf, e);
    if (nb.leafAt !== stamp) continue;
    const o = nb.slot as DrawPatch;
    if (o.morphEnd === d.morphEnd) continue;
    let back = 0;
    while (back < 4 && sel.neighbour(nb, back) !== leaf) back++;
    const dist = Math.min(
      vertexDistance(leaf, EDGE_MID[e][0], EDGE_MID[e][1], eye),
      vertexDistance(nb, EDGE_MID[back][0], EDGE_MID[back][1], eye),
    );
    d.edgeMorph[e] = factorAt(dist, Math.min(d.morphEnd, o.morphEnd));
  }
  for (let c = 0; c < 4; c++) {
    if (d.cornerMorph[c] !== EDGE_MORPH_FREE) continue;
    // Free: every patch at the point is drawn at this level (balance.cornerMorph).
    const [ci, cj] = CORNER_IJ[c];
    let end = d.morphEnd;
    let differ = false;
    let dist = vertexDistance(leaf, ci, cj, eye);
    const here = leaf.payload as PatchPayload;
    for (let q = 0; q < 3; q++) {
      const nb = q < 2 ? sel.neighbour(leaf, CORNER_EDGES[c][q]) : sel.diagonal(leaf, c);
      if (!nb || nb.leafAt !== stamp) continue;
      const o = nb.slot as DrawPatch;
      if (o.morphEnd !== d.morphEnd) differ = true;
      end = Math.min(end, o.morphEnd);
      dist = Math.min(dist, vertexDistance(nb, ...nearestCorner(nb, here, ci, cj), eye));
    }
    if (differ) d.cornerMorph[c] = factorAt(dist, end);
  }
}

/** (i, j) of the corner of `nb` that is vertex (ci, cj) of `here` (the nearest of its four). */
function nearestCorner(nb: NodeInfo, here: PatchPayload, ci: number, cj: number): [number, number] {
  const p = nb.payload as PatchPayload;
  const pf = new Float32Array(p.vertices);
  const hf = new Float32Array(here.vertices);
  const h = ((cj * PATCH_GRID + ci) * PATCH_VERTEX_STRIDE + OFFSET_POSITION) / 4;
  let best = 0;
  let bestD = Infinity;
  for (let c = 0; c < 4; c++) {
    const [i, j] = CORNER_IJ[c];
    const v = ((j * PATCH_GRID + i) * PATCH_VERTEX_STRIDE + OFFSET_POSITION) / 4;
    let d2 = 0;
    for (let k = 0; k < 3; k++) d2 += (p.anchor[k] + pf[v + k] - (here.anchor[k] + hf[h + k])) ** 2;
    if (d2 < bestD) {
      bestD = d2;
      best = c;
    }
  }
  return [CORNER_IJ[best][0], CORNER_IJ[best][1]];
}
