// Rocks seat on the drawn mesh: the seat lies on the patch's triangles (brute force agrees), while
// the drawn field between vertices can be decimetres away from that mesh (why the field is wrong).
import { describe, expect, it } from 'vitest';
import { drawnSurfaceRadius, faceToDirection, vec3 } from '@landfall/universe';
import { generateHeightfield, PATCH_GRID, PATCH_VERTEX_STRIDE } from '@landfall/streamer';
import { MeshSeater, rayTriangle } from './MeshSeater';
import { getBody } from '@landfall/universe';

const body = getBody('luna');
const p = generateHeightfield({ body: 'luna', face: 2, level: 12, x: 1500, y: 2100 });
const drawSet = [{ payload: p, morphStart: 1e30, morphEnd: 2e30 }];

function bruteForce(dir: number[]): number {
  const f32 = new Float32Array(p.vertices);
  const stride = PATCH_VERTEX_STRIDE / 4;
  const v = (i: number, j: number, out: Float64Array, at: number) => {
    const k = (j * PATCH_GRID + i) * stride;
    for (let q = 0; q < 3; q++) out[at + q] = p.anchor[q] + f32[k + q];
  };
  const t = new Float64Array(9);
  for (let j = 0; j < PATCH_GRID - 1; j++) {
    for (let i = 0; i < PATCH_GRID - 1; i++) {
      for (const tri of [
        [i, j, i + 1, j, i + 1, j + 1],
        [i, j, i + 1, j + 1, i, j + 1],
      ]) {
        v(tri[0], tri[1], t, 0);
        v(tri[2], tri[3], t, 3);
        v(tri[4], tri[5], t, 6);
        const r = rayTriangle(dir, t);
        if (!Number.isNaN(r)) return r;
      }
    }
  }
  return Number.NaN;
}

describe('MeshSeater', () => {
  it('seats on the drawn mesh within 5 cm (brute-force ray cast agrees) where the field is off', () => {
    const seater = new MeshSeater();
    seater.setDrawSet(drawSet, [0, 2e6, 0]);
    const d = vec3();
    let worstSeat = 0;
    let worstField = 0;
    const n = 2 ** p.level;
    for (let k = 1; k <= 60; k++) {
      // k = 0 would be the exact patch corner (a vertex): both ray casts graze it.
      const u = (k * 0.618034) % 1;
      const w = (k * 0.754878) % 1;
      faceToDirection(2, -1 + ((p.x + u) / n) * 2, -1 + ((p.y + w) / n) * 2, d);
      const dir = [d.x, d.y, d.z];
      const seat = seater.meshRadius(dir);
      const truth = bruteForce(dir);
      worstSeat = Math.max(worstSeat, Math.abs(seat - truth));
      worstField = Math.max(worstField, Math.abs(drawnSurfaceRadius(body, d) - truth));
    }
    console.log(
      `[seat] worst |seat − mesh| ${worstSeat.toExponential(2)} m; worst |field − mesh| ${worstField.toFixed(3)} m`,
    );
    expect(worstSeat).toBeLessThan(0.05);
    expect(worstSeat).toBeLessThan(1e-6);
    // Teeth: on a level-12 Luna patch (cells ≈ 10 m) the field leaves the mesh by more than 5 cm.
    expect(worstField).toBeGreaterThan(0.05);
  });

  it('finds nothing outside the draw set', () => {
    const seater = new MeshSeater();
    seater.setDrawSet(drawSet, [0, 2e6, 0]);
    expect(Number.isNaN(seater.meshRadius([1, 0, 0]))).toBe(true);
  });
});
