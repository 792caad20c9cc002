/**
 * The canonical elevation field: metres above the body's datum as a pure function of the body and
 * a float64 unit direction, with its exact tangential gradient (ADR-0004).
 *
 * PLACEHOLDER: a smooth low-order field with the final signatures, so downstream packages can be
 * built against the API; the real field (bands + crater ladder) replaces the body of this file.
 */
import type { Body } from '../body/Body';
import type { Vec3 } from '../math/vec3';

/** Elevation and its tangential gradient: ∂h/∂dir projected onto the tangent plane, m per radian. */
export interface ElevationSample {
  h: number;
  gx: number;
  gy: number;
  gz: number;
}

export function elevationSample(): ElevationSample {
  return { h: 0, gx: 0, gy: 0, gz: 0 };
}

/** Elevation (m above the datum) and its exact tangential gradient at unit direction `dir`. */
export function elevationAtD(body: Body, dir: Readonly<Vec3>, out: ElevationSample): ElevationSample {
  const a = body.grammar.maxReliefM * 0.25;
  const { x, y, z } = dir;
  out.h = a * (x * y + y * z - z * x);
  const dx = a * (y - z);
  const dy = a * (x + z);
  const dz = a * (y - x);
  const r = dx * x + dy * y + dz * z;
  out.gx = dx - r * x;
  out.gy = dy - r * y;
  out.gz = dz - r * z;
  return out;
}

const scratch = elevationSample();

/** Canonical elevation (m above the datum) at unit direction `dir`. */
export function elevationAt(body: Body, dir: Readonly<Vec3>): number {
  return elevationAtD(body, dir, scratch).h;
}

/** The canonical ground: what physics, landings and saves read. Same as `elevationAt`. */
export const groundElevation = elevationAt;

/** Distance from the body centre to the canonical surface along `dir`, m. */
export function surfaceRadius(body: Body, dir: Readonly<Vec3>): number {
  return body.radius + elevationAt(body, dir);
}

const dirScratch: Vec3 = { x: 0, y: 0, z: 0 };

/**
 * Batch API: `dirs` holds `count` unit directions (x, y, z interleaved); fills `outH[i]` and, when
 * given, `outGrad[3i…3i+2]`. Bit-identical to `elevationAtD` for every sample.
 */
export function elevationBatch(
  body: Body,
  dirs: Float64Array,
  count: number,
  outH: Float64Array,
  outGrad: Float64Array | null,
): void {
  for (let i = 0; i < count; i++) {
    dirScratch.x = dirs[3 * i];
    dirScratch.y = dirs[3 * i + 1];
    dirScratch.z = dirs[3 * i + 2];
    elevationAtD(body, dirScratch, scratch);
    outH[i] = scratch.h;
    if (outGrad) {
      outGrad[3 * i] = scratch.gx;
      outGrad[3 * i + 1] = scratch.gy;
      outGrad[3 * i + 2] = scratch.gz;
    }
  }
}
