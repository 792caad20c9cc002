/**
 * The patch payload: what a worker returns for one quadtree node and what render uploads as-is
 * (ADR-0009). One interleaved vertex buffer per patch, GRID × GRID vertices, PATCH_VERTEX_STRIDE
 * bytes each; one index buffer shared by every patch.
 *
 * Vertex layout (byte offsets):
 *   0  position      float32 × 3  drawn-surface position − anchor, m (body-fixed axes)
 *   12 morph delta   int16 × 3    (parent-mesh position − position) / morphScale
 *   18 normal        int8 × 2     octahedral unit normal (from the field's analytic gradient)
 *   20 morph normal  int8 × 2     octahedral normal of the parent mesh at this vertex
 *   22 cover         uint8 × 2    universe's cover bytes (coverBatch, ADR-0007)
 *
 * Vertex (i, j) sits at index j·PATCH_GRID + i, i along s and j along t of the node's face. The
 * shared index buffer splits every quad along its (i, j)–(i+1, j+1) diagonal, counter-clockwise
 * seen from outside the body; the morph targets follow the same diagonal, so a fully morphed
 * child lies exactly on its parent's triangles.
 */

/** Vertices per patch edge (64 quads). */
export const PATCH_GRID = 65;
/** Bytes per vertex in the interleaved buffer. */
export const PATCH_VERTEX_STRIDE = 24;
export const OFFSET_POSITION = 0;
export const OFFSET_MORPH = 12;
export const OFFSET_NORMAL = 18;
export const OFFSET_MORPH_NORMAL = 20;
export const OFFSET_COVER = 22;

/** Bytes of one patch's vertex buffer: PATCH_GRID² × PATCH_VERTEX_STRIDE. */
export const PATCH_VERTEX_BYTES = 101400;
/** Indices in the shared index buffer: 64 × 64 quads × 2 triangles × 3. */
export const PATCH_INDEX_COUNT = 24576;

/**
 * What the pool asks a worker for: one quadtree node of one body. `level` 0 is a whole cube face;
 * node (x, y) covers s ∈ [−1 + 2x/2^level, −1 + 2(x+1)/2^level] (t likewise with y).
 */
export interface PatchRequest {
  body: string;
  face: number;
  level: number;
  x: number;
  y: number;
  /**
   * Level filter, m (ADR-0006): the drawn field is evaluated filtered to this lattice spacing and
   * the morph targets to twice it (the parent's): a level's own filter is
   * `levelFilterM(radius, level)` (patch/levelFilter.ts). 0 or absent: the full field.
   */
  filterM?: number;
}

export interface PatchPayload {
  /** Address of the node, e.g. "luna/f2/q0123" (ADR-0002). */
  address: string;
  body: string;
  face: number;
  level: number;
  /** Node column and row on its face at `level`, 0 … 2^level − 1. */
  x: number;
  y: number;
  /** Float64 body-fixed anchor (m) the float32 positions are relative to. */
  anchor: Float64Array;
  /** PATCH_GRID² vertices × PATCH_VERTEX_STRIDE bytes (transferred, never copied). */
  vertices: ArrayBuffer;
  /** Metres per unit of the int16 morph delta. */
  morphScale: number;
  /** Drawn elevation range over the patch, m above the datum. */
  minHeight: number;
  maxHeight: number;
  /** Radius of a sphere about the anchor that holds every vertex (morphed or not), m. */
  boundingRadius: number;
  /**
   * Bounding spheres of the four edges' vertices (morphed or not), body-fixed float64:
   * [cx, cy, cz, r] × (west i=0, east i=64, south j=0, north j=64). The streamer sets each drawn
   * patch's morph range from them so edges shared with finer or coarser neighbours close exactly.
   */
  edgeBounds: Float64Array;
  /** Worker time spent generating it, ms (wall clock inside the worker). */
  generationMs: number;
  /**
   * CPU time of the generating thread, ms, where the platform exposes a thread clock (Node on
   * Linux: /proc/thread-self/schedstat); NaN elsewhere (browsers). Unlike `generationMs` it does
   * not count time the thread waited for a core on an oversubscribed machine.
   */
  generationCpuMs: number;
}

/**
 * The largest morph delta of a payload, m: the length of the longest (parent mesh − position)
 * vector, read from the int16 words (0 for a patch on its parent's mesh).
 */
export function maxMorphDeltaM(p: PatchPayload): number {
  const i16 = new Int16Array(p.vertices);
  const step = PATCH_VERTEX_STRIDE / 2;
  let m2 = 0;
  for (let o = OFFSET_MORPH / 2; o < i16.length; o += step) {
    const x = i16[o];
    const y = i16[o + 1];
    const z = i16[o + 2];
    const d2 = x * x + y * y + z * z;
    if (d2 > m2) m2 = d2;
  }
  return Math.sqrt(m2) * p.morphScale;
}
