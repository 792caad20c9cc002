/**
 * The canonical elevation field's public API: metres above the body's datum as a pure function of
 * the body and a float64 unit direction, with its exact tangential gradient (ADR-0004; the formula
 * and its evaluation are in canonical.ts).
 *
 * The point API is the batch API with one direction; the batch gathers the ladder once per batch
 * and is bit-identical to it (ladder.ts). Gradients are ∂h/∂dir in metres per radian.
 */
import type { Body } from '../body/Body';
import type { Vec3 } from '../math/vec3';
import { canonicalAtD, canonicalBatchD } from './canonical';

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
  return canonicalAtD(body, dir, out, null);
}

/** Canonical elevation (m above the datum) at unit direction `dir`. */
export function elevationAt(body: Body, dir: Readonly<Vec3>): number {
  return elevationAtD(body, dir, scratch).h;
}

const scratch = elevationSample();

/** The canonical ground: what physics, landings and saves read. Same as `elevationAt`. */
export const groundElevation = elevationAt;

/** Distance from the body centre to the canonical surface along `dir`, m. */
export function surfaceRadius(body: Body, dir: Readonly<Vec3>): number {
  return body.radius + elevationAt(body, dir);
}

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
  canonicalBatchD(body, dirs, count, outH, outGrad, null);
}
