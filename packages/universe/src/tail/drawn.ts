/**
 * The drawn field: canonical ground plus the micro relief tail (ADR-0006). The mesh, the material
 * and the observatory's stance read it; physics reads the canonical field.
 *
 * PLACEHOLDER: the tail is zero here; the micro crater ladder and regolith grit replace it.
 */
import type { Body } from '../body/Body';
import type { Vec3 } from '../math/vec3';
import { elevationAtD, elevationBatch, elevationSample, type ElevationSample } from '../field/elevation';

/** Micro relief (m) and its tangential gradient at `dir`. */
export function microReliefD(_body: Body, _dir: Readonly<Vec3>, out: ElevationSample): ElevationSample {
  out.h = 0;
  out.gx = 0;
  out.gy = 0;
  out.gz = 0;
  return out;
}

const tail = elevationSample();

/** Drawn elevation = canonical + micro relief, with its tangential gradient. */
export function drawnElevationAtD(body: Body, dir: Readonly<Vec3>, out: ElevationSample): ElevationSample {
  elevationAtD(body, dir, out);
  microReliefD(body, dir, tail);
  out.h += tail.h;
  out.gx += tail.gx;
  out.gy += tail.gy;
  out.gz += tail.gz;
  return out;
}

const s = elevationSample();

export function drawnElevationAt(body: Body, dir: Readonly<Vec3>): number {
  return drawnElevationAtD(body, dir, s).h;
}

export function drawnSurfaceRadius(body: Body, dir: Readonly<Vec3>): number {
  return body.radius + drawnElevationAt(body, dir);
}

/** Proved bound on |drawn − canonical|, m. */
export function drawnDivergence(_body: Body): number {
  return 0;
}

/** Batch form of `drawnElevationAtD` (same layout as `elevationBatch`), bit-identical to it. */
export function drawnBatch(
  body: Body,
  dirs: Float64Array,
  count: number,
  outH: Float64Array,
  outGrad: Float64Array | null,
): void {
  elevationBatch(body, dirs, count, outH, outGrad);
}
