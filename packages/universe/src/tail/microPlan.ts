/**
 * The micro crater ladder's per-body plan and per-cell resolution (ADR-0006), shared by the point
 * evaluation (`microCraters.ts`) and the batch (`microCraterBatch.ts`) so both produce the same bits.
 *
 * Rung r (0 … MICRO_RUNG_COUNT − 1) has nominal diameter D = MICRO_TOP_DIAMETER / 2^r and lives on a
 * cubic lattice of edge c = MICRO_CELL_PER_D·D in body-fixed metres (direction × radius). A cell
 * holds at most one crater: it exists with probability `pExist`, its point is jittered uniformly in
 * the cell and kept only if it lies in the radial shell R ± h/2 (h = MICRO_SHELL_PER_D·D); the
 * crater's centre is that point's direction. Per unit area this gives pExist·h/c³ craters, set to
 * the equilibrium density of the rung's diameter range [D, 2D) times (1 − air)^4, times the body's
 * crater share at MICRO_SHARE_DIAMETER (production over equilibrium on its old unit, at most 1: a
 * young surface such as Europa's is far from saturated). Nothing here knows about cube faces.
 */
import type { Body } from '../body/Body';
import { hash3 } from '../math/hash';
import { latticeDraw, latticeHash, latticeHigh16, latticeUnit } from './latticeHash';

const INV_2_32 = 1 / 4294967296;
const INV_2_16 = 1 / 65536;
import {
  MICRO_CELL_PER_D,
  MICRO_CRATER_PASS,
  MICRO_DEGRADED_DEPTH,
  MICRO_DEPTH_RATIO,
  MICRO_EQUILIBRIUM_C,
  MICRO_REACH_U,
  MICRO_RIM_BLEND_U,
  MICRO_RIM_RATIO,
  MICRO_RUNG_BASE,
  MICRO_RUNG_COUNT,
  MICRO_SHARE_DIAMETER,
  MICRO_SHELL_PER_D,
  MICRO_TOP_DIAMETER,
} from './tailTunables';
import { equilibriumN, productionN } from '../field/production';

export interface MicroRung {
  seed: number;
  /** Nominal diameter D, m. */
  d: number;
  /** Cell edge, m. */
  cell: number;
  /** Half shell thickness, m. */
  halfShell: number;
  /** Squared shell bounds, m². */
  lo2: number;
  hi2: number;
  /** Existence probability of a cell's crater. */
  pExist: number;
  /** Largest reach of a crater centre's influence, m (√U × the largest rim radius D). */
  reach: number;
  /** Squared perpendicular distance beyond which a cell point cannot reach a sample, m². */
  skip2: number;
}

export interface MicroPlan {
  radius: number;
  /** radius², m². */
  r2: number;
  /** Crater density factor: air4 × share. */
  density: number;
  /** (1 − air)^4: the atmosphere's screening of small impactors. */
  air4: number;
  /** The body's crater share at MICRO_SHARE_DIAMETER (production over equilibrium, ≤ 1). */
  share: number;
  /** Aeolian fill: micro crater depth and rim × (1 − air)² (ADR-0006; wind-blown fill, Kirk et al. 2008). */
  fill: number;
  rungs: readonly MicroRung[];
}

/** Square root of MICRO_REACH_U, as a rational upper bound (1.5 for U = 2.25, exact). */
const REACH_FACTOR = Math.sqrt(MICRO_REACH_U);

const plans = new Map<string, MicroPlan>();

/** The plan of `body` (memoised; a pure function of the body's facts). */
let lastBody: Body | null = null;
let lastPlan: MicroPlan | null = null;

export function microPlan(body: Body): MicroPlan {
  if (body === lastBody && lastPlan) return lastPlan;
  lastBody = body;
  lastPlan = planOf(body);
  return lastPlan;
}

/**
 * The body's crater share below the canonical floor (ADR-0006 `MICRO_SHARE_DIAMETER`): production
 * over equilibrium on its old unit, at most 1. The micro ladder's density carries it, and the
 * renderer's centimetre craters (ADR-0012) take it too.
 */
export function tailCraterShare(body: Body): number {
  return microPlan(body).share;
}

function planOf(body: Body): MicroPlan {
  const age = body.grammar.units.highland.ageGyr;
  const key = `${body.id}/${body.seed}/${body.radius}/${body.grammar.air}/${age}`;
  let plan = plans.get(key);
  if (!plan) {
    const R = body.radius;
    const a = 1 - body.grammar.air;
    const share = Math.min(
      1,
      productionN(body, MICRO_SHARE_DIAMETER, age) / equilibriumN(MICRO_SHARE_DIAMETER),
    );
    const air4 = a * a * a * a;
    const density = air4 * share;
    const rungs: MicroRung[] = [];
    let d = MICRO_TOP_DIAMETER;
    for (let r = 0; r < MICRO_RUNG_COUNT; r++) {
      const cell = MICRO_CELL_PER_D * d;
      const shell = MICRO_SHELL_PER_D * d;
      // Craters per m² with diameter in [D, 2D): C·(D⁻² − (2D)⁻²) = 0.75·C/D².
      const rho = (0.75 * MICRO_EQUILIBRIUM_C) / (d * d);
      const pExist = Math.min(1, (rho * cell * cell * cell) / shell) * density;
      const lo = R - shell / 2;
      const hi = R + shell / 2;
      rungs.push({
        seed: hash3(body.seed, MICRO_CRATER_PASS, MICRO_RUNG_BASE + r),
        d,
        cell,
        halfShell: shell / 2,
        lo2: lo * lo,
        hi2: hi * hi,
        pExist,
        reach: REACH_FACTOR * d,
        // (reach · (R + h/2)/R)² with a 1e-6 relative margin: perp · R/|q| ≥ reach ⇒ out of reach.
        skip2: REACH_FACTOR * d * ((REACH_FACTOR * d * hi * hi) / (R * R)) * (1 + 1e-6),
      });
      d /= 2;
    }
    plan = { radius: R, r2: R * R, density, air4, share, fill: a * a, rungs };
    plans.set(key, plan);
  }
  return plan;
}

/** A resolved crater: centre direction and profile parameters. */
export interface MicroCrater {
  cx: number;
  cy: number;
  cz: number;
  /** R² / Rc²: turns a squared chord of unit directions into u = r² / Rc². */
  k: number;
  depth: number;
  rim: number;
  /** Freshness³ (0 degraded … 1 fresh): weights the fresh-ejecta signal. */
  fresh: number;
}

/** The jittered point of a cell that passed the shell test, body-fixed metres. */
export interface MicroCellPoint {
  h: number;
  qx: number;
  qy: number;
  qz: number;
  q2: number;
  /** Second jitter word (its high half is the size draw). */
  j2: number;
}

/**
 * First half of resolving lattice cell (ix, iy, iz) of `rung`: existence and the jittered point.
 * Returns false when the cell holds no crater (absent, or its point falls outside the shell).
 */
export function microCellPoint(
  rung: MicroRung,
  ix: number,
  iy: number,
  iz: number,
  out: MicroCellPoint,
): boolean {
  const h = latticeHash(rung.seed, ix, iy, iz);
  if (!((h >>> 0) * INV_2_32 < rung.pExist)) return false;
  const j1 = latticeDraw(h, 1);
  const j2 = latticeDraw(h, 2);
  // Jitter to 1/65536 of a cell (below a millimetre on every rung): two draws carry x, y, z and size.
  const c = rung.cell;
  const qx = (ix + (j1 & 0xffff) * INV_2_16) * c;
  const qy = (iy + (j1 >>> 16) * INV_2_16) * c;
  const qz = (iz + (j2 & 0xffff) * INV_2_16) * c;
  const q2 = qx * qx + qy * qy + qz * qz;
  if (q2 < rung.lo2 || !(q2 < rung.hi2)) return false;
  out.h = h;
  out.qx = qx;
  out.qy = qy;
  out.qz = qz;
  out.q2 = q2;
  out.j2 = j2;
  return true;
}

/** Floats of one crater in a table: cx, cy, cz, k, depth, rim, fresh (`addMicroCrater`, `microCraterInto`). */
export const MICRO_CRATER_STRIDE = 7;

/** `microCellCrater` written into t[o…o + 6] in the `MICRO_CRATER_STRIDE` layout. */
export function microCraterInto(
  plan: MicroPlan,
  rung: MicroRung,
  p: MicroCellPoint,
  t: Float64Array,
  o: number,
): void {
  const c = microCellCrater(plan, rung, p, scratchCrater);
  t[o] = c.cx;
  t[o + 1] = c.cy;
  t[o + 2] = c.cz;
  t[o + 3] = c.k;
  t[o + 4] = c.depth;
  t[o + 5] = c.rim;
  t[o + 6] = c.fresh;
}
const scratchCrater: MicroCrater = { cx: 0, cy: 0, cz: 0, k: 0, depth: 0, rim: 0, fresh: 0 };

/** Second half: the crater of a cell point (centre direction, size, state). */
export function microCellCrater(
  plan: MicroPlan,
  rung: MicroRung,
  p: MicroCellPoint,
  out: MicroCrater,
): MicroCrater {
  const len = Math.sqrt(p.q2);
  out.cx = p.qx / len;
  out.cy = p.qy / len;
  out.cz = p.qz / len;
  const diameter = rung.d * (1 + latticeHigh16(p.j2));
  const rc = diameter / 2;
  out.k = plan.r2 / (rc * rc);
  const f = latticeUnit(latticeDraw(p.h, 3));
  const fresh = f * f * f;
  const state = (MICRO_DEGRADED_DEPTH + (1 - MICRO_DEGRADED_DEPTH) * fresh) * plan.fill;
  out.depth = MICRO_DEPTH_RATIO * diameter * state;
  out.rim = MICRO_RIM_RATIO * diameter * state;
  out.fresh = fresh;
  return out;
}

/**
 * Whether a cell point certainly cannot reach the sample at metre position p (unit direction d):
 * the crater centre's chord distance from p is at least R/|q| × the distance of q from p's radial
 * line, so if that exceeds the rung's reach (with a relative margin far above rounding) the crater's
 * contribution is exactly zero and may be skipped without changing any bit of the sum.
 */
export function microCellOutOfReach(
  rung: MicroRung,
  q: MicroCellPoint,
  px: number,
  py: number,
  pz: number,
  dx: number,
  dy: number,
  dz: number,
): boolean {
  const wx = q.qx - px;
  const wy = q.qy - py;
  const wz = q.qz - pz;
  const along = wx * dx + wy * dy + wz * dz;
  const perp2 = wx * wx + wy * wy + wz * wz - along * along;
  return perp2 > rung.skip2;
}

/** Accumulator layout: [sum h, ∂/∂x, ∂/∂y, ∂/∂z (unprojected), fresh ejecta (max)]. */
export const microAccSize = 5;

const INV_APRON = 1 / (MICRO_REACH_U - 1);
/** The rim blend's window in u (ADR-0006 MICRO_RIM_BLEND_U). */
const RIM_LO = 1 - MICRO_RIM_BLEND_U;
const RIM_HI = 1 + MICRO_RIM_BLEND_U;
const INV_RIM_SPAN = 1 / (2 * MICRO_RIM_BLEND_U);

/**
 * Adds one crater's profile at the unit direction at[0…2] into `acc`; the crater is t[o…o + 6] in the
 * `MICRO_CRATER_STRIDE` layout (arrays, not arguments: V8 boxes a double passed to a call it does
 * not inline, and this is the tail's hottest call). u = k·|dir − centre|² (exact
 * chord). Bowl: h = −depth + (depth + rim)·u for u < 1; apron: rim·w³, w = (U − u)/(U − 1), for
 * 1 ≤ u < U; exactly nothing beyond (so skipped craters leave the sum's bits unchanged). The two
 * meet at the rim with slopes of opposite sign (a crease), so on u ∈ [1 − b, 1 + b],
 * b = MICRO_RIM_BLEND_U, the profile is bowl + (apron − bowl)·smoothstep: C¹ everywhere (the apron
 * ends at U with w³, C²). The
 * fresh-ejecta signal is max over craters of (2·fresh − 1)⁺ × (1 inside, w² on the apron): only
 * craters with freshness³ above ½ (the freshest ~21 %) brighten and block their surroundings.
 */
export function addMicroCrater(acc: Float64Array, at: Float64Array, t: Float64Array, o: number): void {
  const dx = at[0] - t[o];
  const dy = at[1] - t[o + 1];
  const dz = at[2] - t[o + 2];
  const k = t[o + 3];
  const u = k * (dx * dx + dy * dy + dz * dz);
  if (!(u < MICRO_REACH_U)) return;
  const depth = t[o + 4];
  const rim = t[o + 5];
  const fresh = t[o + 6];
  let h: number;
  let dhdu: number;
  let e: number;
  if (u < RIM_LO) {
    dhdu = depth + rim;
    h = dhdu * u - depth;
    e = fresh > 0.5 ? 2 * fresh - 1 : 0;
  } else if (u >= RIM_HI) {
    const w = (MICRO_REACH_U - u) * INV_APRON;
    const w2 = w * w;
    h = rim * w2 * w;
    dhdu = -3 * rim * w2 * INV_APRON;
    e = fresh > 0.5 ? (2 * fresh - 1) * w2 : 0;
  } else {
    // Rim blend: bowl + (apron − bowl)·S(t), S the smoothstep over [1 − b, 1 + b] (C¹ at both ends).
    const w = (MICRO_REACH_U - u) * INV_APRON;
    const w2 = w * w;
    const apron = rim * w2 * w;
    const bs = depth + rim;
    const bowl = bs * u - depth;
    const t = (u - RIM_LO) * INV_RIM_SPAN;
    const sm = t * t * (3 - 2 * t);
    const gap = apron - bowl;
    dhdu = bs + (-3 * rim * w2 * INV_APRON - bs) * sm + gap * 6 * t * (1 - t) * INV_RIM_SPAN;
    h = bowl + gap * sm;
    e = fresh > 0.5 ? (u < 1 ? 2 * fresh - 1 : (2 * fresh - 1) * w2) : 0;
  }
  const s = 2 * k * dhdu;
  acc[0] += h;
  acc[1] += s * dx;
  acc[2] += s * dy;
  acc[3] += s * dz;
  if (e > acc[4]) acc[4] = e;
}

/** Cell index range [lo, hi] of one axis for a sample at metre coordinate p with extent e. */
export function cellLo(p: number, e: number, cell: number): number {
  return Math.floor((p - e) / cell);
}
export function cellHi(p: number, e: number, cell: number): number {
  return Math.floor((p + e) / cell);
}

/**
 * The cells of `rung` a sample at unit direction dir[0…2] can reach, into box[0…5] = x0, x1, y0,
 * y1, z0, z1 (inclusive): per axis, cellLo / cellHi of the metre coordinate with `axisExtent`,
 * written out with integers out so that no double crosses the call.
 */
export function microCellBox(plan: MicroPlan, rung: MicroRung, dir: Float64Array, box: Int32Array): void {
  const R = plan.radius;
  const c = rung.cell;
  const reach = rung.reach;
  const halfShell = rung.halfShell;
  for (let a = 0; a < 3; a++) {
    const d = dir[a];
    const p = d * R;
    const e = reach + (Math.abs(d) + 0.01) * halfShell;
    box[2 * a] = Math.floor((p - e) / c);
    box[2 * a + 1] = Math.floor((p + e) / c);
  }
}

/** Extent along an axis whose direction component is `da`: reach plus the shell's radial spread. */
export function axisExtent(rung: MicroRung, da: number): number {
  return rung.reach + (Math.abs(da) + 0.01) * rung.halfShell;
}
