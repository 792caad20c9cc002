/**
 * Ladder candidates (ADR-0004): the features of one rung whose reach may touch a cap of
 * directions, gathered once per cap in canonical order — lattice cells by ascending (ix, iy, iz),
 * lexicographically — into a reusable struct-of-arrays pool. A feature's parameters are a pure
 * function of (body, rung, cell), so any cap that contains a sample gathers, for that sample, the
 * same contributing features in the same relative order: the sums are bit-identical whatever the
 * cap (a single direction for the point API, a whole patch for the batch API).
 *
 * A cell whose existence draw fails may hold a remnant crater instead (ladderPlan.ts): a rimless,
 * flat-floored bowl that reaches no further than its rim, gathered with that shorter reach.
 *
 * The point API's walks read visible cells' descriptions through a memo (featureMemo.ts) that
 * returns exactly what describing them again would.
 *
 * A cap is four numbers in a Float64Array: centre x, y, z (a unit direction) and chord radius.
 */
import type { Body } from '../body/Body';
import { craterShape, craterShapeNew, CRATER_EJECTA_REACH, type CraterShape } from '../math/craterProfile';
import { unitFromHash } from '../math/hash';
import { cellHashX, cellHashY, cellHashZ, combineMixed, mixWord } from '../math/mix32';
import { boulderFreshness, type LadderPlan } from './ladderPlan';
import { BUMP_HEIGHT_RATIO, BUMP_SATURATION_M, CRATER_AEOLIAN_ONSET_GYR } from './tunables';
import { CandidatePool, KIND_BUMP, KIND_CRATER, KIND_REMNANT } from './CandidatePool';
import { boulderStrength } from './boulders';
import { memoFor, memoRead, memoSlot, memoWrite } from './featureMemo';

export { CandidatePool, KIND_BUMP, KIND_CRATER, KIND_REMNANT };

/**
 * The draws of one cell, rehash(h, salt), by salt mixed once here (`combineMixed`): 1…3 the jitter
 * of its point, 4 the diameter, 5 crater or bump, 6 the age (rank u: u < the rung's young share
 * is younger than the young unit), 7 the bump's sign.
 */
const JITTER_SALTS = new Int32Array([mixWord(1), mixWord(2), mixWord(3)]);
const DIAMETER_SALT = mixWord(4);
const KIND_SALT = mixWord(5);
const FRESH_SALT = mixWord(6);
const SIGN_SALT = mixWord(7);
const SPIN_SALT = mixWord(8);

/**
 * Scratch of the gathers (module-level, reused). Doubles live in typed arrays: V8 boxes a double
 * held in a module variable or passed to a call it does not inline.
 */
const scratch = {
  /** The cap being gathered (x, y, z, chord radius), then its reach: chord + rung reach, padded. */
  cap: new Float64Array(5),
  /**
   * Lattice index box of the gather: x0, x1, y0, y1, z0, z1, inclusive. Integers: the cell loops
   * run on small integers. An index is at most 1/cell + 1 ≤ radius / 20 m in size (cell ≥ 2.5 ×
   * CANONICAL_DETAIL_FLOOR / radius), far inside int32.
   */
  box: new Int32Array(6),
  /** One cell's jitter in [0, 1)³. */
  jitter: new Float64Array(3),
  /** The crater shape being filled. */
  shape: craterShapeNew(),
  /** The hash of the cell being described (an int32 passed without boxing). */
  cellHash: new Int32Array(1),
};

/** Appends a feature centred at unit (x, y, z) of diameter d (m); returns its index. */
function pushFeature(pool: CandidatePool, x: number, y: number, z: number, d: number, body: Body): number {
  const j = pool.count;
  pool.ensure(j + 1);
  pool.nx[j] = x;
  pool.ny[j] = y;
  pool.nz[j] = z;
  const r = (0.5 * d) / body.radius;
  pool.invR2[j] = 1 / (r * r);
  pool.diameter[j] = d;
  pool.count = j + 1;
  return j;
}

/** Makes feature j a crater of `shape` with boulder strength `boulder`. */
function setCrater(pool: CandidatePool, j: number, shape: Readonly<CraterShape>, boulder: number): void {
  pool.kind[j] = KIND_CRATER;
  pool.rim[j] = shape.rim;
  pool.depth[j] = shape.depth;
  pool.k[j] = shape.k;
  pool.qf[j] = shape.qf;
  pool.peak[j] = shape.peak;
  pool.qp[j] = shape.qp;
  pool.terraces[j] = shape.terraces;
  pool.terrace[j] = shape.terrace;
  pool.spin[j] = shape.spin;
  pool.qe[j] = shape.qe;
  pool.boulder[j] = boulder;
}

/** Appends rung 0's basin. */
export function gatherBasin(pool: CandidatePool, body: Body, plan: LadderPlan): void {
  const b = plan.basin;
  const j = pushFeature(pool, b.x, b.y, b.z, b.diameter, body);
  setCrater(pool, j, b.shape, boulderStrength(b.diameter, plan.boulderMinOld, boulderFreshness(body, b.age)));
  pool.fresh[j] = b.fresh;
  pool.young[j] = plan.ghost[0];
}

/**
 * The lattice box of rung k around scratch.cap, into scratch.box, and the padded reach into
 * scratch.cap[4]. A feature centre n reaching the cap lies within R = chord + reach of its centre
 * m, so n = m + δ with |δ| < R and δ·m = −|δ|²/2: per axis |δ_a| ≤ R·√(1 − m_a²) + R²/2·|m_a|. Its
 * lattice point is s·n with s ∈ [lo, hi]. The box covers that set with a relative safety margin.
 */
function latticeBox(plan: LadderPlan, k: number): void {
  const { cap, box } = scratch;
  const cell = plan.cell[k];
  const reach = (cap[3] + plan.reach[k]) * (1 + 1e-9) + 1e-15;
  cap[4] = reach;
  const lo = 1 - 0.5 * cell;
  const hi = 1 + 0.5 * cell;
  const inv = 1 / cell;
  for (let axis = 0; axis < 3; axis++) {
    const m = cap[axis];
    const side = 1 - m * m;
    const e =
      hi * (reach * Math.sqrt(side > 0 ? side : 0) + 0.5 * reach * reach * Math.abs(m)) * (1 + 1e-9) +
      cell * 1e-9;
    const a = Math.min(lo * m, hi * m) - e;
    const b = Math.max(lo * m, hi * m) + e;
    box[2 * axis] = Math.max(Math.floor(a * inv), Math.floor(-hi * inv));
    box[2 * axis + 1] = Math.min(Math.floor(b * inv), Math.floor(hi * inv));
  }
}

/** Copies the cap caps[at…at+3] into scratch.cap. */
function setCap(caps: Float64Array, at: number): void {
  const cap = scratch.cap;
  cap[0] = caps[at];
  cap[1] = caps[at + 1];
  cap[2] = caps[at + 2];
  cap[3] = caps[at + 3];
}

/** Number of lattice cells `gatherRung` visits for rung k around the cap caps[at…at+3]. */
export function rungBoxCells(plan: LadderPlan, k: number, caps: Float64Array, at: number): number {
  setCap(caps, at);
  latticeBox(plan, k);
  const box = scratch.box;
  return (box[1] - box[0] + 1) * (box[3] - box[2] + 1) * (box[5] - box[4] + 1);
}

/**
 * Appends every feature of rung `k` (≥ 1) whose reach may touch the cap caps[at…at+3]. Returns the
 * number of lattice cells visited.
 */
export function gatherRung(
  pool: CandidatePool,
  body: Body,
  plan: LadderPlan,
  k: number,
  caps: Float64Array,
  at: number,
): number {
  setCap(caps, at);
  // A cap of one direction is the point API's, whose callers move between neighbouring directions:
  // its walks meet the features the last ones met, and read them through the memo.
  return gatherCap(pool, body, plan, k, caps[at + 3] === 0);
}

/**
 * Per-sample walk: `gatherRung` around direction i of `dirs` (chord radius 0), without the memo: a
 * batch walks per sample only rungs whose features are small beside its spacing (ladder.ts), so
 * its walks rarely meet a feature twice.
 */
export function gatherRungDir(
  pool: CandidatePool,
  body: Body,
  plan: LadderPlan,
  k: number,
  dirs: Float64Array,
  i: number,
): number {
  const cap = scratch.cap;
  cap[0] = dirs[3 * i];
  cap[1] = dirs[3 * i + 1];
  cap[2] = dirs[3 * i + 2];
  cap[3] = 0;
  return gatherCap(pool, body, plan, k, false);
}

/** Distance along one axis from coordinate m to the cell [i·cell, (i + 1)·cell] (0 inside). */
function cubeGap(m: number, i: number, cell: number): number {
  const lo = i * cell - m;
  const hi = m - (i + 1) * cell;
  return lo > 0 ? lo : hi > 0 ? hi : 0;
}

/** The gather of rung k around scratch.cap, its visible cells read through the memo when `memo`. */
function gatherCap(pool: CandidatePool, body: Body, plan: LadderPlan, k: number, memo: boolean): number {
  latticeBox(plan, k);
  const { cap, box, jitter } = scratch;
  const mx = cap[0];
  const my = cap[1];
  const mz = cap[2];
  const reach2 = cap[4] * cap[4];
  const reachPre = reach2 * (1 + 1e-6);
  const cell = plan.cell[k];
  const seed = plan.seed[k];
  const existence = plan.existence[k];
  const existenceRemnant = existence + plan.remnant[k];
  const remnantDepth = plan.remnantDepth[k];
  const remnantYoung = plan.remnantYoung[k];
  // A remnant reaches no further than its rim, under D_k = rung reach / CRATER_EJECTA_REACH.
  const remnantReach = cap[3] + (plan.reach[k] / CRATER_EJECTA_REACH) * (1 + 1e-9) + 1e-15;
  const remnant2 = remnantReach * remnantReach;
  const remnantPre = remnant2 * (1 + 1e-6);
  // A remnant's point p in the shell (|p − p/|p|| ≤ cell/2) reaches the cap only if its cell cube
  // lies within cell/2 + remnantReach of the cap centre: farther cells are skipped before hashing.
  const cubeReach = 0.5 * cell + remnantReach;
  const cubeReach2 = cubeReach * cubeReach * (1 + 1e-6) + 1e-14;
  // |p − m| < cell/2 + reach along every axis too: a remnant's point farther along x or y is
  // skipped before its next jitter coordinate is hashed.
  const axisRemnant = cubeReach * (1 + 1e-6) + 1e-14;
  const shellLo = 1 - 0.5 * cell;
  const shellHi = 1 + 0.5 * cell;
  const shellLo2 = shellLo * shellLo;
  const shellHi2 = shellHi * shellHi;
  const d0 = plan.diameter[k];
  if (memo) memoFor(body, plan);
  const x0 = box[0];
  const x1 = box[1];
  const y0 = box[2];
  const y1 = box[3];
  const z0 = box[4];
  const z1 = box[5];
  for (let ix = x0; ix <= x1; ix++) {
    // hashCell3(seed, ix, iy, iz) in int32 form, its x and y rounds hoisted out of the inner loops.
    const hx = cellHashX(seed, ix);
    const ex = cubeGap(mx, ix, cell);
    for (let iy = y0; iy <= y1; iy++) {
      const hy = cellHashY(hx, iy);
      const ey = cubeGap(my, iy, cell);
      for (let iz = z0; iz <= z1; iz++) {
        const h = cellHashZ(hy, iz);
        const ue = unitFromHash(h);
        // A cell without a visible feature may hold a remnant (u in [existence, existence + remnant)).
        const isRemnant = ue >= existence;
        if (isRemnant) {
          if (ue >= existenceRemnant) continue;
          const ez = cubeGap(mz, iz, cell);
          if (ex * ex + ey * ey + ez * ez > cubeReach2) continue;
        }
        jitter[0] = unitFromHash(combineMixed(h, JITTER_SALTS[0]));
        const px = (ix + jitter[0]) * cell;
        if (isRemnant && Math.abs(px - mx) > axisRemnant) continue;
        jitter[1] = unitFromHash(combineMixed(h, JITTER_SALTS[1]));
        const py = (iy + jitter[1]) * cell;
        if (isRemnant && Math.abs(py - my) > axisRemnant) continue;
        jitter[2] = unitFromHash(combineMixed(h, JITTER_SALTS[2]));
        const pz = (iz + jitter[2]) * cell;
        const r2 = px * px + py * py + pz * pz;
        if (r2 < shellLo2 || r2 >= shellHi2) continue;
        // Before normalising: the chord from n = p/|p| to m is ≥ |p × m|/|p| (2·sin(θ/2) ≥ sin θ),
        // so a point whose |p × m|² = |p|² − (p·m)² is over reach²·|p|² (margins far above the
        // rounding) cannot reach the cap: skipped without a square root, as the exact test would.
        const pm = px * mx + py * my + pz * mz;
        if (r2 - pm * pm > (isRemnant ? remnantPre : reachPre) * r2 + 1e-14) continue;
        const ir = 1 / Math.sqrt(r2);
        const x = px * ir;
        const y = py * ir;
        const z = pz * ir;
        const dx = x - mx;
        const dy = y - my;
        const dz = z - mz;
        if (dx * dx + dy * dy + dz * dz >= (isRemnant ? remnant2 : reach2)) continue;
        // Diameter in [D_k, 2·D_k) with N(>D) ∝ D^−2 (inverse CDF): the −2 saturation slope.
        const d = d0 / Math.sqrt(1 - 0.75 * unitFromHash(combineMixed(h, DIAMETER_SALT)));
        const j = pushFeature(pool, x, y, z, d, body);
        if (isRemnant) {
          // A remnant: the flat-floored rimless bowl −remnantDepth·D·(1 − q²)² (rungSum.ts).
          pool.kind[j] = KIND_REMNANT;
          pool.rim[j] = -remnantDepth * d;
          pool.k[j] = 1;
          pool.qe[j] = 1;
          pool.boulder[j] = 0;
          pool.fresh[j] = 0;
          pool.young[j] = remnantYoung;
          continue;
        }
        scratch.cellHash[0] = h;
        describeCell(pool, j, body, plan, k, memo);
      }
    }
  }
  return (x1 - x0 + 1) * (y1 - y0 + 1) * (z1 - z0 + 1);
}

/**
 * `describeFeature`, through the memo (featureMemo.ts) when `memo`: a cell described before, and
 * still held, is copied from it.
 */
function describeCell(
  pool: CandidatePool,
  j: number,
  body: Body,
  plan: LadderPlan,
  k: number,
  memo: boolean,
): void {
  if (!memo) {
    describeFeature(pool, j, body, plan, k);
    return;
  }
  const h = scratch.cellHash[0];
  const slot = memoSlot(k, h);
  if (memoRead(pool, j, slot, k, h)) return;
  describeFeature(pool, j, body, plan, k);
  memoWrite(pool, j, slot, k, h);
}

/**
 * Feature j of rung k (pushed, a visible cell's) becomes a crater or a knob / pit with its age,
 * freshness and shape, from its cell's hash scratch.cellHash[0]. Kept out of `gatherCap` so the
 * gather's cell loop stays small enough for V8 to inline its hashes.
 */
function describeFeature(pool: CandidatePool, j: number, body: Body, plan: LadderPlan, k: number): void {
  const h = scratch.cellHash[0];
  const d = pool.diameter[j];
  // freshness(diffusion, fill, age) and craterAge(plan, k, u) written out (the same operations).
  const diffusion = plan.diffusion[k];
  const fill = plan.fill[k];
  const youngShare = plan.youngShare[k];
  const spanYoung = plan.spanYoung[k];
  const spanOldLess = plan.spanOld[k] - spanYoung;
  const oldShare = 1 - youngShare;
  const ghost = plan.ghost[k];
  const craterShare = plan.craterShare[k];
  const u = unitFromHash(combineMixed(h, FRESH_SALT));
  const age =
    u < youngShare ? (u / youngShare) * spanYoung : spanYoung + ((u - youngShare) / oldShare) * spanOldLess;
  const fresh = 1 / (1 + diffusion * age + (fill * age * age) / (age + CRATER_AEOLIAN_ONSET_GYR));
  pool.fresh[j] = fresh;
  pool.young[j] = u < youngShare ? 1 : ghost;
  if (unitFromHash(combineMixed(h, KIND_SALT)) < craterShare) {
    // Below the unit's excavation diameter the strength is 0 whatever the freshness; craters
    // younger than the young unit dig through its regolith, older ones through the old unit's.
    const dMin = u < youngShare ? plan.boulderMinYoung : plan.boulderMinOld;
    const boulder = d >= dMin ? boulderStrength(d, dMin, boulderFreshness(body, age)) : 0;
    const shape = craterShape(scratch.shape, d, body.grammar.crater, fresh);
    shape.spin = shape.terraces > 0 ? unitFromHash(combineMixed(h, SPIN_SALT)) : 0;
    setCrater(pool, j, shape, boulder);
  } else {
    // Knobs and pits are not impact bowls: they wear on the boulder clock, and fill by air.
    const worn = boulderFreshness(body, age) / (1 + fill * age);
    const a = (BUMP_HEIGHT_RATIO * d * worn) / (1 + d / BUMP_SATURATION_M);
    pool.kind[j] = KIND_BUMP;
    // Knobs and pits are landforms of whichever unit they sit on, not impacts it predates.
    pool.young[j] = 1;
    pool.rim[j] = (combineMixed(h, SIGN_SALT) & 1) === 0 ? a : -a;
    pool.k[j] = 0;
    pool.qe[j] = 1;
    pool.boulder[j] = 0;
  }
}
