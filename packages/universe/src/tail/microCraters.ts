/**
 * The micro crater ladder at one direction (ADR-0006): every rung's lattice cells that can reach the
 * direction, visited rung by rung and, within a rung, in ascending (ix, iy, iz) order — the one
 * canonical order the batch reproduces. The raw sum is folded through the soft limit
 * MICRO_CRATER_CEILING. Also reports the fresh-ejecta signal (max over reaching craters of
 * freshness³ × apron weight) that cover and scatter read.
 */
import type { Body } from '../body/Body';
import type { Vec3 } from '../math/vec3';
import {
  microAccSize,
  addMicroCrater,
  MICRO_CRATER_STRIDE,
  microCellBox,
  microCellPoint,
  microPlan,
  type MicroCellPoint,
  microCraterInto,
  type MicroPlan,
} from './microPlan';
import { fieldTestHooks } from '../field/testHooks';
import { softFoldD } from './softFold';
import { MICRO_CRATER_CEILING } from './tailTunables';

/** A tail sample: value (m), tangential gradient (m per radian) and the fresh-ejecta signal 0…1. */
export interface TailSample {
  h: number;
  gx: number;
  gy: number;
  gz: number;
  ejecta: number;
}

export function tailSample(): TailSample {
  return { h: 0, gx: 0, gy: 0, gz: 0, ejecta: 0 };
}

/** The current crater (MICRO_CRATER_STRIDE layout) and sample direction (addMicroCrater's arrays). */
const crater = new Float64Array(MICRO_CRATER_STRIDE);
const at = new Float64Array(3);
const point: MicroCellPoint = { h: 0, qx: 0, qy: 0, qz: 0, q2: 0, j2: 0 };
const acc = new Float64Array(microAccSize);
/** The point path's direction (accumulateMicroRung's array) and a sample's cell box. */
const dirAt = new Float64Array(3);
const box = new Int32Array(6);
const fold = new Float64Array(2);

/**
 * Adds rung `r`'s craters reaching the unit direction dir[0…2] into `into` (point path). The
 * direction comes in an array: V8 boxes doubles passed to a call it does not inline.
 */
export function accumulateMicroRung(plan: MicroPlan, r: number, dir: Float64Array, into: Float64Array): void {
  const rung = plan.rungs[r];
  if (rung.pExist === 0) return;
  const x = dir[0];
  const y = dir[1];
  const z = dir[2];
  const R = plan.radius;
  const px = x * R;
  const py = y * R;
  const pz = z * R;
  // microCellOutOfReach written out (the same operations): no double crosses a call.
  const skip2 = rung.skip2;
  microCellBox(plan, rung, dir, box);
  const x0 = box[0];
  const x1 = box[1];
  const y0 = box[2];
  const y1 = box[3];
  const z0 = box[4];
  const z1 = box[5];
  at[0] = x;
  at[1] = y;
  at[2] = z;
  for (let ix = x0; ix <= x1; ix++) {
    for (let iy = y0; iy <= y1; iy++) {
      for (let iz = z0; iz <= z1; iz++) {
        if (!microCellPoint(rung, ix, iy, iz, point)) continue;
        const wx = point.qx - px;
        const wy = point.qy - py;
        const wz = point.qz - pz;
        const along = wx * x + wy * y + wz * z;
        if (wx * wx + wy * wy + wz * wz - along * along > skip2) continue;
        microCraterInto(plan, rung, point, crater, 0);
        addMicroCrater(into, at, crater, 0);
      }
    }
  }
}

/**
 * Finishes a sample from its accumulator: folds the sum, projects the gradient onto the tangent
 * plane at (x, y, z) and writes `out`. Shared by point and batch.
 */
export function finishMicroSample(
  accum: Float64Array,
  x: number,
  y: number,
  z: number,
  out: TailSample,
): TailSample {
  softFoldD(accum[0], MICRO_CRATER_CEILING, fold);
  const d = fold[1];
  const gx = d * accum[1];
  const gy = d * accum[2];
  const gz = d * accum[3];
  const radial = gx * x + gy * y + gz * z;
  out.h = fold[0];
  out.gx = gx - radial * x;
  out.gy = gy - radial * y;
  out.gz = gz - radial * z;
  out.ejecta = accum[4];
  if (out.h < fieldTestHooks.microFloorM) plantedFloor(out);
  return out;
}

/** The crease test's planted break (field/testHooks.ts): max(h, floor), flat where the floor wins. */
function plantedFloor(out: TailSample): void {
  out.h = fieldTestHooks.microFloorM;
  out.gx = 0;
  out.gy = 0;
  out.gz = 0;
}

/** Folded micro crater relief (m), its tangential gradient and the fresh-ejecta signal at `dir`. */
export function microCratersD(body: Body, dir: Readonly<Vec3>, out: TailSample): TailSample {
  const plan = microPlan(body);
  acc.fill(0);
  // Density 0 (Venus): no rung has a crater; the zero accumulator is the walks' own result.
  const n = plan.density > 0 ? plan.rungs.length : 0;
  dirAt[0] = dir.x;
  dirAt[1] = dir.y;
  dirAt[2] = dir.z;
  for (let r = 0; r < n; r++) accumulateMicroRung(plan, r, dirAt, acc);
  return finishMicroSample(acc, dir.x, dir.y, dir.z, out);
}
