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
 *   22 cover         uint8 × 2    [0] slope class (hi nibble) | fresh ejecta (lo nibble),
 *                                 [1] terrain unit (hi nibble) | rock cover (lo nibble)
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
  /** Worker time spent generating it, ms. */
  generationMs: number;
}
