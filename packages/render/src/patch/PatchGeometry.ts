/**
 * Patch geometry from a streamer payload (ADR-0009 layout, ADR-0011 upload): the worker-built
 * interleaved buffer is uploaded as-is through two views of the same bytes — float32 positions and
 * normalised uint16 words holding the morph delta, the two octahedral normals and the cover bytes
 * (unpacked in the vertex stage). Every patch shares one index attribute (the streamer's `sharedIndices`); disposal detaches it first
 * so three never destroys the shared buffer.
 */
import type { BufferAttribute } from 'three/webgpu';
import { BufferGeometry, InterleavedBuffer, InterleavedBufferAttribute, Sphere, Vector3 } from 'three/webgpu';
import { PATCH_GRID, PATCH_VERTEX_STRIDE, type PatchPayload } from '@landfall/streamer';

/** Bytes a patch's vertex buffer must hold. */
export function patchVertexBytes(): number {
  return PATCH_GRID * PATCH_GRID * PATCH_VERTEX_STRIDE;
}

/** Builds the geometry of one payload. `index` is the shared index attribute over `sharedIndices()`. */
export function createPatchGeometry(payload: PatchPayload, index: BufferAttribute): BufferGeometry {
  if (payload.vertices.byteLength !== patchVertexBytes()) {
    throw new RangeError(
      `patch ${payload.address}: vertex buffer holds ${payload.vertices.byteLength} bytes, expected ${patchVertexBytes()}`,
    );
  }
  const f32 = new InterleavedBuffer(new Float32Array(payload.vertices), PATCH_VERTEX_STRIDE / 4);
  const u16 = new InterleavedBuffer(new Uint16Array(payload.vertices), PATCH_VERTEX_STRIDE / 2);
  const g = new BufferGeometry();
  g.setIndex(index);
  g.setAttribute('position', new InterleavedBufferAttribute(f32, 3, 0));
  // Bytes 12–19: morph delta int16×3 and the normal's two int8s, as unorm16 words.
  g.setAttribute('packedA', new InterleavedBufferAttribute(u16, 4, 6, true));
  // Bytes 20–23: morph normal int8×2 and the two cover bytes.
  g.setAttribute('packedB', new InterleavedBufferAttribute(u16, 2, 10, true));
  g.boundingSphere = new Sphere(new Vector3(), payload.boundingRadius);
  return g;
}

/** Disposes a patch geometry without destroying the shared index buffer. */
export function disposePatchGeometry(g: BufferGeometry): void {
  g.setIndex(null);
  g.dispose();
}
