/**
 * Seats points on the DRAWN mesh (ADR-0013): finds the finest drawn patch holding a direction,
 * then intersects the radial line with that patch's triangles (positions + morph at the current
 * eye distance, float64 from the payload's float32 + anchor). Rocks seated on the analytic field
 * float over a coarser mesh (0.7 m measured in the reference engine); on the mesh they touch it.
 */
import { directionToFace, type FaceCoord } from '@landfall/universe';
import { OFFSET_MORPH, PATCH_GRID, PATCH_VERTEX_STRIDE, type PatchPayload } from '@landfall/streamer';
import type { DrawItem } from '../patch/PatchMeshes';

const N = PATCH_GRID - 1;
const MAX_LEVEL = 30;

function key(face: number, level: number, x: number, y: number): string {
  return `${face}/${level}/${x}/${y}`;
}

export class MeshSeater {
  private readonly byKey = new Map<string, DrawItem>();
  private maxLevel = 0;
  private readonly fc: FaceCoord = { face: 0, s: 0, t: 0 };
  private readonly eye = new Float64Array(3);
  private readonly tri = new Float64Array(9);
  private readonly v = new Float64Array(3);

  /** Indexes a draw set; `eye` is used for the morph factor. */
  setDrawSet(drawSet: readonly DrawItem[], eye: ArrayLike<number>): void {
    this.byKey.clear();
    this.maxLevel = 0;
    for (const item of drawSet) {
      const p = item.payload;
      this.byKey.set(key(p.face, p.level, p.x, p.y), item);
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
    for (let level = Math.min(this.maxLevel, MAX_LEVEL); level >= 0; level--) {
      const n = 2 ** level;
      const gx = ((fc.s + 1) / 2) * n;
      const gy = ((fc.t + 1) / 2) * n;
      const x = Math.min(n - 1, Math.max(0, Math.floor(gx)));
      const y = Math.min(n - 1, Math.max(0, Math.floor(gy)));
      const item = this.byKey.get(key(fc.face, level, x, y));
      if (item) return item;
    }
    return undefined;
  }

  private vertex(item: DrawItem, i: number, j: number, out: Float64Array, at: number): void {
    const p: PatchPayload = item.payload;
    const f32 = new Float32Array(p.vertices, (j * PATCH_GRID + i) * PATCH_VERTEX_STRIDE, 3);
    const i16 = new Int16Array(p.vertices, (j * PATCH_GRID + i) * PATCH_VERTEX_STRIDE + OFFSET_MORPH, 3);
    const x = p.anchor[0] + f32[0];
    const y = p.anchor[1] + f32[1];
    const z = p.anchor[2] + f32[2];
    const dx = x - this.eye[0];
    const dy = y - this.eye[1];
    const dz = z - this.eye[2];
    const d = Math.sqrt(dx * dx + dy * dy + dz * dz);
    const span = Math.max(item.morphEnd - item.morphStart, 1e-6);
    const k = Math.min(1, Math.max(0, (d - item.morphStart) / span));
    out[at] = x + i16[0] * p.morphScale * k;
    out[at + 1] = y + i16[1] * p.morphScale * k;
    out[at + 2] = z + i16[2] * p.morphScale * k;
  }

  private cellHit(item: DrawItem, ci: number, cj: number, dir: ArrayLike<number>): number {
    if (ci < 0 || cj < 0 || ci >= N || cj >= N) return Number.NaN;
    const t = this.tri;
    // Quad corners a (i, j), b (i+1, j), c (i, j+1), d (i+1, j+1), split along a–d like the
    // shared index buffer (patchIndices): triangles (a, b, d) and (a, d, c).
    const corners = [
      [ci, cj, ci + 1, cj, ci + 1, cj + 1],
      [ci, cj, ci + 1, cj + 1, ci, cj + 1],
    ];
    for (const c of corners) {
      this.vertex(item, c[0], c[1], t, 0);
      this.vertex(item, c[2], c[3], t, 3);
      this.vertex(item, c[4], c[5], t, 6);
      const r = rayTriangle(dir, t);
      if (!Number.isNaN(r)) return r;
    }
    return Number.NaN;
  }
}

/** Distance along unit `dir` from the origin to triangle `t` (9 floats), or NaN (Möller–Trumbore). */
export function rayTriangle(dir: ArrayLike<number>, t: Float64Array): number {
  const e1x = t[3] - t[0];
  const e1y = t[4] - t[1];
  const e1z = t[5] - t[2];
  const e2x = t[6] - t[0];
  const e2y = t[7] - t[1];
  const e2z = t[8] - t[2];
  const px = dir[1] * e2z - dir[2] * e2y;
  const py = dir[2] * e2x - dir[0] * e2z;
  const pz = dir[0] * e2y - dir[1] * e2x;
  const det = e1x * px + e1y * py + e1z * pz;
  if (Math.abs(det) < 1e-30) return Number.NaN;
  const inv = 1 / det;
  const sx = -t[0];
  const sy = -t[1];
  const sz = -t[2];
  const u = (sx * px + sy * py + sz * pz) * inv;
  const eps = 1e-9;
  if (u < -eps || u > 1 + eps) return Number.NaN;
  const qx = sy * e1z - sz * e1y;
  const qy = sz * e1x - sx * e1z;
  const qz = sx * e1y - sy * e1x;
  const v = (dir[0] * qx + dir[1] * qy + dir[2] * qz) * inv;
  if (v < -eps || u + v > 1 + eps) return Number.NaN;
  return (e2x * qx + e2y * qy + e2z * qz) * inv;
}
