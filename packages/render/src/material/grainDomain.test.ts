// The grain domain is continuous across patch boundaries: an edge vertex shared by two patches gets
// the same periodic coordinate from either (float32 on the GPU), patch-local coordinates do not.
import { describe, expect, it } from 'vitest';
import { Vector3 } from 'three/webgpu';
import { generateHeightfield, PATCH_GRID, PATCH_VERTEX_STRIDE } from '@landfall/streamer';
import { GRAIN_PERIOD_M } from '../renderConstants';
import { grainOrigin, reducePeriod } from './grainDomain';

const f = Math.fround;
const a = generateHeightfield({ body: 'luna', face: 0, level: 14, x: 8000, y: 8000 });
const b = generateHeightfield({ body: 'luna', face: 0, level: 14, x: 8001, y: 8000 });

function local(p: typeof a, i: number, j: number): number[] {
  const f32 = new Float32Array(p.vertices);
  const k = ((j * PATCH_GRID + i) * PATCH_VERTEX_STRIDE) / 4;
  return [f32[k], f32[k + 1], f32[k + 2]];
}

describe('grain domain', () => {
  it('agrees across a shared edge to well under the finest grain wavelength', () => {
    const oa = grainOrigin(a.anchor, new Vector3());
    const ob = grainOrigin(b.anchor, new Vector3());
    let worst = 0;
    let worstLocal = 0;
    for (let j = 0; j < PATCH_GRID; j++) {
      const la = local(a, PATCH_GRID - 1, j); // east edge of a
      const lb = local(b, 0, j); // west edge of b
      const ga = [f(f(oa.x) + la[0]), f(f(oa.y) + la[1]), f(f(oa.z) + la[2])];
      const gb = [f(f(ob.x) + lb[0]), f(f(ob.y) + lb[1]), f(f(ob.z) + lb[2])];
      for (let q = 0; q < 3; q++) {
        const d = reducePeriod(ga[q] - gb[q] + GRAIN_PERIOD_M / 2) - GRAIN_PERIOD_M / 2;
        worst = Math.max(worst, Math.abs(d));
        worstLocal = Math.max(worstLocal, Math.abs(la[q] - lb[q]));
      }
    }
    // Tolerance: float32 rounding of values < 2·GRAIN_PERIOD_M (~8e-6 m) plus position rounding.
    expect(worst).toBeLessThan(1e-4);
    expect(worstLocal).toBeGreaterThan(1);
  });

  it('reduces into [0, period) exactly', () => {
    expect(reducePeriod(-1)).toBe(63);
    expect(reducePeriod(64)).toBe(0);
    expect(reducePeriod(1737400.5)).toBe(1737400.5 - 27146 * 64);
  });
});
