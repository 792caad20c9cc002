/**
 * Test kit: an independent truth for "the radius of the surface as drawn along a direction".
 * Written apart from `MeshSeater`: vertices are read through a DataView and morphed by the
 * DrawPatch rule as its doc states it (dist = |anchor + position − eye|, k = clamp((dist − start) /
 * (end − start), 0, 1), a vertex on an edge whose override is ≥ 0 takes the override,
 * position + k · delta · morphScale), every triangle of the shared index list (the streamer's `sharedIndices`, what
 * the GPU draws) of every drawn patch the ray can reach is tried with Möller–Trumbore
 * (`rayTriangle.ts`: a different ray–triangle formulation from the seater's, three's watertight
 * `Ray.intersectTriangle`).
 */
import {
  OFFSET_MORPH,
  OFFSET_POSITION,
  PATCH_GRID,
  PATCH_VERTEX_STRIDE,
  sharedIndices,
} from '@landfall/streamer';
import type { DrawItem } from '../patch/PatchMeshes';
import { rayTriangle } from './rayTriangle';

const G = PATCH_GRID;
const INDICES = sharedIndices();

/** The patch's vertices as drawn from `eye`, body-fixed float64 (G² × 3). */
export function drawnVertices(item: DrawItem, eye: ArrayLike<number>): Float64Array {
  const p = item.payload;
  const view = new DataView(p.vertices);
  const out = new Float64Array(G * G * 3);
  const span = item.morphEnd - item.morphStart;
  for (let j = 0; j < G; j++) {
    for (let i = 0; i < G; i++) {
      const at = (j * G + i) * PATCH_VERTEX_STRIDE;
      const pos = [0, 1, 2].map((c) => p.anchor[c] + view.getFloat32(at + OFFSET_POSITION + 4 * c, true));
      const dist = Math.hypot(pos[0] - eye[0], pos[1] - eye[1], pos[2] - eye[2]);
      let k = Math.min(1, Math.max(0, (dist - item.morphStart) / span));
      const onEdge = [i === 0, i === G - 1, j === 0, j === G - 1];
      for (let e = 0; e < 4; e++) {
        const forced = item.edgeMorph ? item.edgeMorph[e] : -1;
        if (onEdge[e] && forced >= 0) k = forced;
      }
      // Corners (SW, SE, NW, NE) after the edges, with their own overrides.
      const corner =
        (i === 0 || i === G - 1) && (j === 0 || j === G - 1) ? (i === 0 ? 0 : 1) + (j === 0 ? 0 : 2) : -1;
      const cf = corner >= 0 && item.cornerMorph ? item.cornerMorph[corner] : -1;
      if (cf >= 0) k = cf;
      for (let c = 0; c < 3; c++) {
        const delta = view.getInt16(at + OFFSET_MORPH + 2 * c, true);
        out[(j * G + i) * 3 + c] = pos[c] + k * delta * p.morphScale;
      }
    }
  }
  return out;
}

/**
 * ADR-0013's bound: "zero up to float64 rounding". Both sides build the same float64 vertices (in a
 * different operation order) and intersect in float64 with different formulas, about a dozen
 * roundings each on coordinates of size R, one ulp(R) = 2^-52 · R each (3.9e-10 m on Luna); a
 * radial ray meets a drawn triangle within 80° of square (slopes drawn here stay under that), so
 * the hit is amplified by at most 1/cos 80° ≈ 6. 64 ulp(R) (2.5e-8 m on Luna) covers that; the
 * smallest break that matters, one float32 step of what is drawn (≈ 0.1 m on Luna), is 4e6 times
 * larger. Measured: 3 ulp.
 */
export function seatBound(radius: number): number {
  return 2 ** -52 * radius * 64;
}

/** Truth for a whole draw set seen from one eye. */
export class DrawnSurfaceTruth {
  private readonly verts: Float64Array[];
  /** One triangle's corners, 9 floats. */
  private readonly tri = new Float64Array(9);

  constructor(
    private readonly drawSet: readonly DrawItem[],
    eye: ArrayLike<number>,
  ) {
    this.verts = drawSet.map((d) => drawnVertices(d, eye));
  }

  /** Radius of the first drawn triangle the ray from the body centre along unit `dir` meets, or NaN. */
  radius(dir: ArrayLike<number>): number {
    for (let n = 0; n < this.drawSet.length; n++) {
      const p = this.drawSet[n].payload;
      // Reach: the anchor's distance from the ray against the bounding radius (a morph stays inside).
      const t = p.anchor[0] * dir[0] + p.anchor[1] * dir[1] + p.anchor[2] * dir[2];
      const off = Math.hypot(p.anchor[0] - t * dir[0], p.anchor[1] - t * dir[1], p.anchor[2] - t * dir[2]);
      if (t <= 0 || off > p.boundingRadius * 1.01 + 1) continue;
      const v = this.verts[n];
      const tri = this.tri;
      for (let q = 0; q < INDICES.length; q += 3) {
        for (let k = 0; k < 9; k++) tri[k] = v[3 * INDICES[q + ((k / 3) | 0)] + (k % 3)];
        const r = rayTriangle(dir, tri);
        if (!Number.isNaN(r)) return r;
      }
    }
    return Number.NaN;
  }
}

/**
 * Unit directions inside the first cell row along every edge of `drawSet` whose override forces the
 * morph (a level step), `perEdge` per edge, from the unmorphed mesh (bilinear in the cell).
 */
export function levelStepDirections(drawSet: readonly DrawItem[], perEdge: number): number[][] {
  const out: number[][] = [];
  for (const item of drawSet) {
    const p = item.payload;
    const view = new DataView(p.vertices);
    const at = (i: number, j: number, c: number) =>
      p.anchor[c] + view.getFloat32((j * G + i) * PATCH_VERTEX_STRIDE + OFFSET_POSITION + 4 * c, true);
    for (let e = 0; e < 4; e++) {
      if (!item.edgeMorph || item.edgeMorph[e] < 0) continue;
      for (let s = 0; s < perEdge; s++) {
        // Along the edge at an irrational stride; 0.3 of a cell in from the edge.
        const along = (((s + 1) * 0.618034) % 1) * (G - 1);
        const inward = 0.3;
        const u = e === 0 ? inward : e === 1 ? G - 1 - inward : along;
        const w = e === 2 ? inward : e === 3 ? G - 1 - inward : along;
        const i = Math.min(G - 2, Math.floor(u));
        const j = Math.min(G - 2, Math.floor(w));
        const fu = u - i;
        const fw = w - j;
        const d = [0, 1, 2].map(
          (c) =>
            (1 - fu) * (1 - fw) * at(i, j, c) +
            fu * (1 - fw) * at(i + 1, j, c) +
            (1 - fu) * fw * at(i, j + 1, c) +
            fu * fw * at(i + 1, j + 1, c),
        );
        const l = Math.hypot(d[0], d[1], d[2]);
        out.push(d.map((x) => x / l));
      }
    }
  }
  return out;
}
