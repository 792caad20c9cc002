/**
 * Same-level edge neighbours on the cube sphere (ADR-0008), within a face and across face edges.
 * The neighbour's centre is the node's centre moved one node span across the edge; a point that
 * leaves the face is folded over the cube edge onto the adjacent face (exact: frames are integer
 * vectors and (s, t) are dyadic), so every node has exactly four edge neighbours, also at the
 * eight cube corners. The diagonal neighbour across a corner is found the same way (none at a cube
 * corner, where three nodes meet); the level filter's corner overrides need it (lod/balance.ts).
 */
import { FACE_FRAMES } from '@landfall/universe';
import { NodeKey } from './NodeKey';

/** Edge indices: west (−s), east (+s), south (−t), north (+t). */
export const EDGE_WEST = 0;
export const EDGE_EAST = 1;
export const EDGE_SOUTH = 2;
export const EDGE_NORTH = 3;

const DS = [-1, 1, 0, 0];
const DT = [0, 0, -1, 1];

/** Face whose axis is the given integer unit vector. */
function faceOfAxis(x: number, y: number, z: number): number {
  for (let f = 0; f < 6; f++) {
    const a = FACE_FRAMES[f][0];
    if (a[0] === x && a[1] === y && a[2] === z) return f;
  }
  throw new Error(`no cube face has axis (${x}, ${y}, ${z})`);
}

/** The same-level node across `edge` (EDGE_WEST…EDGE_NORTH). */
export function edgeNeighbour(key: NodeKey, edge: number): NodeKey {
  return nodeAtOffset(key, DS[edge], DT[edge]) as NodeKey;
}

/** The s and t sign of each corner: south-west 0, south-east 1, north-west 2, north-east 3. */
export const CORNER_S = [-1, 1, -1, 1];
export const CORNER_T = [-1, -1, 1, 1];

/**
 * The same-level node diagonally across `corner` (0 south-west, 1 south-east, 2 north-west, 3 north-east), or null at a cube corner,
 * where only three nodes meet (the node and its two edge neighbours there).
 */
export function diagonalNeighbour(key: NodeKey, corner: number): NodeKey | null {
  return nodeAtOffset(key, CORNER_S[corner], CORNER_T[corner]);
}

/**
 * The same-level node whose centre is this node's centre moved (ds, dt) node spans (each −1, 0 or
 * 1), folded over a cube edge when it leaves the face; null when it leaves the face across both
 * coordinates (a cube corner).
 */
function nodeAtOffset(key: NodeKey, ds: number, dt: number): NodeKey | null {
  const span = key.span();
  const sc = key.s0() + span / 2 + ds * span;
  const tc = key.t0() + span / 2 + dt * span;
  const n = 2 ** key.level;
  const sOut = sc <= -1 || sc >= 1;
  const tOut = tc <= -1 || tc >= 1;
  if (!sOut && !tOut) {
    return new NodeKey(key.face, key.level, Math.floor((sc + 1) / span), Math.floor((tc + 1) / span));
  }
  if (sOut && tOut) return null;
  const [a, u, v] = FACE_FRAMES[key.face];
  // Fold the cube point a + s·u + t·v over the edge: the excess e goes down the adjacent face.
  let px: number, py: number, pz: number, nf: number;
  if (sOut) {
    const sg = sc > 0 ? 1 : -1;
    const e = Math.abs(sc) - 1;
    px = a[0] * (1 - e) + sg * u[0] + tc * v[0];
    py = a[1] * (1 - e) + sg * u[1] + tc * v[1];
    pz = a[2] * (1 - e) + sg * u[2] + tc * v[2];
    nf = faceOfAxis(sg * u[0], sg * u[1], sg * u[2]);
  } else {
    const sg = tc > 0 ? 1 : -1;
    const e = Math.abs(tc) - 1;
    px = a[0] * (1 - e) + sc * u[0] + sg * v[0];
    py = a[1] * (1 - e) + sc * u[1] + sg * v[1];
    pz = a[2] * (1 - e) + sc * u[2] + sg * v[2];
    nf = faceOfAxis(sg * v[0], sg * v[1], sg * v[2]);
  }
  const [, u2, v2] = FACE_FRAMES[nf];
  const s2 = px * u2[0] + py * u2[1] + pz * u2[2];
  const t2 = px * v2[0] + py * v2[1] + pz * v2[2];
  const x = Math.min(n - 1, Math.floor((s2 + 1) / span));
  const y = Math.min(n - 1, Math.floor((t2 + 1) / span));
  return new NodeKey(nf, key.level, x, y);
}
