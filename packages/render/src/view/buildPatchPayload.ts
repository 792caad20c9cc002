/**
 * Reference patch builder (tests and `LocalStreamer`): builds a PatchPayload for a node on the main thread straight from the universe's
 * drawn field, in the ADR-0009 layout. Not the streamer's generator (no border, no bit-exact edge
 * guarantee); enough to exercise render's upload, material inputs and rock seating.
 */
import {
  drawnElevationAtD,
  elevationSample,
  faceToDirection,
  getBody,
  vec3,
  type Body,
} from '@landfall/universe';
import {
  OFFSET_COVER,
  OFFSET_MORPH,
  OFFSET_MORPH_NORMAL,
  OFFSET_NORMAL,
  PATCH_GRID,
  PATCH_VERTEX_STRIDE,
  type PatchPayload,
} from '@landfall/streamer';

const N = PATCH_GRID - 1;

/** Octahedral encoding of a unit vector into two int8s (Cigolle et al. 2014). */
export function encodeOct(x: number, y: number, z: number, out: Int8Array, at: number): void {
  const l1 = Math.abs(x) + Math.abs(y) + Math.abs(z);
  let u = x / l1;
  let v = y / l1;
  if (z < 0) {
    const uu = (1 - Math.abs(v)) * (u >= 0 ? 1 : -1);
    const vv = (1 - Math.abs(u)) * (v >= 0 ? 1 : -1);
    u = uu;
    v = vv;
  }
  out[at] = Math.round(Math.max(-1, Math.min(1, u)) * 127);
  out[at + 1] = Math.round(Math.max(-1, Math.min(1, v)) * 127);
}

export function buildPatchPayload(
  bodyOrId: Body | string,
  face: number,
  level: number,
  x: number,
  y: number,
  cover = 0,
): PatchPayload {
  const body = typeof bodyOrId === 'string' ? getBody(bodyOrId) : bodyOrId;
  const pos = new Float64Array(PATCH_GRID * PATCH_GRID * 3);
  const nrm = new Float64Array(PATCH_GRID * PATCH_GRID * 3);
  const dir = vec3();
  const s = elevationSample();
  const size = 2 / 2 ** level;
  let minH = Infinity;
  let maxH = -Infinity;
  for (let j = 0; j < PATCH_GRID; j++) {
    for (let i = 0; i < PATCH_GRID; i++) {
      faceToDirection(face, -1 + (x + i / N) * size, -1 + (y + j / N) * size, dir);
      drawnElevationAtD(body, dir, s);
      const r = body.radius + s.h;
      const k = (j * PATCH_GRID + i) * 3;
      pos[k] = dir.x * r;
      pos[k + 1] = dir.y * r;
      pos[k + 2] = dir.z * r;
      // Surface normal from the tangential gradient (m per radian): n ∝ dir − grad / r.
      const nx = dir.x - s.gx / r;
      const ny = dir.y - s.gy / r;
      const nz = dir.z - s.gz / r;
      const nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
      nrm[k] = nx / nl;
      nrm[k + 1] = ny / nl;
      nrm[k + 2] = nz / nl;
      minH = Math.min(minH, s.h);
      maxH = Math.max(maxH, s.h);
    }
  }
  const c = ((N / 2) * PATCH_GRID + N / 2) * 3;
  const anchor = Float64Array.from([pos[c], pos[c + 1], pos[c + 2]]);
  const buf = new ArrayBuffer(PATCH_GRID * PATCH_GRID * PATCH_VERTEX_STRIDE);
  const f32 = new Float32Array(buf);
  const i16 = new Int16Array(buf);
  const i8 = new Int8Array(buf);
  const u8 = new Uint8Array(buf);
  const morph = new Float64Array(3);
  let maxMorph = 0;
  const parentOf = (i: number, j: number, out: Float64Array): void => {
    // Parent mesh at this vertex: odd coordinates sit mid-edge (or mid-diagonal) of a parent quad.
    const i0 = i % 2 ? i - 1 : i;
    const i1 = i % 2 ? i + 1 : i;
    const j0 = j % 2 ? j - 1 : j;
    const j1 = j % 2 ? j + 1 : j;
    const a = (j0 * PATCH_GRID + i0) * 3;
    const b = (j1 * PATCH_GRID + i1) * 3;
    for (let q = 0; q < 3; q++) out[q] = (pos[a + q] + pos[b + q]) / 2;
  };
  for (let pass = 0; pass < 2; pass++) {
    const scale = pass === 0 ? 1 : Math.max(maxMorph / 32767, 1e-9);
    for (let j = 0; j < PATCH_GRID; j++) {
      for (let i = 0; i < PATCH_GRID; i++) {
        const v = j * PATCH_GRID + i;
        parentOf(i, j, morph);
        for (let q = 0; q < 3; q++) {
          const d = morph[q] - pos[v * 3 + q];
          if (pass === 0) maxMorph = Math.max(maxMorph, Math.abs(d));
          else i16[(v * PATCH_VERTEX_STRIDE + OFFSET_MORPH) / 2 + q] = Math.round(d / scale);
        }
        if (pass === 0) continue;
        for (let q = 0; q < 3; q++)
          f32[(v * PATCH_VERTEX_STRIDE + OFFSET_POSITION_F32) / 4 + q] = pos[v * 3 + q] - anchor[q];
        encodeOct(nrm[v * 3], nrm[v * 3 + 1], nrm[v * 3 + 2], i8, v * PATCH_VERTEX_STRIDE + OFFSET_NORMAL);
        encodeOct(
          nrm[v * 3],
          nrm[v * 3 + 1],
          nrm[v * 3 + 2],
          i8,
          v * PATCH_VERTEX_STRIDE + OFFSET_MORPH_NORMAL,
        );
        u8[v * PATCH_VERTEX_STRIDE + OFFSET_COVER] = cover & 0xff;
        u8[v * PATCH_VERTEX_STRIDE + OFFSET_COVER + 1] = (cover >> 8) & 0xff;
      }
    }
  }
  let br = 0;
  for (let v = 0; v < PATCH_GRID * PATCH_GRID; v++) {
    const dx = pos[v * 3] - anchor[0];
    const dy = pos[v * 3 + 1] - anchor[1];
    const dz = pos[v * 3 + 2] - anchor[2];
    br = Math.max(br, Math.sqrt(dx * dx + dy * dy + dz * dz));
  }
  return {
    address: `${body.id}/f${face}/L${level}x${x}y${y}`,
    body: body.id,
    face,
    level,
    x,
    y,
    anchor,
    vertices: buf,
    morphScale: Math.max(maxMorph / 32767, 1e-9),
    minHeight: minH,
    maxHeight: maxH,
    boundingRadius: br + maxMorph,
    generationMs: 0,
  };
}

const OFFSET_POSITION_F32 = 0;
