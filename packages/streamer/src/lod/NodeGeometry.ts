/**
 * Analytic bounds of a quadtree node (ADR-0008), before or without its payload: the unit
 * direction of its centre and the angular radius of a cap holding all of its directions, and from
 * those a bounding sphere for any height range. Cached per node by the streamer.
 */
import { faceToDirection, type Vec3 } from '@landfall/universe';
import type { NodeKey } from '../quadtree/NodeKey';

export interface NodeGeometry {
  /** Unit direction of the node's centre. */
  cx: number;
  cy: number;
  cz: number;
  /** Angular radius (rad) of a cap about the centre direction that holds the whole node. */
  capAngle: number;
  capCos: number;
  capSin: number;
}

const d: Vec3 = { x: 0, y: 0, z: 0 };

/** Cap margin: warped node edges bow between the nine probed points by far less than 2%. */
const CAP_MARGIN = 1.02;

export function nodeGeometry(key: NodeKey): NodeGeometry {
  const s0 = key.s0();
  const t0 = key.t0();
  const span = key.span();
  faceToDirection(key.face, s0 + span / 2, t0 + span / 2, d);
  const cx = d.x;
  const cy = d.y;
  const cz = d.z;
  let minDot = 1;
  for (let j = 0; j <= 2; j++) {
    for (let i = 0; i <= 2; i++) {
      if (i === 1 && j === 1) continue;
      faceToDirection(key.face, s0 + (i * span) / 2, t0 + (j * span) / 2, d);
      minDot = Math.min(minDot, cx * d.x + cy * d.y + cz * d.z);
    }
  }
  const capAngle = Math.min(Math.PI / 2, Math.acos(Math.min(1, minDot)) * CAP_MARGIN + 1e-12);
  return { cx, cy, cz, capAngle, capCos: Math.cos(capAngle), capSin: Math.sin(capAngle) };
}

/**
 * Bounding sphere [x, y, z, r] of the node's directions between radii rMin and rMax, into `out`:
 * the box [rMin·cos α, rMax] (axial) × ±rMax·sin α (lateral) in the centre direction's frame.
 */
export function nodeSphere(g: NodeGeometry, rMin: number, rMax: number, out: Float64Array): Float64Array {
  const ca = g.capCos;
  const sa = g.capSin;
  const lo = rMin * ca;
  const mid = (lo + rMax) / 2;
  const half = (rMax - lo) / 2;
  const lat = rMax * sa;
  out[0] = g.cx * mid;
  out[1] = g.cy * mid;
  out[2] = g.cz * mid;
  out[3] = Math.sqrt(half * half + lat * lat);
  return out;
}

/**
 * Radii [rMin, rMax] that bound a node's children before their payloads arrive: the parent's
 * elevation range widened by that range on both sides (heuristic, at least 1 m). The selector asks
 * for children with it (Selector.wantChildren) and the disk read-ahead culls stored nodes with it
 * (Streamer), so both keep the same nodes. Into `out`.
 */
export function childRadii(
  radius: number,
  minHeight: number,
  maxHeight: number,
  out: Float64Array,
): Float64Array {
  const spread = Math.max(1, maxHeight - minHeight);
  out[0] = radius + minHeight - spread;
  out[1] = radius + maxHeight + spread;
  return out;
}
