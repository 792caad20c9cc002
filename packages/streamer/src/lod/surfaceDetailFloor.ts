/**
 * The per-body depth cap (ADR-0008): refine while a grid cell's midpoint (drawn surface position)
 * differs from the bilinear interpolation of its corners' positions by more than DETAIL_TOLERANCE_M, probed on the drawn field at
 * DETAIL_PROBES deterministic cells per level. The cap is the first level at which this level and
 * the next both stay within the tolerance everywhere probed (one quiet level alone can be luck).
 */
import { drawnBatch, faceToDirection, hash3, unitFromHash, type Body, type Vec3 } from '@landfall/universe';
import { MAX_NODE_LEVEL } from '../quadtree/NodeKey';

/** Midpoint-vs-bilinear tolerance of the detail-floor probe, m (ADR-0008). */
export const DETAIL_TOLERANCE_M = 0.01;
/** Cells probed per level (ADR-0008). */
export const DETAIL_PROBES = 64;
/** Pass id of the probe's hash stream (ADR-0002 pass ids are per package; 0x5354 = "ST"). */
const PROBE_PASS = 0x5354;

export interface DetailFloor {
  /** Deepest node level the streamer refines to on this body. */
  maxLevel: number;
  /** Mean grid-cell edge at `maxLevel`, m: the finest mesh spacing drawn. */
  detailFloorM: number;
  /** Largest midpoint deviation found at each level 0 … MAX_NODE_LEVEL, m. */
  deviation: Float64Array;
}

const dir: Vec3 = { x: 0, y: 0, z: 0 };

/** Probes `body`'s drawn field; `tolerance` defaults to DETAIL_TOLERANCE_M. */
export function surfaceDetailFloor(body: Body, tolerance = DETAIL_TOLERANCE_M): DetailFloor {
  if (!(tolerance > 0)) throw new RangeError(`detail tolerance ${tolerance} must be positive`);
  const n = DETAIL_PROBES;
  const dirs = new Float64Array(3 * 5 * n);
  const h = new Float64Array(5 * n);
  const deviation = new Float64Array(MAX_NODE_LEVEL + 1);
  const cellEdge = new Float64Array(MAX_NODE_LEVEL + 1);
  const OFF = [
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
    [0.5, 0.5],
  ];
  for (let level = 0; level <= MAX_NODE_LEVEL; level++) {
    const ds = 2 / (2 ** level * 64);
    let edgeSum = 0;
    for (let k = 0; k < n; k++) {
      const face = k % 6;
      // Cell-aligned probe: cell (ci, cj) of the level's lattice, so corners are lattice points.
      const cells = 2 ** level * 64;
      const ci = Math.floor(unitFromHash(hash3(PROBE_PASS, level, 2 * k)) * cells);
      const cj = Math.floor(unitFromHash(hash3(PROBE_PASS, level, 2 * k + 1)) * cells);
      const s = -1 + ci * ds;
      const t = -1 + cj * ds;
      for (let c = 0; c < 5; c++) {
        faceToDirection(face, s + OFF[c][0] * ds, t + OFF[c][1] * ds, dir);
        const o = 3 * (5 * k + c);
        dirs[o] = dir.x;
        dirs[o + 1] = dir.y;
        dirs[o + 2] = dir.z;
      }
      const a = 15 * k;
      const dx = dirs[a + 3] - dirs[a];
      const dy = dirs[a + 4] - dirs[a + 1];
      const dz = dirs[a + 5] - dirs[a + 2];
      edgeSum += Math.sqrt(dx * dx + dy * dy + dz * dz) * body.radius;
    }
    drawnBatch(body, dirs, 5 * n, h, null);
    let worst = 0;
    for (let k = 0; k < n; k++) {
      // Positions, not heights: the flat cell's chord sag below the sphere is mesh error too.
      let d2 = 0;
      for (let q = 0; q < 3; q++) {
        let bilinear = 0;
        for (let c = 0; c < 4; c++) bilinear += dirs[15 * k + 3 * c + q] * (body.radius + h[5 * k + c]);
        const mid = dirs[15 * k + 12 + q] * (body.radius + h[5 * k + 4]);
        d2 += (mid - bilinear / 4) ** 2;
      }
      worst = Math.max(worst, Math.sqrt(d2));
    }
    deviation[level] = worst;
    cellEdge[level] = edgeSum / n;
  }
  let maxLevel = MAX_NODE_LEVEL;
  for (let l = 0; l < MAX_NODE_LEVEL; l++) {
    if (deviation[l] <= tolerance && deviation[l + 1] <= tolerance) {
      maxLevel = l;
      break;
    }
  }
  return { maxLevel, detailFloorM: cellEdge[maxLevel], deviation };
}
