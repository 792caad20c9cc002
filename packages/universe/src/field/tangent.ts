/**
 * The batch's tangent plane (ADR-0004): a frame (e1, e2) at the batch's centre direction and every
 * sample's coordinates in it, for the ladder's buckets and tiles. `fit` refuses (false) when a
 * sample is more than 60° from the centre, where the projection would crowd. One instance is
 * reused batch after batch (no allocation per batch); its arrays grow on demand.
 */
export class TangentPlane {
  /** Tangent bounds umin, umax, vmin, vmax of the samples of the last fit. */
  readonly bounds = new Float64Array(4);
  /** Unit tangent e1 at the centre. */
  readonly e1 = [0, 0, 0];
  /** Unit tangent e2 = m × e1 at the centre. */
  readonly e2 = [0, 0, 0];
  /** Every sample's coordinate along e1 (length ≥ count of the last fit). */
  tu = new Float64Array(0);
  /** Every sample's coordinate along e2 (length ≥ count of the last fit). */
  tv = new Float64Array(0);

  /** Frame at unit direction m and the (u, v) of `count` samples; false when the cap is too wide to bucket. */
  fit(dirs: Float64Array, count: number, mx: number, my: number, mz: number): boolean {
    // Helper axis least aligned with m, then e1 = normalise(a × m), e2 = m × e1.
    const ax = Math.abs(mx) <= Math.abs(my) && Math.abs(mx) <= Math.abs(mz) ? 1 : 0;
    const ay = ax === 0 && Math.abs(my) <= Math.abs(mz) ? 1 : 0;
    const az = ax === 0 && ay === 0 ? 1 : 0;
    let x = ay * mz - az * my;
    let y = az * mx - ax * mz;
    let z = ax * my - ay * mx;
    const l = Math.sqrt(x * x + y * y + z * z);
    x /= l;
    y /= l;
    z /= l;
    const e1 = this.e1;
    const e2 = this.e2;
    e1[0] = x;
    e1[1] = y;
    e1[2] = z;
    e2[0] = my * z - mz * y;
    e2[1] = mz * x - mx * z;
    e2[2] = mx * y - my * x;
    if (this.tu.length < count) {
      this.tu = new Float64Array(count);
      this.tv = new Float64Array(count);
    }
    const tu = this.tu;
    const tv = this.tv;
    let umin = Infinity;
    let umax = -Infinity;
    let vmin = Infinity;
    let vmax = -Infinity;
    for (let i = 0; i < count; i++) {
      const dx = dirs[3 * i];
      const dy = dirs[3 * i + 1];
      const dz = dirs[3 * i + 2];
      if (dx * mx + dy * my + dz * mz < 0.5) return false;
      const u = dx * e1[0] + dy * e1[1] + dz * e1[2];
      const v = dx * e2[0] + dy * e2[1] + dz * e2[2];
      tu[i] = u;
      tv[i] = v;
      umin = Math.min(umin, u);
      umax = Math.max(umax, u);
      vmin = Math.min(vmin, v);
      vmax = Math.max(vmax, v);
    }
    const bounds = this.bounds;
    bounds[0] = umin;
    bounds[1] = umax;
    bounds[2] = vmin;
    bounds[3] = vmax;
    return true;
  }
}
