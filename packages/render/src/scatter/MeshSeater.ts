/**
 * Seats points on the DRAWN mesh (ADR-0013): finds the finest drawn patch holding a direction,
 * then intersects the radial line with that patch's triangles (three's watertight
 * `Ray.intersectTriangle`, both windings): vertices rebuilt in float64 from
 * anchor + float32 position + morph delta · k, with k from the shared vertex morph (vertexMorph.ts,
 * the material's own rule: eye distance AND the draw set's per-edge overrides at a level step).
 * Rocks seated on the analytic field float over a coarser mesh (0.7 m measured in the reference
 * engine); on the drawn mesh they touch it.
 */
import { Ray, Vector3 } from 'three/webgpu';
import { directionToFace, type FaceCoord } from '@landfall/universe';
import {
  MAX_NODE_LEVEL,
  NodeKey,
  OFFSET_MORPH,
  PATCH_GRID,
  PATCH_VERTEX_STRIDE,
  type PatchPayload,
} from '@landfall/streamer';
import type { DrawItem } from '../patch/PatchMeshes';
import { float64Morph, morphFactor, morphPosition, type MorphFactorInput } from '../material/vertexMorph';

const N = PATCH_GRID - 1;
const FREE = -1;
/** Cell corners (di, dj) of the two triangles of a quad, split along a–d like the streamer's `sharedIndices`. */
const TRIANGLES = [
  [0, 0, 1, 0, 1, 1],
  [0, 0, 1, 1, 0, 1],
] as const;

/** Typed views of a payload's interleaved vertex words (cached per payload). */
interface VertexViews {
  f32: Float32Array;
  i16: Int16Array;
}

export class MeshSeater {
  /** Drawn items by packed node key (`NodeKey.pack`). */
  private readonly byKey = new Map<number, DrawItem>();
  private maxLevel = 0;
  /** The patch the last `meshRadius` call searched (undefined: none held the direction). */
  lastPatch: DrawItem | undefined = undefined;
  private readonly fc: FaceCoord = { face: 0, s: 0, t: 0 };
  private readonly eye = new Float64Array(3);
  private readonly tri = new Float64Array(9);
  /** The radial line from the body centre along the direction being seated. */
  private readonly ray = new Ray();
  private readonly a = new Vector3();
  private readonly b = new Vector3();
  private readonly c = new Vector3();
  private readonly hit = new Vector3();
  private readonly views = new WeakMap<ArrayBuffer, VertexViews>();
  private readonly morphIn: MorphFactorInput<number> = {
    dist: 0,
    morphStart: 0,
    morphEnd: 0,
    i: 0,
    j: 0,
    edgeW: FREE,
    edgeE: FREE,
    edgeS: FREE,
    edgeN: FREE,
    cornerSW: FREE,
    cornerSE: FREE,
    cornerNW: FREE,
    cornerNE: FREE,
  };

  /** Indexes a draw set; `eye` and each item's morph range and edge overrides give the morph. */
  setDrawSet(drawSet: readonly DrawItem[], eye: ArrayLike<number>): void {
    this.byKey.clear();
    this.maxLevel = 0;
    for (const item of drawSet) {
      const p = item.payload;
      this.byKey.set(NodeKey.pack(p.face, p.level, p.x, p.y), item);
      if (p.level > this.maxLevel) this.maxLevel = p.level;
    }
    this.eye[0] = eye[0];
    this.eye[1] = eye[1];
    this.eye[2] = eye[2];
  }

  /**
   * Radius (m from the body centre) of the drawn mesh along unit direction `dir`, or NaN when no
   * drawn patch holds it.
   */
  meshRadius(dir: ArrayLike<number>): number {
    const item = this.patchAt(dir);
    this.lastPatch = item;
    if (!item) return Number.NaN;
    const fc = this.fc;
    const { level, x, y } = item.payload;
    const n = 2 ** level;
    const gx = ((fc.s + 1) / 2) * n;
    const gy = ((fc.t + 1) / 2) * n;
    const ci = Math.min(N - 1, Math.max(0, Math.floor((gx - x) * N)));
    const cj = Math.min(N - 1, Math.max(0, Math.floor((gy - y) * N)));
    // The cell's own two triangles first, then its neighbours (curved cell borders).
    for (let ring = 0; ring <= 1; ring++) {
      for (let dj = -ring; dj <= ring; dj++) {
        for (let di = -ring; di <= ring; di++) {
          if (ring === 1 && di === 0 && dj === 0) continue;
          const r = this.cellHit(item, ci + di, cj + dj, dir);
          if (!Number.isNaN(r)) return r;
        }
      }
    }
    return Number.NaN;
  }

  /** The finest drawn patch holding unit direction `dir` (leaves its face coordinates in scratch). */
  patchAt(dir: ArrayLike<number>): DrawItem | undefined {
    const fc = directionToFace({ x: dir[0], y: dir[1], z: dir[2] }, this.fc);
    for (let level = Math.min(this.maxLevel, MAX_NODE_LEVEL); level >= 0; level--) {
      const n = 2 ** level;
      const gx = ((fc.s + 1) / 2) * n;
      const gy = ((fc.t + 1) / 2) * n;
      const x = Math.min(n - 1, Math.max(0, Math.floor(gx)));
      const y = Math.min(n - 1, Math.max(0, Math.floor(gy)));
      const item = this.byKey.get(NodeKey.pack(fc.face, level, x, y));
      if (item) return item;
    }
    return undefined;
  }

  private viewsOf(p: PatchPayload): VertexViews {
    let v = this.views.get(p.vertices);
    if (!v) {
      v = { f32: new Float32Array(p.vertices), i16: new Int16Array(p.vertices) };
      this.views.set(p.vertices, v);
    }
    return v;
  }

  /** Vertex (i, j) of a drawn patch as drawn: body-fixed float64, morphed, into `out[at…at+2]`. */
  private vertex(item: DrawItem, i: number, j: number, out: Float64Array, at: number): void {
    const p: PatchPayload = item.payload;
    const { f32, i16 } = this.viewsOf(p);
    const w = (j * PATCH_GRID + i) * PATCH_VERTEX_STRIDE;
    const f = w / 4;
    const m = (w + OFFSET_MORPH) / 2;
    const x = p.anchor[0] + f32[f];
    const y = p.anchor[1] + f32[f + 1];
    const z = p.anchor[2] + f32[f + 2];
    const dx = x - this.eye[0];
    const dy = y - this.eye[1];
    const dz = z - this.eye[2];
    const mi = this.morphIn;
    mi.dist = Math.sqrt(dx * dx + dy * dy + dz * dz);
    mi.morphStart = item.morphStart;
    mi.morphEnd = item.morphEnd;
    mi.i = i;
    mi.j = j;
    const e = item.edgeMorph;
    mi.edgeW = e ? e[0] : FREE;
    mi.edgeE = e ? e[1] : FREE;
    mi.edgeS = e ? e[2] : FREE;
    mi.edgeN = e ? e[3] : FREE;
    const c = item.cornerMorph;
    mi.cornerSW = c ? c[0] : FREE;
    mi.cornerSE = c ? c[1] : FREE;
    mi.cornerNW = c ? c[2] : FREE;
    mi.cornerNE = c ? c[3] : FREE;
    const k = morphFactor(float64Morph, mi);
    out[at] = morphPosition(float64Morph, x, i16[m], p.morphScale, k);
    out[at + 1] = morphPosition(float64Morph, y, i16[m + 1], p.morphScale, k);
    out[at + 2] = morphPosition(float64Morph, z, i16[m + 2], p.morphScale, k);
  }

  private cellHit(item: DrawItem, ci: number, cj: number, dir: ArrayLike<number>): number {
    if (ci < 0 || cj < 0 || ci >= N || cj >= N) return Number.NaN;
    const t = this.tri;
    const ray = this.ray;
    ray.direction.set(dir[0], dir[1], dir[2]);
    for (const c of TRIANGLES) {
      this.vertex(item, ci + c[0], cj + c[1], t, 0);
      this.vertex(item, ci + c[2], cj + c[3], t, 3);
      this.vertex(item, ci + c[4], cj + c[5], t, 6);
      this.a.fromArray(t, 0);
      this.b.fromArray(t, 3);
      this.c.fromArray(t, 6);
      // The origin is the body centre and the direction a unit vector: the hit's distance along
      // it is the mesh radius.
      if (ray.intersectTriangle(this.a, this.b, this.c, false, this.hit)) return this.hit.dot(ray.direction);
    }
    return Number.NaN;
  }
}
