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

/** Feature kinds. */
export const KIND_CRATER = 0;
export const KIND_BUMP = 1;

/** Struct-of-arrays pool of candidate features (capacity grows, never shrinks). */
export class CandidatePool {
  count = 0;
  cap = 0;
  nx = new Float64Array(0);
  ny = new Float64Array(0);
  nz = new Float64Array(0);
  /** 1/R², R the rim radius in direction units. */
  invR2 = new Float64Array(0);
  /** Reach in q = chord²/R² (the profile is 0 beyond). */
  qe = new Float64Array(0);
  kind = new Uint8Array(0);
  /** Crater: rim, depth, k, qf, peak, qp (CraterShape); bump: rim = signed height. */
  rim = new Float64Array(0);
  depth = new Float64Array(0);
  k = new Float64Array(0);
  qf = new Float64Array(0);
  peak = new Float64Array(0);
  qp = new Float64Array(0);
  diameter = new Float64Array(0);
  fresh = new Float64Array(0);

  ensure(n: number): void {
    if (n <= this.cap) return;
    let cap = Math.max(64, this.cap);
    while (cap < n) cap *= 2;
    const grow = <T extends Float64Array | Uint8Array>(a: T, b: T): T => {
      b.set(a.subarray(0, this.count));
      return b;
    };
    this.nx = grow(this.nx, new Float64Array(cap));
    this.ny = grow(this.ny, new Float64Array(cap));
    this.nz = grow(this.nz, new Float64Array(cap));
    this.invR2 = grow(this.invR2, new Float64Array(cap));
    this.qe = grow(this.qe, new Float64Array(cap));
    this.kind = grow(this.kind, new Uint8Array(cap));
    this.rim = grow(this.rim, new Float64Array(cap));
    this.depth = grow(this.depth, new Float64Array(cap));
    this.k = grow(this.k, new Float64Array(cap));
    this.qf = grow(this.qf, new Float64Array(cap));
    this.peak = grow(this.peak, new Float64Array(cap));
    this.qp = grow(this.qp, new Float64Array(cap));
    this.diameter = grow(this.diameter, new Float64Array(cap));
    this.fresh = grow(this.fresh, new Float64Array(cap));
    this.cap = cap;
  }
}

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

/** unitFromHash(rehash(h, salt)) for the salt whose word is `k`; h may be int32 or uint32. */
function mixSalt(h: number, k: number): number {
  let a = (h ^ k) + Math.imul(h, 5) + 0xe6546b64;
  a ^= a >>> 16;
  a = Math.imul(a, 0x85ebca6b);
  a ^= a >>> 13;
  a = Math.imul(a, 0xc2b2ae35);
  a ^= a >>> 16;
  return (a >>> 0) * INV_2_32;
}

/** Lattice index range [b0, b1] along one axis for centre component `m` (see gatherRung). */
function boxAxis(m: number, r: number, lo: number, hi: number, inv: number, c: number): void {
  const side = 1 - m * m;
  const e = hi * (r * Math.sqrt(side > 0 ? side : 0) + 0.5 * r * r * Math.abs(m)) * (1 + 1e-9) + c * 1e-9;
  const a = Math.min(lo * m, hi * m) - e;
  const b = Math.max(lo * m, hi * m) + e;
  b0 = Math.max(Math.floor(a * inv), Math.floor(-hi * inv));
  b1 = Math.min(Math.floor(b * inv), Math.floor(hi * inv));
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
  const c = plan.cell[k];
  const rr = (rc + plan.reach[k]) * (1 + 1e-9) + 1e-15;
  const lo = 1 - 0.5 * c;
  const hi = 1 + 0.5 * c;
  const inv = 1 / c;
  boxAxis(mx, rr, lo, hi, inv, c);
  let n = b1 - b0 + 1;
  boxAxis(my, rr, lo, hi, inv, c);
  n *= b1 - b0 + 1;
  boxAxis(mz, rr, lo, hi, inv, c);
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
  const c = plan.cell[k];
  const inv = 1 / c;
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
  boxAxis(mx, rr, lo, hi, inv, c);
  const x0 = b0;
  const x1 = b1;
  boxAxis(my, rr, lo, hi, inv, c);
  const y0 = b0;
  const y1 = b1;
  boxAxis(mz, rr, lo, hi, inv, c);
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
        const px = (ix + mixSalt(h, K1)) * c;
        const py = (iy + mixSalt(h, K2)) * c;
        const pz = (iz + mixSalt(h, K3)) * c;
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
        } else {
          const a = (BUMP_HEIGHT_RATIO * d * fresh) / (1 + d / BUMP_SATURATION_M);
          pool.kind[j] = KIND_BUMP;
          pool.rim[j] = (rehash(h, 7) & 1) === 0 ? a : -a;
          pool.qe[j] = 1;
        }
      }
    }
  }
  return (x1 - x0 + 1) * (y1 - y0 + 1) * (z1 - z0 + 1);
}
