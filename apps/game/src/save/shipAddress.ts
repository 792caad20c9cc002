/**
 * The address of a body-fixed position (ADR-0015): the quadtree patch at SAVE_ADDRESS_DEPTH that
 * contains its direction, `luna/f2/q0123…`. Child digit at each level = (s half) + 2·(t half),
 * where the half is 1 for the upper half of the parent's (s, t) square.
 */
import { directionToFace, formatAddress, type Vec3 } from '@landfall/universe';

/** Quadtree depth of a save's address (≈ 0.6 m cells on Earth, 0.16 m on Luna). */
export const SAVE_ADDRESS_DEPTH = 24;

const fc = { face: 0, s: 0, t: 0 };
const dir = { x: 0, y: 0, z: 0 };

export function shipAddress(bodyId: string, pBf: Readonly<Vec3>): string {
  const l = Math.sqrt(pBf.x * pBf.x + pBf.y * pBf.y + pBf.z * pBf.z);
  dir.x = pBf.x / l;
  dir.y = pBf.y / l;
  dir.z = pBf.z / l;
  directionToFace(dir, fc);
  // (s, t) ∈ [−1, 1] → integer cell on a 2^depth grid, clamped to the face.
  const n = 2 ** SAVE_ADDRESS_DEPTH;
  const i = Math.min(n - 1, Math.max(0, Math.floor(((fc.s + 1) / 2) * n)));
  const j = Math.min(n - 1, Math.max(0, Math.floor(((fc.t + 1) / 2) * n)));
  let path = '';
  for (let k = SAVE_ADDRESS_DEPTH - 1; k >= 0; k--) {
    path += String(((i >>> k) & 1) + 2 * ((j >>> k) & 1));
  }
  return formatAddress({ kind: 'patch', body: bodyId, face: fc.face, path });
}
