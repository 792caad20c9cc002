/**
 * True area of a scatter region on the body's reference sphere (ADR-0007). A region covers an equal
 * (s, t) square of its face, but the cube sphere's warp makes its area 0.65–0.99 of the nominal
 * REGION_SIZE_M² (largest near face centres, smallest at face corners); rock densities are per m²
 * of ground, so scatter reads this area rather than the nominal one.
 *
 * The area is the vector area ½·|(c₁₁ − c₀₀) × (c₀₁ − c₁₀)|·R² of the region's four corner
 * directions: exact for a planar quadrilateral, and within O((L/R)²) ≈ 1e-8 relative of the
 * spherical patch for regions of L ≈ 256 m on bodies of R ≥ 100 km. Cells of a region share its
 * area equally (the warp's Jacobian varies by ~L/R ≈ 1e-4 across a region).
 */
import type { Body } from '../body/Body';
import type { Vec3 } from '../math/vec3';
import { faceToDirection } from '../cube/CubeSphere';
import { checkRegion, regionGrid, type Region } from './regionGrid';

const c00: Vec3 = { x: 0, y: 0, z: 0 };
const c10: Vec3 = { x: 0, y: 0, z: 0 };
const c01: Vec3 = { x: 0, y: 0, z: 0 };
const c11: Vec3 = { x: 0, y: 0, z: 0 };

/** Area of `region` on `body`'s sphere of radius `body.radius`, m². Throws on a bad region. */
export function regionAreaM2(body: Body, region: Readonly<Region>): number {
  checkRegion(body, region);
  const n = regionGrid(body);
  const s0 = -1 + (2 * region.i) / n;
  const s1 = -1 + (2 * (region.i + 1)) / n;
  const t0 = -1 + (2 * region.j) / n;
  const t1 = -1 + (2 * (region.j + 1)) / n;
  faceToDirection(region.face, s0, t0, c00);
  faceToDirection(region.face, s1, t0, c10);
  faceToDirection(region.face, s0, t1, c01);
  faceToDirection(region.face, s1, t1, c11);
  const ax = c11.x - c00.x;
  const ay = c11.y - c00.y;
  const az = c11.z - c00.z;
  const bx = c01.x - c10.x;
  const by = c01.y - c10.y;
  const bz = c01.z - c10.z;
  const x = ay * bz - az * by;
  const y = az * bx - ax * bz;
  const z = ax * by - ay * bx;
  return 0.5 * Math.sqrt(x * x + y * y + z * z) * body.radius * body.radius;
}
