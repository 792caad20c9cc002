/**
 * The GPU producer's crater ladder (ADR-0020, port step 2): the old and young units' relief and
 * gradient and the fresh-ejecta signal of universe's `ladderBatchD` for many patches in one
 * compute dispatch.
 * `ladderBatch` gathers and describes each patch's candidates on the CPU with universe's own
 * gathers (`gatherBasin`, `gatherRung`: canonical order, ascending lattice cell) over the patch's
 * bounding cap widened per rung by 2^-12 of the rung's reach — far beyond the float32 error of the
 * kernel's reach test (≈ 2^-21 of q) — so each list is a canonical-order superset of what any of
 * its samples can reach, and a vertex two patches share sums the same candidates in the same order
 * in both. It packs one record per patch, one per rung (the level filter's weight, the fold
 * limit), the candidates and the hi/lo position words. `GpuLadder.run` uploads, dispatches and
 * reads back `LADDER_OUT_WORDS` floats per sample. `ladderTolerance` is the stated float32
 * tolerance against `ladderBatchD`.
 *
 * The young unit's sums follow ladder.ts: a rung whose weights are uniform (an undated body, or
 * every feature younger than a dated unit) adds that weight times the old unit's fold; otherwise the
 * rung sums each feature × its young weight (the gather's `pool.young`) and folds that sum itself.
 * Refused with a RangeError: a filter that is not a finite number ≥ 0.
 */
import {
  CandidatePool,
  craterPhases,
  craterTangentBasis,
  detailWeight,
  gatherBasin,
  gatherRung,
  KIND_CRATER,
  ladderPlan,
  type Body,
  type CraterShape,
} from '@landfall/universe';
import {
  LADDER_CANDIDATE_WORDS,
  LADDER_OUT_WORDS,
  LADDER_PATCH_WORDS,
  LADDER_RUNG_WORDS,
  LADDER_WGSL,
  LADDER_WORKGROUP_SIZE,
} from './ladderKernel';
import { computePipeline, recordStage, runChain, type PassChain, type PassInput } from './compute';
import { positionWords } from './domainSplit';

/** One patch of a batch: the body, its float64 unit directions (xyz interleaved) and its level filter. */
export interface LadderPatch {
  body: Body;
  dirs: Float64Array;
  filterM: number;
}

/** Samples of one batch: whole patches of `samplesPerPatch` each. */
export interface LadderBatch {
  samplesPerPatch: number;
  patchCount: number;
  /** LADDER_PATCH_WORDS per patch. */
  patches: ArrayBuffer;
  /** LADDER_RUNG_WORDS per rung of every patch. */
  rungs: ArrayBuffer;
  /** LADDER_CANDIDATE_WORDS per candidate. */
  candidates: Float32Array;
  candidateCount: number;
  /** GRIT_SAMPLE_WORDS per sample (the domain split). */
  samples: Float32Array;
}

/** Widening of a patch's cap per rung, in units of the rung's reach (header). */
export const CAP_PAD = 2 ** -12;

/** One patch's gathered candidates: the pool and each drawn rung's [from, to) and weight. */
interface Gathered {
  pool: CandidatePool;
  from: number[];
  to: number[];
  weight: number[];
  fold: number[];
  /** The young unit's uniform weight per rung (ladder.ts `setRungMode`: rungSum[9]). */
  young: number[];
  /** Whether the rung sums the young unit per feature (ladder.ts `setRungMode`'s perFeature). */
  perFeature: boolean[];
}

/** The cap (unit centre, chord radius) of `dirs`: normalised mean and the largest chord to it. */
export function boundingCap(dirs: Float64Array): [number, number, number, number] {
  const n = dirs.length / 3;
  let mx = 0;
  let my = 0;
  let mz = 0;
  for (let i = 0; i < n; i++) {
    mx += dirs[3 * i];
    my += dirs[3 * i + 1];
    mz += dirs[3 * i + 2];
  }
  const ml = Math.sqrt(mx * mx + my * my + mz * mz);
  if (!(ml > 1e-3 * n)) return [0, 0, 1, 2];
  mx /= ml;
  my /= ml;
  mz /= ml;
  let chord2 = 0;
  for (let i = 0; i < n; i++) {
    const dx = dirs[3 * i] - mx;
    const dy = dirs[3 * i + 1] - my;
    const dz = dirs[3 * i + 2] - mz;
    chord2 = Math.max(chord2, dx * dx + dy * dy + dz * dz);
  }
  return [mx, my, mz, Math.sqrt(chord2)];
}

type LadderPlan = ReturnType<typeof ladderPlan>;

/** ladder.ts `setRungMode`: the young unit's uniform weight of rung k (used where not per feature). */
function rungYoung(plan: LadderPlan, k: number): number {
  return !plan.dated ? plan.ghost[k] : plan.youngShare[k] >= 1 ? 1 : plan.ghost[k];
}

/**
 * ladder.ts `setRungMode`: whether rung k sums the young unit per feature (a dated unit where some
 * of the rung's craters are older than it, or remnants are buried under it).
 */
function rungPerFeature(plan: LadderPlan, k: number): boolean {
  const buried = plan.remnant[k] > 0 && plan.remnantYoung[k] !== 1;
  return plan.dated && (plan.youngShare[k] < 1 || buried);
}

/**
 * The most crater candidates one patch's gather may hold (ADR-0020 item 23). Under the level filter
 * a patch's drawn rungs stop near its cell size, so it gathers about the same count at every level
 * (at most a few tens of thousands); unfiltered (filterM 0) a coarse patch would gather every rung
 * down to the finest over its whole area — ×4 a rung, hours at level 0 — so the gather stops with
 * an error past this, at most one rung (≈ 4×) after the limit.
 */
export const LADDER_GATHER_MAX = 1 << 16;

/** The candidates of `patch`, per drawn rung, in canonical order (`ladderBatchD`'s rungs and weights). */
function gather(patch: LadderPatch, who: string): Gathered {
  const { body, dirs, filterM } = patch;
  if (!(filterM >= 0) || !Number.isFinite(filterM))
    throw new RangeError(`${who}: filter ${filterM} m is not a finite number ≥ 0`);
  const plan = ladderPlan(body);
  let rungs = plan.rungs;
  while (rungs > 1 && detailWeight(plan.diameter[rungs - 1], filterM) === 0) rungs--;
  const pool = new CandidatePool();
  const g: Gathered = {
    pool,
    from: [0],
    to: [],
    weight: [1],
    fold: [plan.fold[0]],
    young: [rungYoung(plan, 0)],
    perFeature: [rungPerFeature(plan, 0)],
  };
  gatherBasin(pool, body, plan);
  g.to.push(pool.count);
  const [mx, my, mz, chord] = boundingCap(dirs);
  const cap = new Float64Array(4);
  for (let k = 1; k < rungs; k++) {
    cap.set([mx, my, mz, chord * (1 + 2 ** -30) + CAP_PAD * plan.reach[k]]);
    g.from.push(pool.count);
    gatherRung(pool, body, plan, k, cap, 0);
    g.to.push(pool.count);
    if (pool.count > LADDER_GATHER_MAX)
      throw new RangeError(
        `${who}: ${body.id} patch gathers ${pool.count} crater candidates by rung ${k} of ${rungs} ` +
          `(over ${LADDER_GATHER_MAX}; filter ${filterM} m): draw it under its level filter or on the worker pool`,
      );
    g.weight.push(detailWeight(plan.diameter[k], filterM));
    g.fold.push(plan.fold[k]);
    g.young.push(rungYoung(plan, k));
    g.perFeature.push(rungPerFeature(plan, k));
  }
  return g;
}

const phases = new Float64Array(24);
const basis = new Float64Array(6);

/** A crater's shape as the candidate words hold it (universe craterProfile.ts `CraterShape`). */
export type CraterWords = Pick<
  CraterShape,
  'terraces' | 'qe' | 'rim' | 'depth' | 'k' | 'qf' | 'peak' | 'qp' | 'terrace' | 'spin'
>;

/**
 * Writes the words of a candidate record (ladderKernel.ts `LADDER_CANDIDATE_WORDS`) at word `o` that
 * the crater profile reads: the centre (cx, cy, cz)·R as hi/lo float32 words, 1/ρ² (m⁻²) and 2R/ρ²
 * from `invR2` (1/ρ² in unit-direction units), and, for a crater, its shape with the tangent basis
 * and phases. The crater ladder's candidates and the named places' craters (GpuPlaces.ts) both use it.
 */
export function packCandidateWords(
  f: Float32Array,
  o: number,
  R: number,
  cx: number,
  cy: number,
  cz: number,
  invR2: number,
  crater: CraterWords | null,
): void {
  const split = (x: number, at: number): void => {
    const P = x * R;
    const hi = Math.fround(P);
    f[at] = hi;
    f[at + 4] = P - hi;
  };
  split(cx, o);
  split(cy, o + 1);
  split(cz, o + 2);
  // 1/ρ² = invR2/R² (ρ the rim radius in m) and 2R/ρ² = 2·invR2/R (rungSum.ts: g = d·2·invR2·dx).
  f[o + 8] = invR2 / (R * R);
  f[o + 9] = (2 * invR2) / R;
  if (!crater) return;
  f[o + 7] = crater.terraces;
  f[o + 10] = crater.qe;
  f[o + 12] = crater.rim;
  f[o + 13] = crater.depth;
  f[o + 14] = crater.k;
  f[o + 15] = crater.qf;
  f[o + 16] = crater.peak;
  f[o + 17] = crater.qp;
  f[o + 18] = crater.terrace;
  if (crater.terraces > 0) {
    craterTangentBasis(cx, cy, cz, basis, 0);
    f.set(basis.subarray(0, 3), o + 20);
    f.set(basis.subarray(3, 6), o + 24);
    craterPhases(crater.spin, phases);
    f.set(phases, o + 28);
  }
}

/** Writes candidate j of `pool` at word `o` (ladderKernel.ts `LADDER_CANDIDATE_WORDS`). */
function packCandidate(pool: CandidatePool, j: number, R: number, f: Float32Array, o: number): void {
  const crater = pool.kind[j] === KIND_CRATER;
  packCandidateWords(
    f,
    o,
    R,
    pool.nx[j],
    pool.ny[j],
    pool.nz[j],
    pool.invR2[j],
    crater
      ? {
          terraces: pool.terraces[j],
          qe: pool.qe[j],
          rim: pool.rim[j],
          depth: pool.depth[j],
          k: pool.k[j],
          qf: pool.qf[j],
          peak: pool.peak[j],
          qp: pool.qp[j],
          terrace: pool.terrace[j],
          spin: pool.spin[j],
        }
      : null,
  );
  f[o + 3] = pool.kind[j];
  f[o + 11] = pool.boulder[j];
  f[o + 19] = pool.young[j];
  if (!crater) {
    // The other kinds' profiles read the ejecta reach, rim and k too.
    f[o + 10] = pool.qe[j];
    f[o + 12] = pool.rim[j];
    f[o + 14] = pool.k[j];
  }
}

/** Packs `patches` (each `samplesPerPatch` directions) for one dispatch; `samples` as `bandsBatch`. */
export function ladderBatch(
  patches: readonly LadderPatch[],
  samplesPerPatch: number,
  samples = positionWords(patches, samplesPerPatch),
): LadderBatch {
  const gathered = patches.map((p) => gather(p, 'ladderBatch'));
  const rungCount = gathered.reduce((n, g) => n + g.from.length, 0);
  const candidateCount = gathered.reduce((n, g) => n + g.pool.count, 0);
  const patchBuf = new ArrayBuffer(4 * LADDER_PATCH_WORDS * patches.length);
  const pu = new Uint32Array(patchBuf);
  const pf = new Float32Array(patchBuf);
  const rungBuf = new ArrayBuffer(4 * LADDER_RUNG_WORDS * Math.max(1, rungCount));
  const ru = new Uint32Array(rungBuf);
  const rf = new Float32Array(rungBuf);
  const candidates = new Float32Array(LADDER_CANDIDATE_WORDS * Math.max(1, candidateCount));
  let rung = 0;
  let cand = 0;
  gathered.forEach((g, i) => {
    const R = patches[i].body.radius;
    pu[LADDER_PATCH_WORDS * i] = rung;
    pu[LADDER_PATCH_WORDS * i + 1] = g.from.length;
    pf[LADDER_PATCH_WORDS * i + 2] = R;
    g.from.forEach((from, k) => {
      const o = LADDER_RUNG_WORDS * (rung + k);
      ru[o] = cand + from;
      ru[o + 1] = cand + g.to[k];
      rf[o + 2] = g.weight[k];
      rf[o + 3] = g.fold[k];
      rf[o + 4] = g.young[k];
      ru[o + 5] = g.perFeature[k] ? 1 : 0;
    });
    for (let j = 0; j < g.pool.count; j++)
      packCandidate(g.pool, j, R, candidates, LADDER_CANDIDATE_WORDS * (cand + j));
    rung += g.from.length;
    cand += g.pool.count;
  });
  return {
    samplesPerPatch,
    patchCount: patches.length,
    patches: patchBuf,
    rungs: rungBuf,
    candidates,
    candidateCount,
    samples,
  };
}

/**
 * Error of one reaching feature's float32 height, per metre of its relief scale A = |rim| + depth
 * + peak (ADR-0020). q is off by ≤ 2^-21 relative (w to 2^-23 of itself, its square and the scale
 * a few ulps); a complex crater's azimuth (cos θ, sin θ from w's tangential components) by 2^-21,
 * and the thirteenth harmonic of the rim's scallops by 13× that, which moves the scalloped
 * q′ = q + 0.1·R(θ)·env by ≤ 2^-20; the profile's |dh/dq| is ≤ 15·A (the terraced wall's risers:
 * 6·depth·(1 + a/2)/(1 − qf); the ejecta at the rim 2.5·rim), so 2^-16·A; the lobed peak and the
 * terrace wave's phases add the same order; ≈ 40 float32 operations on terms ≤ 4·A add 2^-18·A.
 * Rounded up to 2^-14 (≈ 3× margin). The soft fold (slope ≤ 1) passes the sum's error on.
 */
export const LADDER_F32_VALUE_UNITS = 2 ** -14;
/**
 * Error of one reaching feature's float32 gradient, per (A/ρ)·R (ρ the rim radius in m, R the
 * body's: A/ρ is a slope, × R per direction unit), ADR-0020: the gradient (dh/dq)·(2R/ρ²)·w moves
 * by |d²h/dq²|·|Δq|·2|w|R/ρ² — |d²h/dq²| ≤ 400·A on the terraced wall (m²·6·depth/(1 − qf)², m ≤ 6),
 * |Δq| ≤ 2^-20, |w| ≤ 1.6ρ — ≤ 2^-9.7·(A/ρ)·R; the azimuth term ∂h/∂θ·∇θ (|∇θ| = R/r, ∂h/∂θ ≤ 13·A
 * off the peak, ∝ r² on it) by 2^-16 of its size. Rounded up: 2^-9.
 */
export const LADDER_F32_SLOPE_UNITS = 2 ** -9;
/** Error of the fresh-ejecta signal (0…1): strength × w², w = (2.25 − q)/1.25 off by ≤ 2^-20; rounded up: 2^-16. */
export const LADDER_F32_EJECTA_UNITS = 2 ** -16;

/**
 * The stated tolerance (ADR-0020) of each GPU ladder sample of `patch` against universe's
 * `ladderBatchD` (old unit), per sample: with w_k the rung weights and the sums over the features
 * j of rung k that reach the sample (q < qe·(1 + 2^-16) in float64),
 *   |Δh| ≤ Σ_k w_k Σ_j A_j · LADDER_F32_VALUE_UNITS,
 *   |Δ∇h| (each component, m per direction unit) ≤ R · Σ_k w_k Σ_j (A_j/ρ_j) · LADDER_F32_SLOPE_UNITS,
 *   |Δejecta| ≤ LADDER_F32_EJECTA_UNITS.
 * A worst case per feature (every reaching feature at its steepest errors).
 */
export function ladderTolerance(patch: LadderPatch): {
  h: Float64Array;
  gradient: Float64Array;
  ejecta: number;
} {
  const g = gather(patch, 'ladderTolerance');
  const { pool } = g;
  const n = patch.dirs.length / 3;
  const h = new Float64Array(n);
  const gradient = new Float64Array(n);
  const R = patch.body.radius;
  for (let k = 0; k < g.from.length; k++) {
    const wk = g.weight[k];
    for (let j = g.from[k]; j < g.to[k]; j++) {
      const crater = pool.kind[j] === KIND_CRATER;
      const A = Math.abs(pool.rim[j]) + (crater ? pool.depth[j] + pool.peak[j] : 0);
      const rho = (0.5 * pool.diameter[j]) / R;
      const reach = pool.qe[j] * (1 + 2 ** -16);
      for (let i = 0; i < n; i++) {
        const dx = patch.dirs[3 * i] - pool.nx[j];
        const dy = patch.dirs[3 * i + 1] - pool.ny[j];
        const dz = patch.dirs[3 * i + 2] - pool.nz[j];
        if ((dx * dx + dy * dy + dz * dz) * pool.invR2[j] >= reach) continue;
        h[i] += wk * A * LADDER_F32_VALUE_UNITS;
        // A/rho with rho in direction units is (A/ρ)·R.
        gradient[i] += wk * (A / rho) * LADDER_F32_SLOPE_UNITS;
      }
    }
  }
  return { h, gradient, ejecta: LADDER_F32_EJECTA_UNITS };
}

/** The crater ladder on a WebGPU device: one pipeline, buffers per run. */
export class GpuLadder {
  private readonly pipeline: GPUComputePipeline;
  private disposed = false;

  constructor(private readonly device: GPUDevice) {
    this.pipeline = computePipeline(device, 'landfall crater ladder', LADDER_WGSL);
  }

  /**
   * LADDER_OUT_WORDS floats per sample, in the batch's order: h (m), ∇h.xyz (m per direction unit,
   * 3-D), fresh ejecta, candidates summed, 0, 0.
   */
  async run(batch: LadderBatch): Promise<Float32Array> {
    const [out] = await runChain(this.device, 'landfall crater ladder', (chain) => [
      this.record(chain, batch),
    ]);
    return new Float32Array(out);
  }

  /**
   * The dispatch of `batch` recorded in `chain` (ADR-0020 item 21): its output buffer (left on the
   * GPU) and bytes; `samples` the batch's position words when the chain already holds them.
   */
  record(
    chain: PassChain,
    batch: LadderBatch,
    samples: PassInput = batch.samples,
  ): readonly [GPUBuffer, number] {
    if (this.disposed) throw new Error('GpuLadder: run after dispose');
    return recordStage(
      chain,
      this.pipeline,
      'GpuLadder',
      LADDER_WORKGROUP_SIZE,
      batch.samplesPerPatch,
      batch.patchCount,
      [new Uint8Array(batch.patches), new Uint8Array(batch.rungs), batch.candidates, samples],
      LADDER_OUT_WORDS,
    );
  }

  /** Frees nothing the device does not own; later runs throw. */
  dispose(): void {
    this.disposed = true;
  }
}
