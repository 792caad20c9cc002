/**
 * Tangent-plane buckets for a rung with many candidates over a patch (ADR-0004). Samples and
 * candidate centres are projected onto a plane through the patch centre; a candidate is listed in
 * every bucket its reach square overlaps. Projection is 1-Lipschitz, so a candidate reaching a
 * sample is always listed in the sample's bucket, and each bucket lists candidates in ascending
 * (canonical) order: per-sample sums equal the full-list sums bit for bit. `reach` is the rung's
 * (a crater's ejecta); knobs, pits and remnants end at their rim, so they are listed over the
 * square of reach / CRATER_EJECTA_REACH (the buckets they can reach).
 */
import { CRATER_EJECTA_REACH } from '../math/craterProfile';
import { KIND_CRATER, type CandidatePool } from './CandidatePool';

/** Reusable CSR bucket grid. */
export class BucketGrid {
  g = 1;
  umin = 0;
  vmin = 0;
  inv = 1;
  start = new Int32Array(2);
  items = new Int32Array(0);
  private fillAt = new Int32Array(0);

  /** Bucket of tangent coordinates (u, v). */
  cellOf(u: number, v: number): number {
    const g = this.g;
    const bu = Math.min(g - 1, Math.max(0, Math.floor((u - this.umin) * this.inv)));
    const bv = Math.min(g - 1, Math.max(0, Math.floor((v - this.vmin) * this.inv)));
    return bv * g + bu;
  }

  /** Bucket of sample i given its tangent coordinates in `us`, `vs` (no double arguments). */
  cellAt(us: Float64Array, vs: Float64Array, i: number): number {
    const g = this.g;
    const bu = Math.min(g - 1, Math.max(0, Math.floor((us[i] - this.umin) * this.inv)));
    const bv = Math.min(g - 1, Math.max(0, Math.floor((vs[i] - this.vmin) * this.inv)));
    return bv * g + bu;
  }

  /**
   * Builds buckets of side ≥ `reach` over [umin, umax] × [vmin, vmax] for candidates [from, to)
   * of `pool` (centres projected with e1, e2), each listed over its reach square.
   */
  build(
    pool: CandidatePool,
    from: number,
    to: number,
    e1: ArrayLike<number>,
    e2: ArrayLike<number>,
    umin: number,
    umax: number,
    vmin: number,
    vmax: number,
    reach: number,
  ): void {
    const span = Math.max(umax - umin, vmax - vmin, 1e-300);
    const g = Math.max(1, Math.min(32, Math.floor(span / reach)));
    this.g = g;
    this.umin = umin;
    this.vmin = vmin;
    this.inv = g / span;
    const nb = g * g;
    if (this.start.length < nb + 1) {
      this.start = new Int32Array(nb + 1);
      this.fillAt = new Int32Array(nb + 1);
    }
    const start = this.start;
    start.fill(0, 0, nb + 1);
    const rCrater = reach * (1 + 1e-9) + 1e-15;
    // Knobs, pits and remnants reach no further than their rim: under reach / CRATER_EJECTA_REACH.
    const rBump = (reach / CRATER_EJECTA_REACH) * (1 + 1e-9) + 1e-15;
    for (let pass = 0; pass < 2; pass++) {
      for (let j = from; j < to; j++) {
        const r = pool.kind[j] === KIND_CRATER ? rCrater : rBump;
        const cu = pool.nx[j] * e1[0] + pool.ny[j] * e1[1] + pool.nz[j] * e1[2];
        const cv = pool.nx[j] * e2[0] + pool.ny[j] * e2[1] + pool.nz[j] * e2[2];
        if (cu + r < umin || cu - r > umax || cv + r < vmin || cv - r > vmax) continue;
        const a0 = this.cellOf(cu - r, cv - r);
        const a1 = this.cellOf(cu + r, cv + r);
        const u0 = a0 % g;
        const u1 = a1 % g;
        for (let bv = (a0 - u0) / g; bv <= (a1 - u1) / g; bv++) {
          for (let bu = u0; bu <= u1; bu++) {
            const b = bv * g + bu;
            if (pass === 0) start[b + 1]++;
            else this.items[this.fillAt[b]++] = j;
          }
        }
      }
      if (pass === 0) {
        for (let b = 0; b < nb; b++) start[b + 1] += start[b];
        if (this.items.length < start[nb]) this.items = new Int32Array(2 * start[nb]);
        this.fillAt.set(start.subarray(0, nb));
      }
    }
  }
}
