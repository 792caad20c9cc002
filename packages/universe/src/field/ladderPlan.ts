/**
 * The feature ladder's per-body plan (ADR-0004): rung k ≥ 1 holds features with diameters in
 * [D_k, 2·D_k), D_k = ladderTop / 2^k, down to CANONICAL_DETAIL_FLOOR; rung 0 is the body's
 * largest basin, exactly one crater at a hashed direction. Rungs k ≥ 1 place at most one feature
 * per cell of a cubic lattice in 3-D direction space (cell size c_k = 2.5·D_k/radius, capped at
 * LADDER_MAX_CELL with the existence probability scaled by (cap/c)² so the density is kept).
 * A pure function of the body, memoised per body object (the memo cannot change any result).
 *
 * Units and ages (units.ts, production.ts): each rung also holds the share of its (old-unit)
 * craters younger than the young flooded unit — visible N on the young unit over visible N on the
 * old one, production capped by equilibrium — the weight kept by older craters under the flood
 * (ghost rims: (rim/(rim + flood thickness))² × rim/(rim + depth), the burial times the rim's share
 * of the fresh relief, since the flood fills the bowl: terrain v14), the age spans that turn a
 * crater's age draw into an age, and the diffusion rate that turns an age into freshness:
 *   fresh = 1/(1 + β_i·t + β_a·t²/(t + t₀)), β = 23·κ(D)/D², κ_i(D) = DIFFUSIVITY_1KM·D/1 km,
 *   κ_a = AEOLIAN·A, t₀ = CRATER_AEOLIAN_ONSET_GYR,
 * A = 4·air·(1 − air) the aeolian activity (0 in vacuum; 0 under Venus' slow, dense surface air;
 * ~1 on Mars, Earth, Titan): aeolian infill starts after ~t₀, so the youngest craters keep their
 * walls. Knobs and pits wear by the aeolian part only (`fill` per rung, on the age itself).
 * (23 ≈ (2·2.405)²: the decay rate of a bowl's fundamental Bessel mode under topographic diffusion,
 * written as a rational decay).
 *
 * Remnants: where a unit has made more craters than equilibrium keeps, the erased ones still leave
 * subdued bowls (Gault 1970: saturation stops the counts, not the cratering). Cells without a
 * visible feature hold one with probability min(1 − existence, CRATER_REMNANT_SHARE × erased ×
 * (1 − A) × existence), erased = 1 − N_eq/N_production of the old unit; depth
 * min(CRATER_REMNANT_DEPTH, fresh d/D × freshness at the middle of the erased craters' ages), none
 * where that freshness is under CRATER_REMNANT_MIN_FRESH (diffusion, not saturation, erased them)
 * and above the simple→complex transition (erased basins and complex craters lie buried under basin
 * ejecta and viscously relaxed: Solomon et al. 1982; drawn, they would move a body's global relief
 * by kilometres).
 * In the young unit a remnant weighs its own erased share over the old unit's (0: buried).
 *
 * Knobs and pits: a feature that is not a crater (probability 1 − craterShare) is a knob or pit.
 * On a body whose knobs and pits are lenticulae (grammar.lenticulae: Europa) they are drawn only
 * ≥ LENTICULA_MIN_M: a rung below it keeps existence × craterShare and only craters, so a young
 * ridged plain is not covered in small bumps where it has few craters.
 */
import type { Body } from '../body/Body';
import {
  craterShape,
  craterShapeNew,
  CRATER_EJECTA_REACH,
  freshDepth,
  freshRim,
  type CraterShape,
} from '../math/craterProfile';
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
  BAND_FLOOD_BURIAL,
  CRATER_DIFFUSIVITY_1KM,
  CRATER_DIFFUSION_MODE,
  CRATER_AEOLIAN_DIFFUSIVITY,
  CRATER_AEOLIAN_ONSET_GYR,
  CRATER_REMNANT_DEPTH,
  CRATER_REMNANT_MIN_FRESH,
  CRATER_REMNANT_SHARE,
  LENTICULA_MIN_M,
} from './tunables';
import { equilibriumN, productionN, visibleN, visibleSpanGyr } from './production';
import { excavationMinDiameterM } from './regolith';

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
  /** Share of the rung's craters younger than the young unit (they show on it). */
  youngShare: Float64Array;
  /** Weight of the older craters in the young unit (ghost rims; the burial share without a dated unit). */
  ghost: Float64Array;
  /** Age span of the young craters, Gyr (min of the young unit's age and the visible span). */
  spanYoung: Float64Array;
  /** Age span of the rung's visible craters on the old unit, Gyr. */
  spanOld: Float64Array;
  /** Impact-gardening part β_i of the diffusion rate, per Gyr (`freshness`). */
  diffusion: Float64Array;
  /** Aeolian part β_a of the diffusion rate, per Gyr (`freshness`; knobs and pits fill by it). */
  fill: Float64Array;
  /**
   * Probability that a feature of the rung is an impact crater (else a knob or pit): the old unit's
   * production over equilibrium (≤ 1) × (1 − air) (air screens small impactors, ADR-0003).
   */
  craterShare: Float64Array;
  /**
   * Probability that a cell holds a remnant crater (cells whose existence draw u falls in
   * [existence, existence + remnant)); 0 where the old unit is below equilibrium.
   */
  remnant: Float64Array;
  /** Depth over diameter of the rung's remnants. */
  remnantDepth: Float64Array;
  /** Weight of the rung's remnants in the young unit (its erased share over the old unit's; 0: buried). */
  remnantYoung: Float64Array;
  /** Smallest crater (m) that excavates boulders through the old unit's regolith (regolith.ts). */
  boulderMinOld: number;
  /** The same through the young unit's regolith (the old unit's where the body has none). */
  boulderMinYoung: number;
  /** True when the young unit is dated (else young weights are the uniform `ghost`). */
  dated: boolean;
  /** Rung 0: the basin's centre direction and shape. */
  basin: {
    x: number;
    y: number;
    z: number;
    shape: CraterShape;
    diameter: number;
    fresh: number;
    age: number;
  };
}

const plans = new WeakMap<Body, LadderPlan>();

/**
 * The boulder clock (ADR-0007, boulders.ts): 1 − CRATER_DEGRADATION·(age/4 Gyr)·(1 − youth), the
 * freshness scale boulder fields are thresholded on.
 */
export function boulderFreshness(body: Body, ageGyr: number): number {
  return 1 - CRATER_DEGRADATION * ageGyr * 0.25 * (1 - body.grammar.youth);
}

/**
 * Freshness 1/(1 + β_i·t + β_a·t²/(t + t₀)) of a crater of age t (Gyr) under impact rate β_i and
 * aeolian rate β_a (per Gyr). β_a = 0 gives 1/(1 + β_i·t) bit for bit.
 */
export function freshness(betaImpact: number, betaAeolian: number, ageGyr: number): number {
  return (
    1 / (1 + betaImpact * ageGyr + (betaAeolian * ageGyr * ageGyr) / (ageGyr + CRATER_AEOLIAN_ONSET_GYR))
  );
}

/** The age (Gyr) of a crater of rung k whose age draw is u ∈ [0, 1); craters with u < youngShare are the young unit's. */
export function craterAge(plan: LadderPlan, k: number, u: number): number {
  const p = plan.youngShare[k];
  if (u < p) return (u / p) * plan.spanYoung[k];
  return plan.spanYoung[k] + ((u - p) / (1 - p)) * (plan.spanOld[k] - plan.spanYoung[k]);
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
  const age = unitFromHash(rehash(h, 1000)) * body.grammar.units.highland.ageGyr;
  const fresh = freshness(impactRate(d), aeolianRate(body, d), age);
  const shape = craterShape(craterShapeNew(), d, body.grammar.crater, fresh);
  shape.spin = unitFromHash(rehash(h, 1001));
  return { x, y, z, shape, diameter: d, fresh, age };
}

/** Aeolian activity 4·air·(1 − air) of `body`. */
function aeolian(body: Body): number {
  const a = body.grammar.air;
  return 4 * a * (1 - a);
}

/** β_i per Gyr of a crater of diameter d (m): impact gardening. */
function impactRate(d: number): number {
  return (CRATER_DIFFUSION_MODE * (CRATER_DIFFUSIVITY_1KM * (d / 1000))) / (d * d);
}

/** β_a per Gyr of a crater of diameter d (m) on `body`: aeolian infill. */
function aeolianRate(body: Body, d: number): number {
  return (CRATER_DIFFUSION_MODE * CRATER_AEOLIAN_DIFFUSIVITY * aeolian(body)) / (d * d);
}

/** Share 1 − N_eq/N_production of the craters ≥ d made on a unit of age `ageGyr` that equilibrium erased. */
function erasedShare(body: Body, d: number, ageGyr: number): number {
  const made = productionN(body, d, ageGyr);
  const kept = equilibriumN(d);
  return made > kept ? 1 - kept / made : 0;
}

/** The remnant share of the rung whose unit statistics were last computed (typed: no boxed double). */
const remnantShare = new Float64Array(1);

/** The unit statistics of rung k (diameters [d, 2d)) into the plan. */
function unitStats(body: Body, plan: LadderPlan, k: number, d: number): void {
  const units = body.grammar.units;
  const dMid = d * Math.SQRT2;
  const old = units.highland.ageGyr;
  const spanOld = visibleSpanGyr(body, dMid, old);
  plan.spanOld[k] = spanOld;
  // Shares are of the rung's increment [d, 2d): N(≥d) − N(≥2d) under each law.
  const eqIn = equilibriumN(d) - equilibriumN(2 * d);
  const oldIn = visibleN(body, d, old) - visibleN(body, 2 * d, old);
  const saturation = oldIn / eqIn;
  plan.craterShare[k] = (saturation < 1 ? saturation : 1) * (1 - body.grammar.air);
  plan.diffusion[k] = impactRate(dMid);
  plan.fill[k] = aeolianRate(body, dMid);
  // Remnants (header): in proportion to the old unit's erased share; aeolian infill fills them.
  const erasedOld = erasedShare(body, dMid, old);
  remnantShare[0] = CRATER_REMNANT_SHARE * erasedOld * (1 - aeolian(body));
  const remnantFresh = freshness(plan.diffusion[k], plan.fill[k], 0.5 * (spanOld + old));
  const remnantDepth = (freshDepth(dMid, body.grammar.crater) / dMid) * remnantFresh;
  plan.remnantDepth[k] = remnantDepth < CRATER_REMNANT_DEPTH ? remnantDepth : CRATER_REMNANT_DEPTH;
  // Complex craters' erased counterparts are buried by basin ejecta and relaxed, not drawn.
  if (remnantFresh < CRATER_REMNANT_MIN_FRESH || dMid > body.grammar.crater.transitionM) remnantShare[0] = 0;
  const plain = units.plain;
  if (!plain) {
    plan.youngShare[k] = 0;
    plan.spanYoung[k] = 0;
    plan.ghost[k] = 1 - BAND_FLOOD_BURIAL * body.grammar.flooding;
    plan.remnantYoung[k] = plan.ghost[k];
    return;
  }
  const erasedYoung = erasedShare(body, dMid, plain.ageGyr);
  plan.remnantYoung[k] = erasedOld === 0 ? 0 : erasedYoung < erasedOld ? erasedYoung / erasedOld : 1;
  const share = (visibleN(body, d, plain.ageGyr) - visibleN(body, 2 * d, plain.ageGyr)) / oldIn;
  plan.youngShare[k] = share < 1 ? share : 1;
  plan.spanYoung[k] = Math.min(plain.ageGyr, spanOld);
  const rim = freshRim(dMid, body.grammar.crater);
  const g = rim / (rim + plain.buryM);
  // The flood fills the bowl: what shows through is the rim, its share rim/(rim + depth) of the
  // fresh relief (terrain v14; g² alone drew Luna's basins through the maria at 0.44–0.88).
  plan.ghost[k] = (g * g * rim) / (rim + freshDepth(dMid, body.grammar.crater));
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
    youngShare: new Float64Array(rungs),
    ghost: new Float64Array(rungs),
    spanYoung: new Float64Array(rungs),
    spanOld: new Float64Array(rungs),
    diffusion: new Float64Array(rungs),
    fill: new Float64Array(rungs),
    craterShare: new Float64Array(rungs),
    remnant: new Float64Array(rungs),
    remnantYoung: new Float64Array(rungs),
    remnantDepth: new Float64Array(rungs),
    dated: body.grammar.units.plain !== null,
    boulderMinOld: excavationMinDiameterM(body, body.grammar.units.highland.ageGyr),
    boulderMinYoung: excavationMinDiameterM(
      body,
      (body.grammar.units.plain ?? body.grammar.units.highland).ageGyr,
    ),
    basin: basinOf(body),
  };
  const shape = craterShapeNew();
  const inv = 1 / body.radius;
  const lenticulae = body.grammar.lenticulae;
  let d = top;
  for (let k = 0; k < rungs; k++) {
    plan.diameter[k] = d;
    plan.seed[k] = hash3(body.seed, PASS_LADDER, k);
    craterShape(shape, d, body.grammar.crater, 1);
    plan.fold[k] = LADDER_FOLD_OVER_DEPTH * shape.depth;
    unitStats(body, plan, k, d);
    if (k === 0) {
      plan.reach[k] = CRATER_EJECTA_REACH * 0.5 * d * inv;
    } else {
      const c = LADDER_CELL_OVER_DIAMETER * d * inv;
      const capped = Math.min(c, LADDER_MAX_CELL);
      plan.cell[k] = capped;
      plan.existence[k] = (LADDER_EXISTENCE * (capped * capped)) / (c * c);
      // Lenticulae (Europa): no knobs or pits below LENTICULA_MIN_M, so the rung keeps only its
      // craters (the same density of craters, none of the rest).
      if (lenticulae && d * Math.SQRT2 < LENTICULA_MIN_M) {
        plan.existence[k] *= plan.craterShare[k];
        plan.craterShare[k] = 1;
      }
      plan.remnant[k] = Math.min(1 - plan.existence[k], remnantShare[0] * plan.existence[k]);
      // Largest feature of the rung has diameter < 2·D_k, so rim radius < D_k.
      plan.reach[k] = CRATER_EJECTA_REACH * d * inv;
    }
    d /= 2;
  }
  plans.set(body, plan);
  return plan;
}
