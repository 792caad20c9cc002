/**
 * The universe's rocks near an eye, packed for a worker's answer (ADR-0013): for each size class
 * (ADR-0007) only the cells of its slot grid within that class's range (`ranges[c]`, m, given by
 * the caller: the renderer's tier range plus its re-query margin) of the eye, in the eye's region
 * and its eight neighbours on the same face. Cells are resolved in aligned blocks of about
 * BLOCK_M (one contiguous slot range each, Morton order): the drawn field reads compact sets of
 * directions several times faster. Coarse classes come first, so a capped list drops pebbles
 * before boulders. Pure universe code, a point function of (body, eye, ranges): the same bits in a
 * worker and on the main thread.
 *
 * Packed layout, ROCK_STRIDE float64 per rock: position xyz (body-fixed m), rotation xyzw,
 * scale xyz (m), shape, tone, burial.
 */
import {
  directionToFace,
  faceToDirection,
  regionGrid,
  regionScatter,
  ROCK_CLASSES,
  rockCellSlot,
  rockClassCells,
  rockClassMinDiameter,
  rockClassSlots,
  type Body,
  type FaceCoord,
  type Region,
} from '@landfall/universe';

/** Float64 values per packed rock (ADR-0013). */
export const ROCK_STRIDE = 13;
/** Edge of the blocks of cells resolved per call, m (nominal). */
const BLOCK_M = 16;
/** Rocks per class grow the output by this many at a time. */
const GROW = 1024;

const fc: FaceCoord = { face: 0, s: 0, t: 0 };
const a = { x: 0, y: 0, z: 0 };
const b = { x: 0, y: 0, z: 0 };

/** Shortest edge of `region` in m (the warp makes regions 0.8 … 1 of REGION_SIZE_M across). */
function shortestEdge(body: Body, r: Region, n: number): number {
  const s0 = -1 + (2 * r.i) / n;
  const t0 = -1 + (2 * r.j) / n;
  let best = Infinity;
  for (const [s1, t1, s2, t2] of [
    [s0, t0, s0 + 2 / n, t0],
    [s0, t0, s0, t0 + 2 / n],
    [s0 + 2 / n, t0, s0 + 2 / n, t0 + 2 / n],
    [s0, t0 + 2 / n, s0 + 2 / n, t0 + 2 / n],
  ]) {
    faceToDirection(r.face, s1, t1, a);
    faceToDirection(r.face, s2, t2, b);
    best = Math.min(best, Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z) * body.radius);
  }
  return best;
}

/**
 * Every rock of class c within `ranges[c]` m of body-fixed `eye`, coarse classes first, packed
 * (ROCK_STRIDE per rock; the array's length is exactly the rocks'). Throws on a malformed input.
 */
export function rocksNearPacked(body: Body, eye: ArrayLike<number>, ranges: ArrayLike<number>): Float64Array {
  if (eye.length !== 3 || !(Math.abs(eye[0]) + Math.abs(eye[1]) + Math.abs(eye[2]) > 0))
    throw new Error(
      `rocksNear: eye must be three finite numbers, not all zero (got ${String(eye.length)} values)`,
    );
  if (ranges.length !== ROCK_CLASSES)
    throw new Error(
      `rocksNear: ranges must hold ${ROCK_CLASSES} values (one per size class), got ${ranges.length}`,
    );
  const r = Math.sqrt(eye[0] * eye[0] + eye[1] * eye[1] + eye[2] * eye[2]);
  directionToFace({ x: eye[0] / r, y: eye[1] / r, z: eye[2] / r }, fc);
  const n = regionGrid(body);
  // The eye in region units of its face.
  const es = ((fc.s + 1) / 2) * n;
  const et = ((fc.t + 1) / 2) * n;
  const ci0 = Math.min(n - 1, Math.max(0, Math.floor(es)));
  const cj0 = Math.min(n - 1, Math.max(0, Math.floor(et)));
  let out = new Float64Array(GROW * ROCK_STRIDE);
  let k = 0;
  for (let c = ROCK_CLASSES - 1; c >= 0; c--) {
    const range = ranges[c];
    const e = rockClassCells(c);
    for (let dj = -1; dj <= 1; dj++) {
      for (let di = -1; di <= 1; di++) {
        const region: Region = { face: fc.face, i: ci0 + di, j: cj0 + dj };
        if (region.i < 0 || region.j < 0 || region.i >= n || region.j >= n) continue;
        // Cells within range: the eye in this region's cell units, ± range over the shortest cell edge.
        const reach = (range / shortestEdge(body, region, n)) * e + 1;
        const x = (es - region.i) * e;
        const y = (et - region.j) * e;
        const i0 = Math.max(0, Math.floor(x - reach));
        const i1 = Math.min(e, Math.ceil(x + reach));
        const j0 = Math.max(0, Math.floor(y - reach));
        const j1 = Math.min(e, Math.ceil(y + reach));
        // Aligned blocks of bs × bs cells (bs = BLOCK_M / cell edge, at least 1) overlapping the box.
        const bs = Math.max(1, Math.min(e, Math.floor(BLOCK_M / rockClassMinDiameter(c) / 32)));
        for (let bj = Math.floor(j0 / bs) * bs; bj < j1; bj += bs) {
          for (let bi = Math.floor(i0 / bs) * bs; bi < i1; bi += bs) {
            // Nearest point of the block to the eye, in cells: skip blocks out of reach.
            const qx = Math.max(bi, Math.min(x, bi + bs)) - x;
            const qy = Math.max(bj, Math.min(y, bj + bs)) - y;
            if (qx * qx + qy * qy > reach * reach) continue;
            const first = rockCellSlot(c, bi, bj);
            const slots: [number, number] = [first, first + bs * bs * rockClassSlots(c)];
            for (const rock of regionScatter(body, region, slots)) {
              const p = rock.position;
              const dx = p.x - eye[0];
              const dy = p.y - eye[1];
              const dz = p.z - eye[2];
              if (dx * dx + dy * dy + dz * dz > range * range) continue;
              if (k + ROCK_STRIDE > out.length) {
                const grown = new Float64Array(out.length * 2);
                grown.set(out);
                out = grown;
              }
              out[k] = p.x;
              out[k + 1] = p.y;
              out[k + 2] = p.z;
              out[k + 3] = rock.rotation.x;
              out[k + 4] = rock.rotation.y;
              out[k + 5] = rock.rotation.z;
              out[k + 6] = rock.rotation.w;
              out[k + 7] = rock.scale.x;
              out[k + 8] = rock.scale.y;
              out[k + 9] = rock.scale.z;
              out[k + 10] = rock.shape;
              out[k + 11] = rock.tone;
              out[k + 12] = rock.burial;
              k += ROCK_STRIDE;
            }
          }
        }
      }
    }
  }
  return out.slice(0, k);
}
