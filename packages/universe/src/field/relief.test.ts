// Relief: bounded by each body's maximum relief while using a real share of it; no body flat at
// the detail floor; no step through a cube edge or corner larger than nearby in-face steps.
import { describe, expect, it } from 'vitest';
import { BODIES } from '../body/getBody';
import { farProbes, nearProbes } from '../testing/probes';
import { elevationAt, elevationBatch } from './elevation';
import { CANONICAL_AMPLITUDE_FLOOR } from './tunables';
import type { Vec3 } from '../math/vec3';
import { NAMED_PLACES } from '../places/namedPlaces';

/** The highest named shield on a body (ADR-0018: shields stand on top of the procedural bound). */
function shieldRelief(bodyId: string): number {
  let m = 0;
  for (const p of NAMED_PLACES) if (p.body === bodyId && p.kind === 'mons') m = Math.max(m, p.reliefM ?? 0);
  return m;
}

function heights(body: (typeof BODIES)[number], dirs: Vec3[]): Float64Array {
  const flat = new Float64Array(3 * dirs.length);
  dirs.forEach((d, i) => flat.set([d.x, d.y, d.z], 3 * i));
  const h = new Float64Array(dirs.length);
  elevationBatch(body, flat, dirs.length, h, null);
  return h;
}

describe('relief', () => {
  for (const body of BODIES) {
    it(`${body.id}: |h| < maxRelief, uses ≥ 35% of it, never flat at 40 m`, () => {
      const h = heights(body, farProbes(body.seed ^ 0xabc, 1500));
      let max = 0;
      for (const v of h) max = Math.max(max, Math.abs(v));
      expect(max).toBeLessThan(body.maxReliefM + shieldRelief(body.id));
      // 1,500 probes over the sphere: the soft limit keeps |h| below the bound, the bands and the
      // basin must still reach a real share of it.
      expect(max / body.maxReliefM).toBeGreaterThan(0.35);
      for (let w = 0; w < 4; w++) {
        const near = heights(body, nearProbes(body.seed + w, 48, body.radius, 40));
        let lo = Infinity;
        let hi = -Infinity;
        for (const v of near) {
          lo = Math.min(lo, v);
          hi = Math.max(hi, v);
        }
        expect(hi - lo, `${body.id} window ${w}`).toBeGreaterThan(CANONICAL_AMPLITUDE_FLOOR);
      }
    }, 60_000);
  }
});

/** Great-circle path through `c` along tangent `t`, `n` steps of `stepRad`; returns |Δh| per step. */
function steps(body: (typeof BODIES)[number], c: Vec3, t: Vec3, n: number, stepRad: number): number[] {
  const out: number[] = [];
  let prev = 0;
  for (let i = 0; i <= n; i++) {
    const a = (i - n / 2) * stepRad;
    const x = c.x * Math.cos(a) + t.x * Math.sin(a);
    const y = c.y * Math.cos(a) + t.y * Math.sin(a);
    const z = c.z * Math.cos(a) + t.z * Math.sin(a);
    const l = Math.hypot(x, y, z);
    const h = elevationAt(body, { x: x / l, y: y / l, z: z / l });
    if (i > 0) out.push(Math.abs(h - prev));
    prev = h;
  }
  return out;
}

describe('cube edges and corners', () => {
  const s = Math.SQRT1_2;
  const r3 = 1 / Math.sqrt(3);
  // Edge midpoints (crossing perpendicular to the edge) and corners (crossing diagonally).
  const cases: [Vec3, Vec3][] = [
    [
      { x: s, y: s, z: 0 },
      { x: -s, y: s, z: 0 },
    ],
    [
      { x: s, y: 0, z: -s },
      { x: s, y: 0, z: s },
    ],
    [
      { x: 0, y: -s, z: s },
      { x: 0, y: s, z: s },
    ],
    [
      { x: r3, y: r3, z: r3 },
      { x: -s, y: s, z: 0 },
    ],
    [
      { x: -r3, y: r3, z: -r3 },
      { x: s, y: 0, z: -s },
    ],
    [
      { x: r3, y: -r3, z: r3 },
      { x: 0, y: s, z: s },
    ],
  ];
  for (const body of BODIES) {
    it(`${body.id}: the step across an edge or corner is like its neighbours`, () => {
      for (const [c, t] of cases) {
        // 2 m steps, under the 8 m canonical detail floor: over one step the height is near linear,
        // so a continuous field's steps change only by its curvature along the 80 m path, while a
        // seam adds its whole jump to the crossing step.
        const st = steps(body, c, t, 40, 2 / body.radius);
        const cross = Math.max(st[19], st[20]);
        const others = Math.max(...st.slice(0, 18), ...st.slice(22));
        // Factor 1.5: the largest crossing step over the largest of the 36 others measures at most
        // 1.06 over the whole zoo; a planted 0.5 m seam on the ±x faces gives 1.2–71 (3.8 on Luna).
        expect(cross, `${body.id} through (${c.x}, ${c.y}, ${c.z})`).toBeLessThanOrEqual(1.5 * others);
      }
    }, 60_000);
  }
});
