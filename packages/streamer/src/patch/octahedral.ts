/**
 * Octahedral unit-vector encoding into two int8 (snorm, ±127) — Cigolle et al. 2014, "A Survey of
 * Efficient Representations for Independent Unit Vectors", JCGT 3(2). Render decodes with the same
 * mapping: p = (a, b)/127, n = (p.x, p.y, 1 − |p.x| − |p.y|), and where n.z < 0,
 * n.xy = (1 − |n.yx|)·sign(n.xy); then normalise.
 */

/** Writes the octahedral int8 pair of the unit vector (x, y, z) at `view[offset]`, `view[offset+1]`. */
export function encodeOct(x: number, y: number, z: number, view: DataView, offset: number): void {
  const l1 = Math.abs(x) + Math.abs(y) + Math.abs(z);
  let px = x / l1;
  let py = y / l1;
  if (z < 0) {
    const ox = (1 - Math.abs(py)) * (px >= 0 ? 1 : -1);
    const oy = (1 - Math.abs(px)) * (py >= 0 ? 1 : -1);
    px = ox;
    py = oy;
  }
  view.setInt8(offset, Math.round(px * 127));
  view.setInt8(offset + 1, Math.round(py * 127));
}

/** Decodes the int8 pair at `view[offset]` into `out` (unit length). */
export function decodeOct(view: DataView, offset: number, out: Float64Array): Float64Array {
  const px = Math.max(-1, view.getInt8(offset) / 127);
  const py = Math.max(-1, view.getInt8(offset + 1) / 127);
  let x = px;
  let y = py;
  const z = 1 - Math.abs(px) - Math.abs(py);
  if (z < 0) {
    x = (1 - Math.abs(py)) * (px >= 0 ? 1 : -1);
    y = (1 - Math.abs(px)) * (py >= 0 ? 1 : -1);
  }
  const len = Math.sqrt(x * x + y * y + z * z);
  out[0] = x / len;
  out[1] = y / len;
  out[2] = z / len;
  return out;
}
