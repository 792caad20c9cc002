/**
 * Europa's chaos terrain (ADR-0018 "Body landforms"): irregular, elongated patches reaching up to
 * CHAOS_RADIUS_MIN_M … _MAX_M from the centres of an arc lattice (arcLattice.ts, CHAOS_FREQ),
 * inside which the pre-existing ridged plains survive only as blocky rafts set in a lower hummocky
 * matrix:
 *
 *   P = 1 − smoothstep(½, 1, q),  q = q0·f(n),  q0 = (L²·|d|² − (L² − 1)(d·t)²)/ρ²   the patch:
 *       d = p − c, t the arc's tangent at c (the long axis), L ∈ [1, CHAOS_ELONGATION] its
 *       elongation, ρ = extent/√QMAX; outline f(n) = (1 − A·n)/(1 + A·n), A = CHAOS_OUTLINE, n value
 *       noise mixing CHAOS_OUTLINE_SPACING_M lobes with a CHAOS_RAGGED share at
 *       CHAOS_RAGGED_SPACING_M (QMAX = (1 + A)/(1 − A) bounds q0 where q < 1); joined over patches
 *       as 1 − Π(1 − P)
 *   R = Π_k (1 − smoothstep(0.6·r_k, r_k, |t_k|)), t = Q·(d − b)   a raft: a box of half-sizes r_k
 *       turned by the cell's own rotation Q about b in the raft lattice cell holding d
 *       (CHAOS_RAFT_SPACING_M; the turned box lies inside its cell, so R is 0 on every cell face;
 *       its slice by the surface is a polygonal plate at any angle — terrain v11); the large plates
 *       the same on a coarser lattice (CHAOS_PLATE_SPACING_M, CHAOS_PLATE_CHANCE), joined as
 *       R = 1 − (1 − R_rafts)(1 − R_plates) (terrain v12)
 *   M = P·(1 − R)                                     the matrix weight
 *   h = ridges·(1 − M) + M·(−CHAOS_MATRIX_DEPTH_M + CHAOS_HUMMOCK_M·n(d)),  n value noise
 *
 * C¹ throughout (smoothstep joins; |·| only where the smoothstep is flat). The matrix weight M is
 * also the chaos part of the dark-material (albedo) signal.
 */
import type { Body } from '../body/Body';
import { hashCell3, hashCombine, rehash, unitFromHash } from '../math/hash';
import { smoothstepD, valueD } from '../math/smooth';
import { noise4, noiseCell, valueNoiseD } from '../math/valueNoise';
import { ARC_REACH_MAX, ARC_STRIDE, arcSet, checkOctave, gatherArcs, type ArcOctave } from './arcLattice';
import {
  CHAOS_ELONGATION,
  CHAOS_CHANCE,
  CHAOS_FREQ,
  CHAOS_HUMMOCK_M,
  CHAOS_HUMMOCK_SPACING_M,
  CHAOS_MATRIX_DEPTH_M,
  CHAOS_PER_CELL,
  CHAOS_OUTLINE,
  CHAOS_OUTLINE_SPACING_M,
  CHAOS_RAGGED,
  CHAOS_RAGGED_SPACING_M,
  CHAOS_RADIUS_MAX_M,
  CHAOS_RADIUS_MIN_M,
  CHAOS_PLATE_CHANCE,
  CHAOS_PLATE_SPACING_M,
  CHAOS_RAFT_CHANCE,
  CHAOS_RAFT_HALF_MAX,
  CHAOS_RAFT_HALF_MIN,
  CHAOS_RAFT_JITTER,
  CHAOS_RAFT_SPACING_M,
  PASS_CHAOS,
  PASS_PLATES,
  PASS_RAFTS,
} from './landformTunables';

/** The matrix weight M and its 3-D gradient; the matrix height and its gradient. */
export interface ChaosSample {
  m: number;
  mx: number;
  my: number;
  mz: number;
  h: number;
  hx: number;
  hy: number;
  hz: number;
}

export function chaosSample(): ChaosSample {
  return { m: 0, mx: 0, my: 0, mz: 0, h: 0, hx: 0, hy: 0, hz: 0 };
}

/** A body's chaos streams and frequencies (per unit of direction), memoised per body. */
export interface ChaosSetup {
  lattice: Readonly<ArcOctave>;
  raftSeed: number;
  raftFreq: number;
  plateSeed: number;
  plateFreq: number;
  hummockSeed: Uint32Array;
  hummockFreq: number;
  outlineFreq: number;
  raggedFreq: number;
}

const setups = new WeakMap<Body, ChaosSetup>();

export function chaosSetup(body: Body): ChaosSetup {
  let s = setups.get(body);
  if (s) return s;
  const reach = CHAOS_RADIUS_MAX_M / body.radius;
  const seed = hashCombine(body.seed, PASS_CHAOS);
  s = {
    lattice: checkOctave({
      seed,
      freq: CHAOS_FREQ,
      perCell: CHAOS_PER_CELL,
      chance: CHAOS_CHANCE,
      kMin: 0,
      kMax: 0,
      reach,
    }),
    raftSeed: hashCombine(body.seed, PASS_RAFTS),
    raftFreq: body.radius / CHAOS_RAFT_SPACING_M,
    plateSeed: hashCombine(body.seed, PASS_PLATES),
    plateFreq: body.radius / CHAOS_PLATE_SPACING_M,
    hummockSeed: Uint32Array.of(hashCombine(seed, 1), hashCombine(seed, 2), hashCombine(seed, 3)),
    hummockFreq: body.radius / CHAOS_HUMMOCK_SPACING_M,
    outlineFreq: body.radius / CHAOS_OUTLINE_SPACING_M,
    raggedFreq: body.radius / CHAOS_RAGGED_SPACING_M,
  };
  if (!(reach * CHAOS_FREQ <= ARC_REACH_MAX))
    throw new RangeError('chaos: patch radius exceeds the lattice reach');
  if (!(Math.sqrt(3) * CHAOS_RAFT_HALF_MAX + CHAOS_RAFT_JITTER < 0.5))
    throw new RangeError('chaos: a turned raft may cross its cell');
  setups.set(body, s);
  return s;
}

/** The chaos patches' arc lattice of `body` (tests find patches with it). */
export function chaosLattice(body: Body): Readonly<ArcOctave> {
  return chaosSetup(body).lattice;
}

const arcs = arcSet();
const sw = valueD();
const ax = valueD();
const ay = valueD();
const az = valueD();
const P3 = new Float64Array(3);
const cell = noiseCell();
const hum = noise4();
const outlineCell = noiseCell();
const lobe = noise4();
const raggedCell = noiseCell();
const ragged = noise4();
/** The outline's noise n and its gradient (0–3), then f(n) and f′(n) (4, 5). */
const edge = new Float64Array(6);

// Lobing f(n) = (1 − A·n)/(1 + A·n) ≥ (1 − A)/(1 + A): q = q0·f < 1 needs q0 < QMAX.
const QMAX = (1 + CHAOS_OUTLINE) / (1 - CHAOS_OUTLINE);

/**
 * A chaos patch's shape from its arc's hash `h` (for a kernel that evaluates the patches elsewhere:
 * ADR-0020): ρ, its semi-axis along its long axis (direction units; the lobed outline reaches
 * ρ·√QMAX ≤ CHAOS_RADIUS_MAX_M), and L ∈ [1, CHAOS_ELONGATION], its elongation.
 */
export function chaosArcTerms(
  body: Body,
  h: number,
  out: { rho: number; L: number },
): { rho: number; L: number } {
  out.rho =
    (CHAOS_RADIUS_MIN_M + (CHAOS_RADIUS_MAX_M - CHAOS_RADIUS_MIN_M) * unitFromHash(rehash(h, 1))) /
    Math.sqrt(QMAX) /
    body.radius;
  out.L = 1 + (CHAOS_ELONGATION - 1) * unitFromHash(rehash(h, 3));
  return out;
}

const shape = { rho: 0, L: 0 };

/** Patch weight P = 1 − Π(1 − P_i) at (x, y, z) into `out` (v, 3-D gradient). */
function patchD(s: ChaosSetup, body: Body, x: number, y: number, z: number, out: ChaosSample): void {
  gatherArcs(s.lattice, x, y, z, arcs);
  const a = arcs.arcs;
  let k = 1;
  let kx = 0;
  let ky = 0;
  let kz = 0;
  let outlined = false;
  const A = CHAOS_OUTLINE;
  for (let i = 0; i < arcs.count; i++) {
    const at = ARC_STRIDE * i;
    // ρ, the semi-axis along the patch's long axis t (the arc's tangent at its centre); across it
    // ρ/L, L ∈ [1, CHAOS_ELONGATION].
    chaosArcTerms(body, a[at + 11], shape);
    const rho = shape.rho;
    const L = shape.L;
    const L2 = L * L;
    const inv = 1 / (rho * rho);
    const dx = x - a[at];
    const dy = y - a[at + 1];
    const dz = z - a[at + 2];
    const tx = a[at + 6];
    const ty = a[at + 7];
    const tz = a[at + 8];
    const st = dx * tx + dy * ty + dz * tz;
    // q0 = (L²|d|² − (L² − 1)·(d·t)²)/ρ² ≥ |d|²/ρ²: elongated along t.
    const q0 = (L2 * (dx * dx + dy * dy + dz * dz) - (L2 - 1) * st * st) * inv;
    if (!(q0 < QMAX)) continue;
    if (!outlined) {
      P3[0] = x * s.outlineFreq;
      P3[1] = y * s.outlineFreq;
      P3[2] = z * s.outlineFreq;
      valueNoiseD(s.hummockSeed, 1, P3, outlineCell, lobe);
      P3[0] = x * s.raggedFreq;
      P3[1] = y * s.raggedFreq;
      P3[2] = z * s.raggedFreq;
      valueNoiseD(s.hummockSeed, 2, P3, raggedCell, ragged);
      const w = CHAOS_RAGGED;
      edge[0] = (1 - w) * lobe.v + w * ragged.v;
      edge[1] = (1 - w) * s.outlineFreq * lobe.dx + w * s.raggedFreq * ragged.dx;
      edge[2] = (1 - w) * s.outlineFreq * lobe.dy + w * s.raggedFreq * ragged.dy;
      edge[3] = (1 - w) * s.outlineFreq * lobe.dz + w * s.raggedFreq * ragged.dz;
      const den = 1 + A * edge[0];
      edge[4] = (1 - A * edge[0]) / den;
      edge[5] = (-2 * A) / (den * den);
      outlined = true;
    }
    const f = edge[4];
    const q = q0 * f;
    if (!(q < 1)) continue;
    smoothstepD(0.5, 1, q, sw);
    // 1 − P_i = sw; ∇q = f·∇q0 + q0·f′(n)·∇n, ∇q0 = 2(L²·d − (L² − 1)(d·t)·t)/ρ².
    const g = 2 * sw.d * f * inv;
    const gt = (L2 - 1) * st;
    const gn = sw.d * q0 * edge[5];
    kx = kx * sw.v + k * (g * (L2 * dx - gt * tx) + gn * edge[1]);
    ky = ky * sw.v + k * (g * (L2 * dy - gt * ty) + gn * edge[2]);
    kz = kz * sw.v + k * (g * (L2 * dz - gt * tz) + gn * edge[3]);
    k *= sw.v;
  }
  out.m = 1 - k;
  out.mx = -kx;
  out.my = -ky;
  out.mz = -kz;
}

/**
 * Mask of one raft lattice (seed, frequency f, share of cells holding a raft) at (x, y, z): its
 * value, and its gradient in out.hx … hz.
 */
function latticeRaftD(
  seed: number,
  f: number,
  chance: number,
  x: number,
  y: number,
  z: number,
  out: ChaosSample,
): number {
  const ix = Math.floor(f * x);
  const iy = Math.floor(f * y);
  const iz = Math.floor(f * z);
  const h = hashCell3(seed, ix, iy, iz);
  if (!(unitFromHash(h) < chance)) {
    out.h = 0;
    out.hx = 0;
    out.hy = 0;
    out.hz = 0;
    return 0;
  }
  // A box of half-sizes (rx, ry, rz) in a frame turned by the cell's own rotation (a hashed unit
  // quaternion), about b: its slice by the surface is a polygon of 3–6 sides at any angle. Its
  // farthest corner lies within √(rx² + ry² + rz²) ≤ √3·CHAOS_RAFT_HALF_MAX of b, inside the cell
  // with b's jitter (checked in chaosSetup), so R is 0 on every cell face.
  const span = CHAOS_RAFT_HALF_MAX - CHAOS_RAFT_HALF_MIN;
  const rx = (CHAOS_RAFT_HALF_MIN + span * unitFromHash(rehash(h, 1))) / f;
  const ry = (CHAOS_RAFT_HALF_MIN + span * unitFromHash(rehash(h, 5))) / f;
  const rz = (CHAOS_RAFT_HALF_MIN + span * unitFromHash(rehash(h, 6))) / f;
  const j = CHAOS_RAFT_JITTER / f;
  const bx = (ix + 0.5) / f + j * (2 * unitFromHash(rehash(h, 2)) - 1);
  const by = (iy + 0.5) / f + j * (2 * unitFromHash(rehash(h, 3)) - 1);
  const bz = (iz + 0.5) / f + j * (2 * unitFromHash(rehash(h, 4)) - 1);
  let qa = 2 * unitFromHash(rehash(h, 7)) - 1;
  let qb = 2 * unitFromHash(rehash(h, 8)) - 1;
  let qc = 2 * unitFromHash(rehash(h, 9)) - 1;
  let qd = 2 * unitFromHash(rehash(h, 10)) - 1;
  const qn = Math.sqrt(qa * qa + qb * qb + qc * qc + qd * qd);
  if (qn > 1e-3) {
    qa /= qn;
    qb /= qn;
    qc /= qn;
    qd /= qn;
  } else {
    qa = 1;
    qb = 0;
    qc = 0;
    qd = 0;
  }
  // Rows of the rotation matrix of (qa, qb, qc, qd).
  const r11 = 1 - 2 * (qc * qc + qd * qd);
  const r12 = 2 * (qb * qc - qa * qd);
  const r13 = 2 * (qb * qd + qa * qc);
  const r21 = 2 * (qb * qc + qa * qd);
  const r22 = 1 - 2 * (qb * qb + qd * qd);
  const r23 = 2 * (qc * qd - qa * qb);
  const r31 = 2 * (qb * qd - qa * qc);
  const r32 = 2 * (qc * qd + qa * qb);
  const r33 = 1 - 2 * (qb * qb + qc * qc);
  const dx = x - bx;
  const dy = y - by;
  const dz = z - bz;
  const tx = r11 * dx + r12 * dy + r13 * dz;
  const ty = r21 * dx + r22 * dy + r23 * dz;
  const tz = r31 * dx + r32 * dy + r33 * dz;
  smoothstepD(0.6 * rx, rx, tx < 0 ? -tx : tx, ax);
  smoothstepD(0.6 * ry, ry, ty < 0 ? -ty : ty, ay);
  smoothstepD(0.6 * rz, rz, tz < 0 ? -tz : tz, az);
  const ex = 1 - ax.v;
  const ey = 1 - ay.v;
  const ez = 1 - az.v;
  out.h = ex * ey * ez;
  // ∂R/∂t in the turned frame, then ∇R = Σ_k (∂R/∂t_k)·(row k).
  const gx = (tx < 0 ? ax.d : -ax.d) * ey * ez;
  const gy = (ty < 0 ? ay.d : -ay.d) * ex * ez;
  const gz = (tz < 0 ? az.d : -az.d) * ex * ey;
  out.hx = gx * r11 + gy * r21 + gz * r31;
  out.hy = gx * r12 + gy * r22 + gz * r32;
  out.hz = gx * r13 + gy * r23 + gz * r33;
  return out.h;
}

/**
 * Raft mask R = 1 − (1 − R_rafts)(1 − R_plates) at (x, y, z): the rafts' lattice and the large
 * plates' coarser one (terrain v12), gradient in out.hx … hz.
 */
function raftD(s: ChaosSetup, x: number, y: number, z: number, out: ChaosSample): number {
  const a = latticeRaftD(s.raftSeed, s.raftFreq, CHAOS_RAFT_CHANCE, x, y, z, out);
  const ax = out.hx;
  const ay = out.hy;
  const az = out.hz;
  const b = latticeRaftD(s.plateSeed, s.plateFreq, CHAOS_PLATE_CHANCE, x, y, z, out);
  // ∇R = (1 − b)·∇a + (1 − a)·∇b.
  out.hx = (1 - b) * ax + (1 - a) * out.hx;
  out.hy = (1 - b) * ay + (1 - a) * out.hy;
  out.hz = (1 - b) * az + (1 - a) * out.hz;
  out.h = 1 - (1 - a) * (1 - b);
  return out.h;
}

/**
 * The raft mask R alone at unit direction (x, y, z) of `body`: R, its gradient in out.hx … hz
 * (out.m, out.mx … untouched). For tests: inside a patch the matrix weight is P·(1 − R).
 */
export function chaosRaftD(body: Body, x: number, y: number, z: number, out: ChaosSample): number {
  return raftD(chaosSetup(body), x, y, z, out);
}

/** Chaos at unit direction (x, y, z) of `body` into `out`: matrix weight M and matrix height. */
export function chaosD(body: Body, x: number, y: number, z: number, out: ChaosSample): ChaosSample {
  const s = chaosSetup(body);
  patchD(s, body, x, y, z, out);
  if (out.m === 0) {
    out.h = 0;
    out.hx = 0;
    out.hy = 0;
    out.hz = 0;
    return out;
  }
  const p = out.m;
  const px = out.mx;
  const py = out.my;
  const pz = out.mz;
  const rv = raftD(s, x, y, z, out);
  out.m = p * (1 - rv);
  out.mx = px * (1 - rv) - p * out.hx;
  out.my = py * (1 - rv) - p * out.hy;
  out.mz = pz * (1 - rv) - p * out.hz;
  P3[0] = x * s.hummockFreq;
  P3[1] = y * s.hummockFreq;
  P3[2] = z * s.hummockFreq;
  valueNoiseD(s.hummockSeed, 0, P3, cell, hum);
  const a = CHAOS_HUMMOCK_M * s.hummockFreq;
  out.h = -CHAOS_MATRIX_DEPTH_M + CHAOS_HUMMOCK_M * hum.v;
  out.hx = a * hum.dx;
  out.hy = a * hum.dy;
  out.hz = a * hum.dz;
  return out;
}
