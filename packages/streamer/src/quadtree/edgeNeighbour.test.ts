import { describe, expect, it } from 'vitest';
import { faceToDirection, type Vec3 } from '@landfall/universe';
import { NodeKey } from './NodeKey';
import { edgeNeighbour } from './edgeNeighbour';

function centre(k: NodeKey): Vec3 {
  const h = k.span() / 2;
  return faceToDirection(k.face, k.s0() + h, k.t0() + h, { x: 0, y: 0, z: 0 });
}

describe('edgeNeighbour', () => {
  it('is symmetric: every neighbour has the node as one of its own four neighbours', () => {
    let crossings = 0;
    for (let level = 0; level <= 4; level++) {
      const n = 2 ** level;
      for (let f = 0; f < 6; f++)
        for (let x = 0; x < n; x++)
          for (let y = 0; y < n; y++) {
            const k = new NodeKey(f, level, x, y);
            const seen = new Set<number>();
            for (let e = 0; e < 4; e++) {
              const m = edgeNeighbour(k, e);
              expect(m.level).toBe(level);
              seen.add(m.packed);
              if (m.face !== f) crossings++;
              const back = [0, 1, 2, 3].map((g) => edgeNeighbour(m, g).packed);
              expect(back, `${k} → ${m}`).toContain(k.packed);
            }
            expect(seen.size).toBe(4);
          }
    }
    // Each of the 12 cube edges is crossed from both sides at every level: 12·2·(1+2+4+8+16).
    expect(crossings).toBe(24 * 31);
  });

  it('neighbours are adjacent on the sphere (centre angle about one node span)', () => {
    const k = new NodeKey(3, 5, 31, 0);
    for (let e = 0; e < 4; e++) {
      const a = centre(k);
      const b = centre(edgeNeighbour(k, e));
      const chord = Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);
      // A level-5 node spans 2/32 in s; the warp stretches that by 0.78…1.41 on the unit sphere.
      expect(chord).toBeGreaterThan(0.3 * (2 / 32));
      expect(chord).toBeLessThan(1.6 * (2 / 32));
    }
  });
});
