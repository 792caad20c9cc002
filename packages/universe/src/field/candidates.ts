/**
 * Ladder candidates (ADR-0004): the features of one rung whose reach may touch a cap of
 * directions, gathered once per cap in canonical order — lattice cells by ascending (ix, iy, iz),
 * lexicographically — into a reusable struct-of-arrays pool. A feature's parameters are a pure
 * function of (body, rung, cell), so any cap that contains a sample gathers, for that sample, the
 * same contributing features in the same relative order: the sums are bit-identical whatever the
 * cap (a single direction for the point API, a whole patch for the batch API).
 */
import type { Body } from '../body/Body';
import { craterShape, craterShapeNew } from '../math/craterProfile';
import { fmix32, rehash, unitFromHash } from '../math/hash';
import { freshness, type LadderPlan } from './ladderPlan';
import { BUMP_HEIGHT_RATIO, BUMP_SATURATION_M } from './tunables';
import { CandidatePool, KIND_BUMP, KIND_CRATER } from './CandidatePool';
import { boulderStrength } from './boulders';

export { CandidatePool, KIND_BUMP, KIND_CRATER };

const shape = craterShapeNew();

function push(pool: CandidatePool, x: number, y: number, z: number, d: number, body: Body): number {
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

/** Appends rung 0's basin. */
export function gatherBasin(pool: CandidatePool, body: Body, plan: LadderPlan): void {
  const b = plan.basin;
  const j = push(pool, b.x, b.y, b.z, b.diameter, body);
  setCrater(pool, j, b.shape.rim, b.shape.depth, b.shape.k, b.shape.qf, b.shape.peak, b.shape.qp);
  pool.qe[j] = b.shape.qe;
  pool.fresh[j] = b.fresh;
  pool.boulder[j] = boulderStrength(b.diameter, b.fresh);
}

function setCrater(
  p: CandidatePool,
  j: number,
  rim: number,
  depth: number,
  k: number,
  qf: number,
  peak: number,
  qp: number,
): void {
  p.kind[j] = KIND_CRATER;
  p.rim[j] = rim;
  p.depth[j] = depth;
  p.k[j] = k;
  p.qf[j] = qf;
  p.peak[j] = peak;
  p.qp[j] = qp;
}

let b0 = 0;
let b1 = 0;

const INV_2_32 = 1 / 4294967296;
/** hashCombine's per-salt word fmix32(salt ^ 0x9e3779b9) for salts 1, 2, 3. */
const K1 = fmix32(1 ^ 0x9e3779b9);
const K2 = fmix32(2 ^ 0x9e3779b9);
const K3 = fmix32(3 ^ 0x9e3779b9);

const SALTS = new Int32Array([K1, K2, K3]);
/** unitFromHash(rehash(h, 1…3)): the jitter of one cell. */
const J = new Float64Array(3);

/**
 * Scratch of one gather: mx, my, mz, rc, rr, lo, hi, 1/c, c. A typed array, so no double is
 * boxed per call (V8 boxes doubles passed as arguments to calls it does not inline).
 */
const Q = new Float64Array(9);

/** Lattice index range [b0, b1] along axis `ax` (0 x, 1 y, 2 z) of the gather in Q. */
function boxAxis(ax: number): void {
  const m = Q[ax];
  const r = Q[4];
  const lo = Q[5];
  const hi = Q[6];
  const inv = Q[7];
  const c = Q[8];
  const side = 1 - m * m;
  const e = hi * (r * Math.sqrt(side > 0 ? side : 0) + 0.5 * r * r * Math.abs(m)) * (1 + 1e-9) + c * 1e-9;
  const a = Math.min(lo * m, hi * m) - e;
  const b = Math.max(lo * m, hi * m) + e;
  b0 = Math.max(Math.floor(a * inv), Math.floor(-hi * inv));
  b1 = Math.min(Math.floor(b * inv), Math.floor(hi * inv));
}

function setBox(plan: LadderPlan, k: number): void {
  const c = plan.cell[k];
  Q[4] = (Q[3] + plan.reach[k]) * (1 + 1e-9) + 1e-15;
  Q[5] = 1 - 0.5 * c;
  Q[6] = 1 + 0.5 * c;
  Q[7] = 1 / c;
  Q[8] = c;
}

/** Number of lattice cells `gatherRung` would visit for the same arguments. */
export function rungBoxCells(
  plan: LadderPlan,
  k: number,
  mx: number,
  my: number,
  mz: number,
  rc: number,
): number {
  Q[0] = mx;
  Q[1] = my;
  Q[2] = mz;
  Q[3] = rc;
  setBox(plan, k);
  boxAxis(0);
  let n = b1 - b0 + 1;
  boxAxis(1);
  n *= b1 - b0 + 1;
  boxAxis(2);
  return n * (b1 - b0 + 1);
}

/**
 * Appends every feature of rung `k` (≥ 1) whose reach may touch the cap of chord radius `rc`
 * around unit direction (mx, my, mz). Returns the number of lattice cells visited.
 */
export function gatherRung(
  pool: CandidatePool,
  body: Body,
  plan: LadderPlan,
  k: number,
  mx: number,
  my: number,
  mz: number,
  rc: number,
): number {
  return gatherRungAt(pool, body, plan, k, mx, my, mz, rc);
}

/** Per-sample walk: `gatherRung` around direction i of `dirs` with rc = 0, no double arguments. */
export function gatherRungDir(
  pool: CandidatePool,
  body: Body,
  plan: LadderPlan,
  k: number,
  dirs: Float64Array,
  i: number,
): number {
  Q[0] = dirs[3 * i];
  Q[1] = dirs[3 * i + 1];
  Q[2] = dirs[3 * i + 2];
  Q[3] = 0;
  return gatherQ(pool, body, plan, k);
}

function gatherRungAt(
  pool: CandidatePool,
  body: Body,
  plan: LadderPlan,
  k: number,
  mx: number,
  my: number,
  mz: number,
  rc: number,
): number {
  Q[0] = mx;
  Q[1] = my;
  Q[2] = mz;
  Q[3] = rc;
  return gatherQ(pool, body, plan, k);
}

/** The gather of rung k around the cap in Q[0…3]. */
function gatherQ(pool: CandidatePool, body: Body, plan: LadderPlan, k: number): number {
  const mx = Q[0];
  const my = Q[1];
  const mz = Q[2];
  const rc = Q[3];
  const c = plan.cell[k];
  const seed = plan.seed[k];
  const pe = plan.existence[k];
  const re = plan.reach[k];
  const lo = 1 - 0.5 * c;
  const hi = 1 + 0.5 * c;
  const lo2 = lo * lo;
  const hi2 = hi * hi;
  // A feature centre n reaching the cap lies within R = rc + re of m, so n = m + δ with |δ| < R
  // and δ·m = −|δ|²/2: per axis |δ_a| ≤ R·√(1 − m_a²) + R²/2·|m_a|. Its lattice point is s·n with
  // s ∈ [lo, hi]. The box covers that set with a relative safety margin.
  const rr = (rc + re) * (1 + 1e-9) + 1e-15;
  const reachCap2 = rr * rr;
  setBox(plan, k);
  boxAxis(0);
  const x0 = b0;
  const x1 = b1;
  boxAxis(1);
  const y0 = b0;
  const y1 = b1;
  boxAxis(2);
  const z0 = b0;
  const z1 = b1;
  const g = body.grammar;
  const d0 = plan.diameter[k];
  for (let ix = x0; ix <= x1; ix++) {
    // hashCell3(seed, ix, iy, iz) and rehash(h, 1…3), written out with int32 intermediates so
    // no uint32 is boxed per cell; the (ix, iy) rounds are hoisted out of the iz loop. Same bits.
    let hx = seed ^ Math.imul(ix, 0x8da6b343);
    hx ^= hx >>> 16;
    hx = Math.imul(hx, 0x85ebca6b);
    hx ^= hx >>> 13;
    hx = Math.imul(hx, 0xc2b2ae35);
    hx ^= hx >>> 16;
    for (let iy = y0; iy <= y1; iy++) {
      let hy = hx ^ Math.imul(iy, 0xd8163841);
      hy ^= hy >>> 16;
      hy = Math.imul(hy, 0x85ebca6b);
      hy ^= hy >>> 13;
      hy = Math.imul(hy, 0xc2b2ae35);
      hy ^= hy >>> 16;
      for (let iz = z0; iz <= z1; iz++) {
        let h = hy ^ Math.imul(iz, 0xcb1ab31f);
        h ^= h >>> 16;
        h = Math.imul(h, 0x85ebca6b);
        h ^= h >>> 13;
        h = Math.imul(h, 0xc2b2ae35);
        h ^= h >>> 16;
        if ((h >>> 0) * INV_2_32 >= pe) continue;
        for (let t = 0; t < 3; t++) {
          let a = (h ^ SALTS[t]) + Math.imul(h, 5) + 0xe6546b64;
          a ^= a >>> 16;
          a = Math.imul(a, 0x85ebca6b);
          a ^= a >>> 13;
          a = Math.imul(a, 0xc2b2ae35);
          a ^= a >>> 16;
          J[t] = (a >>> 0) * INV_2_32;
        }
        const px = (ix + J[0]) * c;
        const py = (iy + J[1]) * c;
        const pz = (iz + J[2]) * c;
        const r2 = px * px + py * py + pz * pz;
        if (r2 < lo2 || r2 >= hi2) continue;
        const ir = 1 / Math.sqrt(r2);
        const x = px * ir;
        const y = py * ir;
        const z = pz * ir;
        const dx = x - mx;
        const dy = y - my;
        const dz = z - mz;
        if (dx * dx + dy * dy + dz * dz >= reachCap2) continue;
        // Diameter in [D_k, 2·D_k) with N(>D) ∝ D^−2 (inverse CDF): the −2 saturation slope.
        const d = d0 / Math.sqrt(1 - 0.75 * unitFromHash(rehash(h, 4)));
        const j = push(pool, x, y, z, d, body);
        const fresh = freshness(body, unitFromHash(rehash(h, 6)));
        pool.fresh[j] = fresh;
        if (unitFromHash(rehash(h, 5)) < g.craterDensity) {
          craterShape(shape, d, g.transitionDiameterM, fresh);
          setCrater(pool, j, shape.rim, shape.depth, shape.k, shape.qf, shape.peak, shape.qp);
          pool.qe[j] = shape.qe;
          pool.boulder[j] = boulderStrength(d, fresh);
        } else {
          const a = (BUMP_HEIGHT_RATIO * d * fresh) / (1 + d / BUMP_SATURATION_M);
          pool.kind[j] = KIND_BUMP;
          pool.rim[j] = (rehash(h, 7) & 1) === 0 ? a : -a;
          pool.qe[j] = 1;
          pool.boulder[j] = 0;
        }
      }
    }
  }
  return (x1 - x0 + 1) * (y1 - y0 + 1) * (z1 - z0 + 1);
}
