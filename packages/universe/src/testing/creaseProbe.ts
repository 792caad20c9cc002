/**
 * Crease probe for tests (ADR-0006, PITFALLS "a max() in a height field is a crease"): at a point p
 * placed ON a join (located on purpose by the caller) and a unit tangent t crossing it, measures
 * the gradient jump |∇h(p + εt) − ∇h(p − εt)| for a ladder of ε, twice:
 *   exact — from the field's analytic gradient;
 *   fd    — from heights alone: the directional derivative along t by central differences of
 *           step ε/8 on each side, an independent check that needs no gradient.
 * A C¹ join's jump shrinks in proportion to ε (jump ≈ 2ε·|h″|); a crease keeps its jump.
 * Slopes are dimensionless (m per m): gradients in m per radian divided by the body radius.
 */
import type { FieldD } from './derivativeHarness';
import type { ElevationSample } from '../field/elevation';
import type { Vec3 } from '../math/vec3';

export interface CreaseProfile {
  /** The ε ladder, m (largest first). */
  eps: number[];
  /** Analytic gradient jump at each ε (slope). */
  exact: number[];
  /** Finite-difference jump of the slope along t at each ε. */
  fd: number[];
}

const a: ElevationSample = { h: 0, gx: 0, gy: 0, gz: 0 };
const b: ElevationSample = { h: 0, gx: 0, gy: 0, gz: 0 };
const q: Vec3 = { x: 0, y: 0, z: 0 };

/** Unit direction p + s·t (s in radians), renormalised, into `out`. */
export function stepAlong(p: Readonly<Vec3>, t: Readonly<Vec3>, s: number, out: Vec3): Vec3 {
  const x = p.x + s * t.x;
  const y = p.y + s * t.y;
  const z = p.z + s * t.z;
  const l = Math.sqrt(x * x + y * y + z * z);
  out.x = x / l;
  out.y = y / l;
  out.z = z / l;
  return out;
}

/** Unit tangent at unit direction p pointing along v (v's component perpendicular to p). */
export function tangentTowards(p: Readonly<Vec3>, v: Readonly<Vec3>): Vec3 {
  const r = v.x * p.x + v.y * p.y + v.z * p.z;
  const x = v.x - r * p.x;
  const y = v.y - r * p.y;
  const z = v.z - r * p.z;
  const l = Math.sqrt(x * x + y * y + z * z);
  if (!(l > 0)) throw new RangeError('tangentTowards: v is parallel to p');
  return { x: x / l, y: y / l, z: z / l };
}

function heightAt(field: FieldD, p: Readonly<Vec3>, t: Readonly<Vec3>, s: number): number {
  return field(stepAlong(p, t, s, q), a).h;
}

/** Slope along t at p + s·t by central differences of half-step η (radians), per radian. */
function fdSlope(field: FieldD, p: Readonly<Vec3>, t: Readonly<Vec3>, s: number, eta: number): number {
  return (heightAt(field, p, t, s + eta) - heightAt(field, p, t, s - eta)) / (2 * eta);
}

/**
 * The jump profile at p across t for ε = eps0, eps0/2, … (`steps` values), ε in metres on a body
 * of radius `radius`.
 */
export function creaseProfile(
  field: FieldD,
  radius: number,
  p: Readonly<Vec3>,
  t: Readonly<Vec3>,
  eps0: number,
  steps: number,
): CreaseProfile {
  const out: CreaseProfile = { eps: [], exact: [], fd: [] };
  let e = eps0;
  for (let k = 0; k < steps; k++, e /= 2) {
    const s = e / radius;
    field(stepAlong(p, t, s, q), a);
    field(stepAlong(p, t, -s, q), b);
    const dx = a.gx - b.gx;
    const dy = a.gy - b.gy;
    const dz = a.gz - b.gz;
    out.eps.push(e);
    out.exact.push(Math.sqrt(dx * dx + dy * dy + dz * dz) / radius);
    const eta = s / 8;
    out.fd.push(Math.abs(fdSlope(field, p, t, s, eta) - fdSlope(field, p, t, -s, eta)) / radius);
  }
  return out;
}

/**
 * How far the last `span` halvings of ε shrank the jump, over how far ε shrank (2^−span):
 * ≈ 1 for a C¹ join (jump ∝ ε), ≈ 2^span for a crease (the jump stays). Reads `jumps` (exact or fd).
 */
export function shrinkOverLinear(jumps: readonly number[], span: number): number {
  const n = jumps.length;
  let scale = 1;
  for (let k = 0; k < span; k++) scale *= 2;
  return (jumps[n - 1] / jumps[n - 1 - span]) * scale;
}
