/**
 * Worker-side patch generation (ADR-0009): samples the drawn field on the node's lattice and
 * builds the final interleaved vertex buffer, so the main thread only uploads it.
 *
 * Per vertex: float32 position − anchor (anchor = the centre vertex, float64); the CDLOD morph
 * target = the parent mesh at this vertex (even/even: itself; odd along one axis: midpoint of the
 * two even neighbours; odd/odd: midpoint of the (i−1, j−1)–(i+1, j+1) diagonal, the same diagonal
 * the shared index buffer uses), stored as an int16 delta × morphScale; octahedral normals from
 * the analytic gradient (n ∝ dir − g/(R + h)), and the parent mesh's normal for the morph.
 */
import { coverBatch, getBody, type Body } from '@landfall/universe';
import {
  OFFSET_COVER,
  OFFSET_MORPH,
  OFFSET_MORPH_NORMAL,
  OFFSET_NORMAL,
  OFFSET_POSITION,
  PATCH_GRID,
  PATCH_VERTEX_BYTES,
  PATCH_VERTEX_STRIDE,
  type PatchPayload,
  type PatchRequest,
} from './PatchFormat';
import {
  heightfieldSamples,
  requestFilterM,
  sampleHeightfield,
  type HeightfieldSamples,
} from './sampleHeightfield';
import { parent, parentSurface } from './parentSurface';
import { encodeOct } from './octahedral';
import { NodeKey } from '../quadtree/NodeKey';

const G = PATCH_GRID;
const N = G * G;
const INT16_MAX = 32767;

/** Float64 intermediates, exposed for the seam and morph tests. */
export interface HeightfieldDebug {
  samples: HeightfieldSamples;
  /** Body-fixed positions, m, xyz interleaved. */
  positions: Float64Array;
  /** Morph targets (parent mesh at each vertex), m, xyz interleaved. */
  targets: Float64Array;
  /** Unit normals and morph normals before encoding, xyz interleaved. */
  normals: Float64Array;
}

function heightfieldDebug(): HeightfieldDebug {
  return {
    samples: heightfieldSamples(),
    positions: new Float64Array(3 * N),
    targets: new Float64Array(3 * N),
    normals: new Float64Array(3 * N),
  };
}

const scratch = heightfieldDebug();
const cover = new Uint8Array(2 * N);

function now(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now();
}

function dist2(p: Float64Array, k3: number, a: Float64Array): number {
  const dx = p[k3] - a[0];
  const dy = p[k3 + 1] - a[1];
  const dz = p[k3 + 2] - a[2];
  return dx * dx + dy * dy + dz * dz;
}

/** Index of the vertex the morph target of (i, j) averages with: parity rules above. */
function pairIndex(i: number, j: number, sign: number): number {
  const di = i & 1 ? sign : 0;
  const dj = j & 1 ? sign : 0;
  return (j + dj) * G + (i + di);
}

/** Generates node `req` of its body. Pass `debug` to keep the float64 intermediates. */
export function generateHeightfield(req: PatchRequest, debug: HeightfieldDebug | null = null): PatchPayload {
  const t0 = now();
  const body: Body = getBody(req.body);
  const d = debug ?? scratch;
  const filterM = requestFilterM(req);
  const { dirs, heights, grads } = sampleHeightfield(body, req, d.samples, filterM);
  // Cover from the field's value and analytic gradient (ADR-0007), never from the mesh; under the
  // same filter (right after the heights: the walks' fresh-ejecta signal is reused).
  coverBatch(body, dirs, N, heights, grads, cover, filterM);
  // The parent's surface at the even/even vertices it shares: the field under the parent's filter
  // (unfiltered, the parent's vertices are these very samples).
  const filtered = req.level > 0 && filterM > 0;
  if (filtered) parentSurface(body, dirs, 2 * filterM);
  const R = body.radius;
  const pos = d.positions;
  const tgt = d.targets;
  const nrm = d.normals;
  let minH = Infinity;
  let maxH = -Infinity;
  for (let k = 0; k < N; k++) {
    const h = heights[k];
    if (!(h === h))
      throw new Error(`drawn field returned NaN at vertex ${k} of ${req.body} ${JSON.stringify(req)}`);
    if (h < minH) minH = h;
    if (h > maxH) maxH = h;
    const r = R + h;
    const k3 = 3 * k;
    pos[k3] = dirs[k3] * r;
    pos[k3 + 1] = dirs[k3 + 1] * r;
    pos[k3 + 2] = dirs[k3 + 2] * r;
    const nx = dirs[k3] - grads[k3] / r;
    const ny = dirs[k3 + 1] - grads[k3 + 1] / r;
    const nz = dirs[k3 + 2] - grads[k3 + 2] / r;
    const len = Math.sqrt(nx * nx + ny * ny + nz * nz);
    nrm[k3] = nx / len;
    nrm[k3 + 1] = ny / len;
    nrm[k3 + 2] = nz / len;
  }
  // The morphed surface spans the parent's heights too.
  if (filtered) {
    minH = Math.min(minH, parent.minHeight);
    maxH = Math.max(maxH, parent.maxHeight);
  }
  const c = 3 * ((G >> 1) * G + (G >> 1));
  const anchor = new Float64Array([pos[c], pos[c + 1], pos[c + 2]]);
  // Morph targets: the parent's mesh at every vertex (level 0 has no parent: its own positions).
  // Even/even vertices take the parent's vertex (the field under the parent's filter), the others
  // the midpoint of the two parent vertices along the shared diagonal rule.
  const par = filtered ? parent.positions : pos;
  let maxDelta = 0;
  for (let j = 0; j < G; j++) {
    for (let i = 0; i < G; i++) {
      const k3 = 3 * (j * G + i);
      const even = ((i | j) & 1) === 0;
      const a = even ? k3 : 3 * pairIndex(i, j, -1);
      const b = even ? k3 : 3 * pairIndex(i, j, 1);
      for (let q = 0; q < 3; q++) {
        tgt[k3 + q] = even ? par[a + q] : (par[a + q] + par[b + q]) / 2;
        const dq = Math.abs(tgt[k3 + q] - pos[k3 + q]);
        if (dq > maxDelta) maxDelta = dq;
      }
    }
  }
  const morphScale = maxDelta > 0 ? maxDelta / INT16_MAX : 1;
  const vertices = new ArrayBuffer(PATCH_VERTEX_BYTES);
  const view = new DataView(vertices);
  let r2max = 0;
  for (let j = 0; j < G; j++) {
    for (let i = 0; i < G; i++) {
      const k = j * G + i;
      const k3 = 3 * k;
      const o = k * PATCH_VERTEX_STRIDE;
      for (let q = 0; q < 3; q++) {
        const local = pos[k3 + q] - anchor[q];
        view.setFloat32(o + OFFSET_POSITION + 4 * q, local, true);
        view.setInt16(o + OFFSET_MORPH + 2 * q, Math.round((tgt[k3 + q] - pos[k3 + q]) / morphScale), true);
      }
      encodeOct(nrm[k3], nrm[k3 + 1], nrm[k3 + 2], view, o + OFFSET_NORMAL);
      const pn = filtered ? parent.normals : nrm;
      if (((i | j) & 1) === 0) {
        encodeOct(pn[k3], pn[k3 + 1], pn[k3 + 2], view, o + OFFSET_MORPH_NORMAL);
      } else {
        const a = 3 * pairIndex(i, j, -1);
        const b = 3 * pairIndex(i, j, 1);
        const mx = pn[a] + pn[b];
        const my = pn[a + 1] + pn[b + 1];
        const mz = pn[a + 2] + pn[b + 2];
        const ml = Math.sqrt(mx * mx + my * my + mz * mz);
        encodeOct(mx / ml, my / ml, mz / ml, view, o + OFFSET_MORPH_NORMAL);
      }
      view.setUint8(o + OFFSET_COVER, cover[2 * k]);
      view.setUint8(o + OFFSET_COVER + 1, cover[2 * k + 1]);
      r2max = Math.max(r2max, dist2(pos, k3, anchor), dist2(tgt, k3, anchor));
    }
  }
  const edgeBounds = new Float64Array(16);
  // Float32 positions relative to the anchor round by < 2^-24 of their magnitude.
  const slack = Math.sqrt(r2max) * 1e-6 + 1e-3;
  for (let e = 0; e < 4; e++) edgeSphere(pos, tgt, e, edgeBounds, 4 * e, slack);
  const key = new NodeKey(req.face, req.level, req.x, req.y);
  return {
    address: key.address(body.id),
    body: body.id,
    face: req.face,
    level: req.level,
    x: req.x,
    y: req.y,
    anchor,
    vertices,
    morphScale,
    minHeight: minH,
    maxHeight: maxH,
    boundingRadius: Math.sqrt(r2max) + slack,
    edgeBounds,
    generationMs: now() - t0,
    generationCpuMs: NaN,
  };
}

/** Bounding sphere of edge `e`'s vertices and morph targets (west, east, south, north) into out[o…o+3]. */
function edgeSphere(
  pos: Float64Array,
  tgt: Float64Array,
  e: number,
  out: Float64Array,
  o: number,
  slack: number,
): void {
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (let n = 0; n < G; n++) {
    const i = e === 0 ? 0 : e === 1 ? G - 1 : n;
    const j = e === 2 ? 0 : e === 3 ? G - 1 : n;
    const k3 = 3 * (j * G + i);
    for (let q = 0; q < 3; q++) {
      lo[q] = Math.min(lo[q], pos[k3 + q], tgt[k3 + q]);
      hi[q] = Math.max(hi[q], pos[k3 + q], tgt[k3 + q]);
    }
  }
  let r2 = 0;
  for (let q = 0; q < 3; q++) {
    out[o + q] = (lo[q] + hi[q]) / 2;
    r2 += ((hi[q] - lo[q]) / 2) ** 2;
  }
  out[o + 3] = Math.sqrt(r2) + slack;
}

export { heightfieldDebug };
