// rockGeometry (ADR-0013): unit extents (so an instance's scale is the rock's full size), and the
// two families — angular shapes are convex polyhedra with flat facets (many triangles share a
// plane), smooth shapes are not (almost every triangle has its own normal).
import { describe, expect, it } from 'vitest';

declare const console: { log(...args: unknown[]): void };
import { rockGeometry } from './rockShapes';
import { ROCK_SHAPES } from '../renderConstants';

/** Triangles, those sharing their plane (normal rounded to 1e-3) with another, and extents. */
function facets(shape: number): { triangles: number; shared: number; extents: number[][] } {
  const g = rockGeometry(shape, 2);
  const p = g.getAttribute('position');
  const seen = new Map<string, number>();
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let t = 0; t < p.count; t += 3) {
    const v = [0, 1, 2].map((k) => [p.getX(t + k), p.getY(t + k), p.getZ(t + k)]);
    for (const q of v) {
      for (let c = 0; c < 3; c++) {
        min[c] = Math.min(min[c], q[c]);
        max[c] = Math.max(max[c], q[c]);
      }
    }
    const e1 = v[1].map((x, c) => x - v[0][c]);
    const e2 = v[2].map((x, c) => x - v[0][c]);
    const n = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]];
    const l = Math.hypot(...n);
    const key = n.map((x) => Math.round((x / l) * 1000)).join(',');
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  g.dispose();
  let shared = 0;
  for (const k of seen.values()) if (k > 1) shared += k;
  return { triangles: p.count / 3, shared, extents: [min, max] };
}

describe('rockGeometry', () => {
  it('has unit extents; angular shapes are faceted, smooth ones are not', () => {
    for (let shape = 0; shape < ROCK_SHAPES; shape++) {
      const f = facets(shape);
      // Unit extents centred on the origin, to float32 rounding of the positions.
      for (let c = 0; c < 3; c++) {
        expect(Math.abs(f.extents[0][c] + 0.5)).toBeLessThan(1e-6);
        expect(Math.abs(f.extents[1][c] - 0.5)).toBeLessThan(1e-6);
      }
      console.log(`shape ${shape}: ${f.shared} of ${f.triangles} triangles share a plane`);
      // Cut by planes, whole facets of several triangles are flat: over a quarter of the triangles
      // share their plane (measured 0.33–0.43 of 180); on a lobed sphere none do (an icosphere's triangles
      // are all at different angles, and lobes bend them further).
      if (shape % 2 === 1) expect(f.shared).toBeGreaterThan(f.triangles / 4);
      else expect(f.shared).toBeLessThan(f.triangles / 20);
    }
    expect(() => rockGeometry(ROCK_SHAPES)).toThrow(RangeError);
    expect(() => rockGeometry(0, 3)).toThrow(RangeError);
  });
});
