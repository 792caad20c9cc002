// Terraced walls vary round the crater (ADR-0004: the tread lines move and pinch out with azimuth),
// so the field's gradient there carries a tangential term ∂h/∂θ·∇θ besides the radial one. Random
// probes rarely land on a terraced wall: these rings are put on two on purpose — a named crater
// (Tycho, the place stage's path) and Luna's rung-0 basin (the ladder's path) — and the analytic
// gradient is compared with central differences. Teeth: each ring's steepest slope is above 5 %,
// and leaving out the θ term (tried once by hand in either path) fails the bound.
import { describe, expect, it } from 'vitest';
import { getBody } from '../body/getBody';
import type { Vec3 } from '../math/vec3';
import { placeDirection } from '../places/placeFeatures';
import { derivativeHarness } from '../testing/derivativeHarness';
import { elevationAtD } from './elevation';
import { ladderPlan } from './ladderPlan';

const luna = getBody('luna');

/** Directions on rings of `radiiM` round unit centre c, 48 azimuths each (test-side trig). */
function rings(c: Readonly<Vec3>, radiiM: readonly number[]): Vec3[] {
  const ax = Math.abs(c.x) < 0.5 ? { x: 1, y: 0, z: 0 } : { x: 0, y: 1, z: 0 };
  let e1 = { x: ax.y * c.z - ax.z * c.y, y: ax.z * c.x - ax.x * c.z, z: ax.x * c.y - ax.y * c.x };
  const l = Math.hypot(e1.x, e1.y, e1.z);
  e1 = { x: e1.x / l, y: e1.y / l, z: e1.z / l };
  const e2 = { x: c.y * e1.z - c.z * e1.y, y: c.z * e1.x - c.x * e1.z, z: c.x * e1.y - c.y * e1.x };
  const out: Vec3[] = [];
  for (const r of radiiM) {
    const a = r / luna.radius;
    for (let i = 0; i < 48; i++) {
      const t = (i * 2 * Math.PI) / 48 + 0.01;
      const x = c.x + a * (Math.cos(t) * e1.x + Math.sin(t) * e2.x);
      const y = c.y + a * (Math.cos(t) * e1.y + Math.sin(t) * e2.y);
      const z = c.z + a * (Math.cos(t) * e1.z + Math.sin(t) * e2.z);
      const n = Math.hypot(x, y, z);
      out.push({ x: x / n, y: y / n, z: z / n });
    }
  }
  return out;
}

// Step 1 mm, as derivatives.test.ts: far below the 8 m detail floor, far above rounding.
const STEP = 1e-3 / luna.radius;

describe('terraced walls: analytic gradient ≡ differences round the wall', () => {
  it('Tycho (named crater, 85 km): rings across the wall', () => {
    const c = placeDirection(-43.31, -11.36, { x: 0, y: 0, z: 0 });
    const R = 42500;
    const dirs = rings(
      c,
      [0.55, 0.62, 0.7, 0.78, 0.86, 0.93].map((f) => f * R),
    );
    const r = derivativeHarness((d, o) => elevationAtD(luna, d, o), dirs, STEP);
    expect(r.worst / r.steepest).toBeLessThan(0.01);
    expect(r.steepest / luna.radius).toBeGreaterThan(0.05);
  }, 60_000);

  it("Luna's rung-0 basin (ladder crater): rings across the wall", () => {
    const b = ladderPlan(luna).basin;
    expect(b.shape.terraces).toBeGreaterThan(0);
    const R = b.diameter / 2;
    const dirs = rings(
      b,
      [0.55, 0.65, 0.75, 0.85, 0.93].map((f) => f * R),
    );
    const r = derivativeHarness((d, o) => elevationAtD(luna, d, o), dirs, STEP);
    expect(r.worst / r.steepest).toBeLessThan(0.01);
    expect(r.steepest / luna.radius).toBeGreaterThan(0.05);
  }, 60_000);
});
