/**
 * Struct-of-arrays pool of ladder candidates (ADR-0004): centre, 1/R², reach, kind and profile
 * parameters of each gathered feature. Capacity grows by doubling and never shrinks, so steady
 * batches allocate nothing.
 */

/** Feature kinds. */
export const KIND_CRATER = 0;
export const KIND_BUMP = 1;
/** A remnant crater: rim = −depth, k = 1, profile rim·(1 − q²)² (a flat-floored, rimless bowl). */
export const KIND_REMNANT = 2;

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
  /**
   * Crater: rim, depth, k, qf, peak, qp, terraces, terrace (CraterShape); bump: rim = signed height, k = 0; remnant:
   * rim = −depth, k = 1 (rungSum.ts).
   */
  rim = new Float64Array(0);
  depth = new Float64Array(0);
  k = new Float64Array(0);
  qf = new Float64Array(0);
  peak = new Float64Array(0);
  qp = new Float64Array(0);
  /** Crater wall terraces and their strength (CraterShape.terraces, .terrace). */
  terraces = new Float64Array(0);
  terrace = new Float64Array(0);
  /** The terraces' phase draw round the wall (CraterShape.spin), set only where terraces > 0. */
  spin = new Float64Array(0);
  diameter = new Float64Array(0);
  fresh = new Float64Array(0);
  /** Boulder-field strength 0 … 1 (boulders.ts); 0 for bumps. */
  boulder = new Float64Array(0);
  /** Weight in the young unit: 1 for features younger than it, the rung's ghost weight otherwise. */
  young = new Float64Array(0);

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
    this.terraces = grow(this.terraces, new Float64Array(cap));
    this.terrace = grow(this.terrace, new Float64Array(cap));
    this.spin = grow(this.spin, new Float64Array(cap));
    this.diameter = grow(this.diameter, new Float64Array(cap));
    this.fresh = grow(this.fresh, new Float64Array(cap));
    this.boulder = grow(this.boulder, new Float64Array(cap));
    this.young = grow(this.young, new Float64Array(cap));
    this.cap = cap;
  }
}
