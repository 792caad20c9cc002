/**
 * Tiles of a batch (ADR-0004): the samples grouped by a T × T grid over their tangent-plane
 * coordinates, each tile with its own bounding cap (normalised mean direction, largest chord) and
 * tangent bounds. A rung too fine to gather for the whole batch may still be cheaper to gather per
 * tile than to walk per sample. Grouping only reorders samples; each sample's sums are unchanged.
 */

export class TileSet {
  n = 0;
  /** Samples of tile t: order[start[t] … start[t+1]). */
  start = new Int32Array(1);
  order = new Int32Array(0);
  /** Per tile: cap centre, chord radius, tangent bounds. */
  cap = new Float64Array(0);
  private fillAt = new Int32Array(0);

  /** Groups `count` samples with tangent coordinates (tu, tv) inside `bounds` into side × side tiles. */
  build(
    dirs: Float64Array,
    count: number,
    tu: Float64Array,
    tv: Float64Array,
    bounds: Float64Array,
    side: number,
  ): void {
    const n = side * side;
    this.n = n;
    if (this.start.length < n + 1) {
      this.start = new Int32Array(n + 1);
      this.fillAt = new Int32Array(n + 1);
      this.cap = new Float64Array(8 * n);
    }
    if (this.order.length < count) this.order = new Int32Array(count);
    const su = side / Math.max(bounds[1] - bounds[0], 1e-300);
    const sv = side / Math.max(bounds[3] - bounds[2], 1e-300);
    const tileOf = (i: number): number => {
      const a = Math.min(side - 1, Math.floor((tu[i] - bounds[0]) * su));
      const b = Math.min(side - 1, Math.floor((tv[i] - bounds[2]) * sv));
      return b * side + a;
    };
    const start = this.start;
    start.fill(0, 0, n + 1);
    for (let i = 0; i < count; i++) start[tileOf(i) + 1]++;
    for (let t = 0; t < n; t++) start[t + 1] += start[t];
    this.fillAt.set(start.subarray(0, n));
    for (let i = 0; i < count; i++) this.order[this.fillAt[tileOf(i)]++] = i;
    const cap = this.cap;
    for (let t = 0; t < n; t++) {
      let mx = 0;
      let my = 0;
      let mz = 0;
      let u0 = Infinity;
      let u1 = -Infinity;
      let v0 = Infinity;
      let v1 = -Infinity;
      for (let a = start[t]; a < start[t + 1]; a++) {
        const i = this.order[a];
        mx += dirs[3 * i];
        my += dirs[3 * i + 1];
        mz += dirs[3 * i + 2];
        u0 = Math.min(u0, tu[i]);
        u1 = Math.max(u1, tu[i]);
        v0 = Math.min(v0, tv[i]);
        v1 = Math.max(v1, tv[i]);
      }
      const l = Math.sqrt(mx * mx + my * my + mz * mz);
      let rc2 = 0;
      if (l > 0) {
        mx /= l;
        my /= l;
        mz /= l;
        for (let a = start[t]; a < start[t + 1]; a++) {
          const i = this.order[a];
          const dx = dirs[3 * i] - mx;
          const dy = dirs[3 * i + 1] - my;
          const dz = dirs[3 * i + 2] - mz;
          rc2 = Math.max(rc2, dx * dx + dy * dy + dz * dz);
        }
      }
      cap.set([mx, my, mz, Math.sqrt(rc2), u0, u1, v0, v1], 8 * t);
    }
  }
}
