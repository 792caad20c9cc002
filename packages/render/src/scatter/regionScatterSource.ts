/**
 * The universe's rocks as a `ScatterSource` (ADR-0013): for each size class (ADR-0007), only the
 * cells of its slot grid that come within the class's tier range (rockTiers.ts) plus the margin of
 * the eye, in the eye's region and its eight neighbours on the same face (regions are ~256 m, so
 * this covers every range except across a face edge, where the neighbour face's regions are not
 * consulted). A pebble class is resolved over a few hundred square metres, boulders over the whole
 * rock range. Cells are asked for in aligned blocks of about BLOCK_M (one contiguous slot range
 * each, Morton order, ADR-0007): the drawn field reads compact sets of directions several times
 * faster. Coarse classes come first, so a capped list drops pebbles before boulders.
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
import type { ScatterRockLike, ScatterSource } from './ScatterRocks';
import { rockTier, tierFadeEnd } from './rockTiers';

const fc: FaceCoord = { face: 0, s: 0, t: 0 };
/** Edge of the blocks of cells resolved per call, m (nominal). */
const BLOCK_M = 16;
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

export const regionScatterSource: ScatterSource = {
  rocksNear(body: Body, eye: ArrayLike<number>, margin: number): ScatterRockLike[] {
    const r = Math.sqrt(eye[0] * eye[0] + eye[1] * eye[1] + eye[2] * eye[2]);
    directionToFace({ x: eye[0] / r, y: eye[1] / r, z: eye[2] / r }, fc);
    const n = regionGrid(body);
    // The eye in region units of its face.
    const es = ((fc.s + 1) / 2) * n;
    const et = ((fc.t + 1) / 2) * n;
    const ci0 = Math.min(n - 1, Math.max(0, Math.floor(es)));
    const cj0 = Math.min(n - 1, Math.max(0, Math.floor(et)));
    const out: ScatterRockLike[] = [];
    for (let c = ROCK_CLASSES - 1; c >= 0; c--) {
      const range = tierFadeEnd(rockTier(rockClassMinDiameter(c))) + margin;
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
                out.push({
                  position: [p.x, p.y, p.z],
                  rotation: [rock.rotation.x, rock.rotation.y, rock.rotation.z, rock.rotation.w],
                  scale: [rock.scale.x, rock.scale.y, rock.scale.z],
                  shape: rock.shape,
                  tone: rock.tone,
                  burial: rock.burial,
                });
              }
            }
          }
        }
      }
    }
    return out;
  },
};
