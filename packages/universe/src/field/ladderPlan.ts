/**
 * The feature ladder's per-body plan (ADR-0004): rung k ≥ 1 holds features with diameters in
 * [D_k, 2·D_k), D_k = ladderTop / 2^k, down to CANONICAL_DETAIL_FLOOR; rung 0 is the body's
 * largest basin, exactly one crater at a hashed direction. Rungs k ≥ 1 place at most one feature
 * per cell of a cubic lattice in 3-D direction space (cell size c_k = 2.5·D_k/radius, capped at
 * LADDER_MAX_CELL with the existence probability scaled by (cap/c)² so the density is kept).
 * A pure function of the body, memoised per body object (the memo cannot change any result).
 */
import type { Body } from '../body/Body';
import { craterShape, craterShapeNew, CRATER_EJECTA_REACH, type CraterShape } from '../math/craterProfile';
import { hash3, rehash, unitFromHash } from '../math/hash';
import {
  CANONICAL_DETAIL_FLOOR,
  CRATER_DEGRADATION,
  LADDER_CELL_OVER_DIAMETER,
  LADDER_EXISTENCE,
  LADDER_FOLD_OVER_DEPTH,
  LADDER_MAX_CELL,
  PASS_BASIN,
  PASS_LADDER,
} from './tunables';

export interface LadderPlan {
  rungs: number;
  /** Smallest diameter of each rung, m (rung 0: the basin's diameter). */
  diameter: Float64Array;
  /** Lattice cell size, direction units (rung 0 unused). */
  cell: Float64Array;
  /** Probability that a cell holds a feature. */
  existence: Float64Array;
  /** Largest reach (chord) of any feature of the rung, direction units. */
  reach: Float64Array;
  /** Fold limit of the rung's summed relief, m. */
  fold: Float64Array;
  /** Stream seed of each rung. */
  seed: Uint32Array;
  /** Rung 0: the basin's centre direction and shape. */
  basin: { x: number; y: number; z: number; shape: CraterShape; diameter: number; fresh: number };
}

const plans = new WeakMap<Body, LadderPlan>();

/** Degradation: fresh = 1 − CRATER_DEGRADATION·age·(1 − youth), age ∈ [0, 1). */
export function freshness(body: Body, age: number): number {
  return 1 - CRATER_DEGRADATION * age * (1 - body.grammar.youth);
}

function basinOf(body: Body): LadderPlan['basin'] {
  const h = hash3(body.seed, PASS_BASIN, 0);
  let x = 0;
  let y = 0;
  let z = 1;
  // Rejection sampling in the cube (bounded; at 64 failed tries, which never happens for a 52%
  // acceptance rate, the pole is used): uniform on the sphere after normalisation.
  for (let i = 0; i < 64; i++) {
    const px = 2 * unitFromHash(rehash(h, 3 * i)) - 1;
    const py = 2 * unitFromHash(rehash(h, 3 * i + 1)) - 1;
    const pz = 2 * unitFromHash(rehash(h, 3 * i + 2)) - 1;
    const r2 = px * px + py * py + pz * pz;
    if (r2 > 0.0625 && r2 <= 1) {
      const inv = 1 / Math.sqrt(r2);
      x = px * inv;
      y = py * inv;
      z = pz * inv;
      break;
    }
  }
  const d = body.grammar.ladderTopM;
  const fresh = freshness(body, unitFromHash(rehash(h, 1000)));
  const shape = craterShape(craterShapeNew(), d, body.grammar.transitionDiameterM, fresh);
  return { x, y, z, shape, diameter: d, fresh };
}

/** The ladder plan of `body`. */
export function ladderPlan(body: Body): LadderPlan {
  const hit = plans.get(body);
  if (hit) return hit;
  const top = body.grammar.ladderTopM;
  let rungs = 1;
  for (let d = top / 2; d >= CANONICAL_DETAIL_FLOOR; d /= 2) rungs++;
  const plan: LadderPlan = {
    rungs,
    diameter: new Float64Array(rungs),
    cell: new Float64Array(rungs),
    existence: new Float64Array(rungs),
    reach: new Float64Array(rungs),
    fold: new Float64Array(rungs),
    seed: new Uint32Array(rungs),
    basin: basinOf(body),
  };
  const shape = craterShapeNew();
  const inv = 1 / body.radius;
  let d = top;
  for (let k = 0; k < rungs; k++) {
    plan.diameter[k] = d;
    plan.seed[k] = hash3(body.seed, PASS_LADDER, k);
    craterShape(shape, d, body.grammar.transitionDiameterM, 1);
    plan.fold[k] = LADDER_FOLD_OVER_DEPTH * shape.depth;
    if (k === 0) {
      plan.reach[k] = CRATER_EJECTA_REACH * 0.5 * d * inv;
    } else {
      const c = LADDER_CELL_OVER_DIAMETER * d * inv;
      const capped = Math.min(c, LADDER_MAX_CELL);
      plan.cell[k] = capped;
      plan.existence[k] = (LADDER_EXISTENCE * (capped * capped)) / (c * c);
      // Largest feature of the rung has diameter < 2·D_k, so rim radius < D_k.
      plan.reach[k] = CRATER_EJECTA_REACH * d * inv;
    }
    d /= 2;
  }
  plans.set(body, plan);
  return plan;
}
