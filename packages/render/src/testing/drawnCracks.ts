/**
 * Test kit: cracks in the surface AS DRAWN. Every edge vertex of every drawn patch is computed as
 * the terrain material computes it — float32 throughout: render-space offset fround(anchor − eye),
 * the stored float32 position, |pre-morph position| for the distance, the shared `morphFactor` and
 * `morphPosition` (vertexMorph.ts, the code the material's TSL is built from) over float32
 * arithmetic — and must lie on the drawn edge of the patch across that edge (a vertex, or a point of
 * a segment at a T-junction) within a rounding bound derived per vertex (see `vertexBound`).
 * The patch across is found by nudging the vertex's direction a quarter cell outwards and asking
 * which drawn patch holds it; none means the edge of the culled draw set (not a crack).
 */
import { OFFSET_MORPH, PATCH_GRID, PATCH_VERTEX_STRIDE } from '@landfall/streamer';
import type { DrawItem } from '../patch/PatchMeshes';
import { MeshSeater } from '../scatter/MeshSeater';
import { float32Morph, morphFactor, morphPosition, type MorphFactorInput } from '../material/vertexMorph';

const G = PATCH_GRID;
const f = Math.fround;
/** float32 unit roundoff. */
const U = 2 ** -24;

export interface CrackReport {
  /** Edge vertices compared with a drawn neighbour. */
  checked: number;
  /** Edge vertices on the border of the draw set (no drawn patch across). */
  border: number;
  /** Edge vertices whose gap exceeds their bound. */
  cracks: number;
  /** Largest gap, m, and the largest gap / bound. */
  worstGap: number;
  worstRatio: number;
  /** Edge vertices whose outward nudge landed back in their own patch (should be 0). */
  unmatched: number;
}

/** What the check does to each item's edge overrides: as drawn, or a planted break. */
export type EdgeOverrides = (edge: ArrayLike<number> | undefined, e: number) => number;
export const AS_DRAWN: EdgeOverrides = (edge, e) => (edge ? edge[e] : -1);

/** Edge e's vertex n (west i = 0, east i = 64, south j = 0, north j = 64), as (i, j). */
function edgeIJ(e: number, n: number): [number, number] {
  return e === 0 ? [0, n] : e === 1 ? [G - 1, n] : e === 2 ? [n, 0] : [n, G - 1];
}

/** Drawn render-space edge vertices (4 × 65 × 3), their bounds (4 × 65) and nudged directions. */
interface DrawnEdges {
  pos: Float64Array;
  bound: Float64Array;
  nudge: Float64Array;
}

function drawnEdges(
  item: DrawItem,
  eye: ArrayLike<number>,
  overrides: EdgeOverrides,
  corners: EdgeOverrides,
): DrawnEdges {
  const p = item.payload;
  const f32 = new Float32Array(p.vertices);
  const i16 = new Int16Array(p.vertices);
  const out: DrawnEdges = {
    pos: new Float64Array(4 * G * 3),
    bound: new Float64Array(4 * G),
    nudge: new Float64Array(4 * G * 3),
  };
  const o = [f(p.anchor[0] - eye[0]), f(p.anchor[1] - eye[1]), f(p.anchor[2] - eye[2])];
  const scale = f(p.morphScale);
  const m: MorphFactorInput<number> = {
    dist: 0,
    morphStart: f(item.morphStart),
    morphEnd: f(item.morphEnd),
    i: 0,
    j: 0,
    edgeW: f(overrides(item.edgeMorph, 0)),
    edgeE: f(overrides(item.edgeMorph, 1)),
    edgeS: f(overrides(item.edgeMorph, 2)),
    edgeN: f(overrides(item.edgeMorph, 3)),
    cornerSW: f(corners(item.cornerMorph, 0)),
    cornerSE: f(corners(item.cornerMorph, 1)),
    cornerNW: f(corners(item.cornerMorph, 2)),
    cornerNE: f(corners(item.cornerMorph, 3)),
  };
  const span = Math.max(m.morphEnd - m.morphStart, 1e-6);
  const pre = [0, 0, 0];
  for (let e = 0; e < 4; e++) {
    for (let n = 0; n < G; n++) {
      const [i, j] = edgeIJ(e, n);
      const v = (j * G + i) * (PATCH_VERTEX_STRIDE / 4);
      const d = (j * G + i) * (PATCH_VERTEX_STRIDE / 2) + OFFSET_MORPH / 2;
      for (let c = 0; c < 3; c++) pre[c] = f(f32[v + c] + o[c]);
      m.dist = f(Math.sqrt(f(f(f(pre[0] * pre[0]) + f(pre[1] * pre[1])) + f(pre[2] * pre[2]))));
      m.i = i;
      m.j = j;
      const k = morphFactor(float32Morph, m);
      const at = (e * G + n) * 3;
      // Distance rounding moves a free vertex's k by at most this (both sides of a seam do so).
      const dk =
        k > 0 && k < 1 ? (8 * U * (m.dist + Math.abs(o[0]) + Math.abs(o[1]) + Math.abs(o[2]))) / span : 0;
      let b2 = 0;
      for (let c = 0; c < 3; c++) {
        const l = f32[v + c];
        const ds = Math.abs(i16[d + c] * scale);
        const local = morphPosition(float32Morph, l, i16[d + c], scale, k);
        const w = f(local + o[c]);
        out.pos[at + c] = w;
        // Per component: float32 storage of l, offset and sum roundings, int16 quantisation of the
        // morph delta (≤ morphScale/2), the morph product's roundings, and k's drift from dk.
        const bc =
          U * (Math.abs(l) + Math.abs(o[c]) + 2 * Math.abs(w)) + p.morphScale / 2 + 3 * U * ds + ds * dk;
        b2 += bc * bc;
      }
      out.bound[e * G + n] = Math.sqrt(b2);
      // Outward nudge, a quarter cell beyond the edge, body-fixed (float64, unmorphed).
      const [ii, jj] = e === 0 ? [1, j] : e === 1 ? [G - 2, j] : e === 2 ? [i, 1] : [i, G - 2];
      const vi = (jj * G + ii) * (PATCH_VERTEX_STRIDE / 4);
      let len = 0;
      for (let c = 0; c < 3; c++) {
        const here = p.anchor[c] + f32[v + c];
        const inner = p.anchor[c] + f32[vi + c];
        out.nudge[at + c] = here + 0.25 * (here - inner);
        len += out.nudge[at + c] * out.nudge[at + c];
      }
      len = Math.sqrt(len);
      for (let c = 0; c < 3; c++) out.nudge[at + c] /= len;
    }
  }
  return out;
}

/** Distance from point a (3) to segment (b, c) in arrays at offsets. */
function pointSegment(a: Float64Array, ia: number, s: Float64Array, ib: number, ic: number): number {
  const ux = s[ic] - s[ib];
  const uy = s[ic + 1] - s[ib + 1];
  const uz = s[ic + 2] - s[ib + 2];
  const wx = a[ia] - s[ib];
  const wy = a[ia + 1] - s[ib + 1];
  const wz = a[ia + 2] - s[ib + 2];
  const uu = ux * ux + uy * uy + uz * uz;
  const t = uu > 0 ? Math.min(1, Math.max(0, (wx * ux + wy * uy + wz * uz) / uu)) : 0;
  const dx = wx - t * ux;
  const dy = wy - t * uy;
  const dz = wz - t * uz;
  return Math.sqrt(dx * dx + dy * dy + dz * dz);
}

/**
 * Measures every drawn edge vertex of `drawSet` seen from `eye` (body-fixed, m); `overrides` and
 * `corners` give the edge and corner overrides (as drawn, or a planted break).
 */
export function measureCracks(
  drawSet: readonly DrawItem[],
  eye: ArrayLike<number>,
  overrides: EdgeOverrides = AS_DRAWN,
  corners: EdgeOverrides = overrides,
): CrackReport {
  const seater = new MeshSeater();
  seater.setDrawSet(drawSet, eye);
  const edges = new Map<DrawItem, DrawnEdges>();
  for (const item of drawSet) edges.set(item, drawnEdges(item, eye, overrides, corners));
  const r: CrackReport = { checked: 0, border: 0, cracks: 0, worstGap: 0, worstRatio: 0, unmatched: 0 };
  for (const item of drawSet) {
    const mine = edges.get(item) as DrawnEdges;
    for (let v = 0; v < 4 * G; v++) {
      const q = seater.patchAt(mine.nudge.subarray(3 * v, 3 * v + 3));
      if (!q) {
        r.border++;
        continue;
      }
      if (q === item) {
        r.unmatched++;
        continue;
      }
      const other = edges.get(q) as DrawnEdges;
      let gap = Infinity;
      let bound = 0;
      for (let e = 0; e < 4; e++) {
        for (let n = 0; n + 1 < G; n++) {
          const b = e * G + n;
          const d = pointSegment(mine.pos, 3 * v, other.pos, 3 * b, 3 * (b + 1));
          if (d < gap) {
            gap = d;
            bound = mine.bound[v] + Math.max(other.bound[b], other.bound[b + 1]);
          }
        }
      }
      r.checked++;
      if (gap > bound) r.cracks++;
      r.worstGap = Math.max(r.worstGap, gap);
      r.worstRatio = Math.max(r.worstRatio, gap / bound);
    }
  }
  return r;
}
