/**
 * One entry of the streamer's draw set (ADR-0008): what render draws this frame.
 *
 * Render computes per vertex, with dist = |anchor + position − eye| (the unmorphed vertex):
 *   morph = clamp((dist − morphStart) / (morphEnd − morphStart), 0, 1)
 * then, for a vertex on edge e (i = 0 west, i = 64 east, j = 0 south, j = 64 north) whose
 * edgeMorph[e] ≥ 0: morph = edgeMorph[e] (north wins at a corner); then a corner vertex whose
 * cornerMorph[c] ≥ 0 takes morph = cornerMorph[c] (a filtered patch's corner moves: every patch
 * touching the point must show the same level's field there, lod/balance.ts);
 *   position' = position + morph · morphDelta · morphScale, normal' = normalize(mix(normal, morphNormal, morph)).
 * A patch that never morphs (a face root) has morphStart = NO_MORPH_START and morphEnd =
 * NO_MORPH_END: large and finite, never Infinity (Infinity − Infinity is NaN on the GPU).
 */
import type { PatchPayload } from '../patch/PatchFormat';

export interface DrawPatch {
  readonly payload: PatchPayload;
  /** Eye distance (m) where the morph starts. */
  morphStart: number;
  /** Eye distance (m) where the vertex is fully on its parent's mesh. */
  morphEnd: number;
  /** Per edge (west, east, south, north): −1 free, 0 forced unmorphed, 1 forced fully morphed. */
  edgeMorph: [number, number, number, number];
  /** Per corner (SW, SE, NW, NE): −1 free, 0 forced unmorphed, 1 forced fully morphed. */
  cornerMorph: [number, number, number, number];
}
