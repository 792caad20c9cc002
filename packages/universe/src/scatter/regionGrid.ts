/**
 * The scatter region grid (ADR-0007): each cube face (ADR-0003) is cut into n × n regions of equal
 * (s, t) extent, n = ceil(R·π/2 / REGION_SIZE_M), so a region is about REGION_SIZE_M across (the
 * area-equalising warp keeps regions within ~±15 % of that in each direction). Region (face, i, j)
 * covers s ∈ [−1 + 2i/n, −1 + 2(i + 1)/n), t likewise with j. Addresses: `<body>/f<face>/r<i>.<j>`.
 */
import type { Body } from '../body/Body';
import type { Vec3 } from '../math/vec3';
import { directionToFace, type FaceCoord } from '../cube/CubeSphere';

/** Nominal region edge, m. */
export const REGION_SIZE_M = 256;

export interface Region {
  face: number;
  i: number;
  j: number;
}

/** Regions per face edge on `body`. */
export function regionGrid(body: Body): number {
  return Math.max(1, Math.ceil((body.radius * (Math.PI / 2)) / REGION_SIZE_M));
}

const fc: FaceCoord = { face: 0, s: 0, t: 0 };

/** The region containing unit direction `dir`. */
export function regionOf(body: Body, dir: Readonly<Vec3>): Region {
  if (!Number.isFinite(dir.x) || !Number.isFinite(dir.y) || !Number.isFinite(dir.z)) {
    throw new RangeError(`regionOf: direction (${dir.x}, ${dir.y}, ${dir.z}) is not finite`);
  }
  const n = regionGrid(body);
  directionToFace(dir, fc);
  const cell = (c: number): number => Math.min(n - 1, Math.max(0, Math.floor(((c + 1) / 2) * n)));
  return { face: fc.face, i: cell(fc.s), j: cell(fc.t) };
}

/** Throws a clear error unless `region` names a region of `body`'s grid. */
export function checkRegion(body: Body, region: Readonly<Region>): void {
  const n = regionGrid(body);
  if (region === null || typeof region !== 'object') throw new TypeError('region must be { face, i, j }');
  const { face, i, j } = region;
  if (!Number.isInteger(face) || face < 0 || face > 5) {
    throw new RangeError(`region face ${String(face)} must be an integer 0…5`);
  }
  if (!Number.isInteger(i) || i < 0 || i >= n) {
    throw new RangeError(`region i ${String(i)} must be an integer 0…${n - 1} on ${body.id}`);
  }
  if (!Number.isInteger(j) || j < 0 || j >= n) {
    throw new RangeError(`region j ${String(j)} must be an integer 0…${n - 1} on ${body.id}`);
  }
}
