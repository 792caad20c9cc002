/**
 * Screen-space error of a draw set (issue #12): every drawn patch's cells are sampled at `perCell`
 * × `perCell` interior points, each on the triangle the GPU draws (the shared index buffer's
 * (i, j)–(i+1, j+1) diagonal), of vertices morphed by the material's own rule (vertexMorph.ts over
 * float64). A sample whose mesh point is inside the view frustum is compared with the full drawn
 * field along its direction (universe `drawnBatch`: canonical + micro relief, no level filter);
 * both points are projected with the view's matrix and the error is their distance in pixels.
 * Occlusion is ignored: a hidden sample counts as if seen (an upper bound on what is visible).
 */
import { drawnBatch, getBody, type Body } from '@landfall/universe';
import {
  OFFSET_MORPH,
  OFFSET_POSITION,
  PATCH_GRID,
  PATCH_VERTEX_STRIDE,
  type DrawPatch,
  type ViewState,
} from '@landfall/streamer';
import {
  float64Morph,
  morphFactor,
  morphPosition,
  type MorphFactorInput,
} from '../../packages/render/src/material/vertexMorph';

const G = PATCH_GRID;
const BATCH = 4096;

export interface SseResult {
  /** Screen-space error of every in-frustum sample, px (unsorted). */
  errors: Float32Array;
  /** Worst sample error per patch level, px. */
  maxByLevel: number[];
  /** Samples per patch level. */
  samplesByLevel: number[];
  /** Worst sample: level, eye distance (m) and error (px). */
  worst: { level: number; distM: number; px: number };
  /**
   * Per drawn patch (draw-set order): the largest radial miss of its in-frustum samples against
   * the full drawn field, m (0 where none was in the frustum), and the nearest such sample's eye
   * distance, m (Infinity where none).
   */
  patchErrorM: Float64Array;
  patchNearestM: Float64Array;
}

const morphInput: MorphFactorInput<number> = {
  dist: 0,
  morphStart: 0,
  morphEnd: 0,
  i: 0,
  j: 0,
  edgeW: -1,
  edgeE: -1,
  edgeS: -1,
  edgeN: -1,
  cornerSW: -1,
  cornerSE: -1,
  cornerNW: -1,
  cornerNE: -1,
};

/** Morphed float64 vertices of one drawn patch as seen from `eye`, xyz interleaved. */
function morphedVertices(d: DrawPatch, eye: Float64Array, out: Float64Array): Float64Array {
  const p = d.payload;
  const view = new DataView(p.vertices);
  const a = float64Morph;
  const k = morphInput;
  [k.edgeW, k.edgeE, k.edgeS, k.edgeN] = d.edgeMorph;
  [k.cornerSW, k.cornerSE, k.cornerNW, k.cornerNE] = d.cornerMorph;
  k.morphStart = d.morphStart;
  k.morphEnd = d.morphEnd;
  for (let j = 0; j < G; j++) {
    for (let i = 0; i < G; i++) {
      const at = (j * G + i) * PATCH_VERTEX_STRIDE;
      const x = p.anchor[0] + view.getFloat32(at + OFFSET_POSITION, true);
      const y = p.anchor[1] + view.getFloat32(at + OFFSET_POSITION + 4, true);
      const z = p.anchor[2] + view.getFloat32(at + OFFSET_POSITION + 8, true);
      k.dist = Math.hypot(x - eye[0], y - eye[1], z - eye[2]);
      k.i = i;
      k.j = j;
      const f = morphFactor(a, k);
      const o = 3 * (j * G + i);
      out[o] = morphPosition(a, x, view.getInt16(at + OFFSET_MORPH, true), p.morphScale, f);
      out[o + 1] = morphPosition(a, y, view.getInt16(at + OFFSET_MORPH + 2, true), p.morphScale, f);
      out[o + 2] = morphPosition(a, z, view.getInt16(at + OFFSET_MORPH + 4, true), p.morphScale, f);
    }
  }
  return out;
}

/** Projects eye-relative (x, y, z) with `m` into `px` as pixel (x, y); false when behind the eye. */
function project(
  m: Float64Array,
  x: number,
  y: number,
  z: number,
  w: number,
  h: number,
  px: Float64Array,
): boolean {
  const cw = m[3] * x + m[7] * y + m[11] * z + m[15];
  if (cw <= 0) return false;
  px[0] = (((m[0] * x + m[4] * y + m[8] * z + m[12]) / cw + 1) * w) / 2;
  px[1] = (((m[1] * x + m[5] * y + m[9] * z + m[13]) / cw + 1) * h) / 2;
  return true;
}

/** Screen-space error of `drawSet` seen through `view` (a `width`-pixel-wide viewport). */
export function measureSse(
  bodyId: string,
  drawSet: readonly DrawPatch[],
  view: ViewState,
  width: number,
  perCell: number,
  stride: number,
): SseResult {
  const body: Body = getBody(bodyId);
  const height = view.viewportHeight;
  const eye = view.eye;
  const m = view.viewProjection;
  const verts = new Float64Array(3 * G * G);
  const dirs = new Float64Array(3 * BATCH);
  const rel = new Float64Array(3 * BATCH);
  const levels = new Int32Array(BATCH);
  const owners = new Int32Array(BATCH);
  const patchErrorM = new Float64Array(drawSet.length);
  const patchNearestM = new Float64Array(drawSet.length).fill(Infinity);
  const hOut = new Float64Array(BATCH);
  const pxA = new Float64Array(2);
  const pxB = new Float64Array(2);
  let errors = new Float32Array(1 << 20);
  let n = 0;
  let fill = 0;
  const maxByLevel: number[] = [];
  const samplesByLevel: number[] = [];
  const worst = { level: -1, distM: 0, px: 0 };

  const flush = () => {
    drawnBatch(body, dirs, fill, hOut, null);
    for (let s = 0; s < fill; s++) {
      const r = body.radius + hOut[s];
      const o = owners[s];
      const miss = Math.abs(
        r - Math.hypot(rel[3 * s] + eye[0], rel[3 * s + 1] + eye[1], rel[3 * s + 2] + eye[2]),
      );
      if (miss > patchErrorM[o]) patchErrorM[o] = miss;
      const near = Math.hypot(rel[3 * s], rel[3 * s + 1], rel[3 * s + 2]);
      if (near < patchNearestM[o]) patchNearestM[o] = near;
      const tx = dirs[3 * s] * r - eye[0];
      const ty = dirs[3 * s + 1] * r - eye[1];
      const tz = dirs[3 * s + 2] * r - eye[2];
      project(m, rel[3 * s], rel[3 * s + 1], rel[3 * s + 2], width, height, pxA);
      // A truth point behind the eye: the sample is at least across the whole screen away.
      const e = project(m, tx, ty, tz, width, height, pxB)
        ? Math.hypot(pxA[0] - pxB[0], pxA[1] - pxB[1])
        : width;
      if (n === errors.length) {
        const grown = new Float32Array(2 * n);
        grown.set(errors);
        errors = grown;
      }
      errors[n++] = e;
      const L = levels[s];
      samplesByLevel[L] = (samplesByLevel[L] ?? 0) + 1;
      if (e > (maxByLevel[L] ?? 0)) maxByLevel[L] = e;
      if (e > worst.px) {
        worst.px = e;
        worst.level = L;
        worst.distM = Math.hypot(rel[3 * s], rel[3 * s + 1], rel[3 * s + 2]);
      }
    }
    fill = 0;
  };

  for (let di = 0; di < drawSet.length; di++) {
    const d = drawSet[di];
    morphedVertices(d, eye, verts);
    for (let j = 0; j < G - 1; j += stride) {
      for (let i = 0; i < G - 1; i += stride) {
        const v00 = 3 * (j * G + i);
        const v10 = v00 + 3;
        const v01 = v00 + 3 * G;
        const v11 = v01 + 3;
        for (let b = 0; b < perCell; b++) {
          const fv = (b + 0.5) / perCell;
          for (let a = 0; a < perCell; a++) {
            const fu = (a + 0.5) / perCell;
            // Triangle (00, 10, 11) where fu ≥ fv, else (00, 11, 01): the shared index buffer's split.
            const lower = fu >= fv;
            let x = 0;
            let y = 0;
            let z = 0;
            for (let c = 0; c < 3; c++) {
              const p = lower
                ? verts[v00 + c] +
                  fu * (verts[v10 + c] - verts[v00 + c]) +
                  fv * (verts[v11 + c] - verts[v10 + c])
                : verts[v00 + c] +
                  fv * (verts[v01 + c] - verts[v00 + c]) +
                  fu * (verts[v11 + c] - verts[v01 + c]);
              if (c === 0) x = p;
              else if (c === 1) y = p;
              else z = p;
            }
            const rx = x - eye[0];
            const ry = y - eye[1];
            const rz = z - eye[2];
            if (!project(m, rx, ry, rz, width, height, pxA)) continue;
            if (pxA[0] < 0 || pxA[0] > width || pxA[1] < 0 || pxA[1] > height) continue;
            const l = Math.hypot(x, y, z);
            dirs[3 * fill] = x / l;
            dirs[3 * fill + 1] = y / l;
            dirs[3 * fill + 2] = z / l;
            rel[3 * fill] = rx;
            rel[3 * fill + 1] = ry;
            rel[3 * fill + 2] = rz;
            levels[fill] = d.payload.level;
            owners[fill] = di;
            if (++fill === BATCH) flush();
          }
        }
      }
    }
  }
  if (fill > 0) flush();
  return { errors: errors.subarray(0, n), maxByLevel, samplesByLevel, worst, patchErrorM, patchNearestM };
}

/** The q-quantile (0 … 1) of `sorted` (ascending), nearest rank. */
export function quantile(sorted: Float32Array, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}
