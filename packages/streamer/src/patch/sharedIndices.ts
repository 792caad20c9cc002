/**
 * The one index buffer every patch shares (ADR-0009): 64 × 64 quads, each split along its
 * (i, j)–(i+1, j+1) diagonal into two counter-clockwise triangles (seen from outside the body,
 * since every face frame has u × v = axis). Vertex (i, j) is j·PATCH_GRID + i.
 */
import { PATCH_GRID, PATCH_INDEX_COUNT } from './PatchFormat';

let cached: Uint16Array | null = null;

/** The shared index buffer (one frozen-by-convention instance; do not modify it). */
export function sharedIndices(): Uint16Array {
  if (cached) return cached;
  const G = PATCH_GRID;
  const out = new Uint16Array(PATCH_INDEX_COUNT);
  let n = 0;
  for (let j = 0; j < G - 1; j++) {
    for (let i = 0; i < G - 1; i++) {
      const a = j * G + i;
      const b = a + 1;
      const c = a + G + 1;
      const d = a + G;
      out[n++] = a;
      out[n++] = b;
      out[n++] = c;
      out[n++] = a;
      out[n++] = c;
      out[n++] = d;
    }
  }
  cached = out;
  return out;
}
