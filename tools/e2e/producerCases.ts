// Patches the GPU producer's specs compare (ADR-0020): per body, levels around where the tail's
// level filter lets a band in, at cube corners, edges and inside faces; and the node across the
// east edge of a patch, same face or the adjacent one, for the seam tests.
import {
  BODIES,
  directionToFace,
  getBody,
  microPlan,
  patchDirections,
  type FaceCoord,
} from '@landfall/universe';
import { PATCH_GRID, levelFilterM } from '@landfall/streamer';

/** A node of a body, drawn under its level's filter. */
export interface ProducerCase {
  body: string;
  face: number;
  level: number;
  x: number;
  y: number;
}

/** First level whose filter is below `m` metres on a body of radius `r`. */
export function levelBelow(r: number, m: number): number {
  let l = 0;
  while (levelFilterM(r, l) >= m) l++;
  return l;
}

/**
 * Per body: a coarse patch (level 2: the tail filtered away), the first level whose filter is
 * below 4 m (the first grit octave and the top micro rung fade in), the next, and two at the first
 * level below 0.5 m (every band at full weight): a corner, an edge and face interiors.
 */
export function producerCases(): ProducerCase[] {
  const cases: ProducerCase[] = [];
  BODIES.forEach((b, i) => {
    const face = i % 6;
    const first = levelBelow(b.radius, 4);
    const finest = levelBelow(b.radius, 0.5);
    const last = (l: number): number => 2 ** l - 1;
    cases.push(
      { body: b.id, face, level: 2, x: 1, y: 2 },
      { body: b.id, face, level: first, x: 0, y: 0 },
      { body: b.id, face: (face + 1) % 6, level: first + 1, x: last(first + 1), y: 2 ** first },
      { body: b.id, face: (face + 2) % 6, level: finest, x: 12345 % 2 ** finest, y: last(finest) },
      { body: b.id, face: (face + 3) % 6, level: finest, x: (i * 7919) % 2 ** finest, y: 4321 % 2 ** finest },
    );
  });
  return cases;
}

/** The node across the east edge of (face, level, x, y): same face, or the adjacent face. */
export function eastNeighbour(face: number, level: number, x: number, y: number): ProducerCase {
  const d = patchDirections(face, level, x, y, PATCH_GRID, 0);
  const g = PATCH_GRID;
  const k = 3 * ((g >> 1) * g + g - 1);
  const k0 = k - 3;
  const out = { x: 2 * d[k] - d[k0], y: 2 * d[k + 1] - d[k0 + 1], z: 2 * d[k + 2] - d[k0 + 2] };
  const fc: FaceCoord = directionToFace(out, { face: 0, s: 0, t: 0 });
  const n = 2 ** level;
  return {
    body: '',
    face: fc.face,
    level,
    x: Math.min(n - 1, Math.floor(((fc.s + 1) / 2) * n)),
    y: Math.min(n - 1, Math.floor(((fc.t + 1) / 2) * n)),
  };
}

/**
 * Per pair of patches that share an edge (same float64 directions on both), the index pairs of the
 * shared vertices: [k in a, k in b].
 */
export function sharedVertices(a: ProducerCase, b: ProducerCase): [number, number][] {
  const da = patchDirections(a.face, a.level, a.x, a.y, PATCH_GRID, 0);
  const db = patchDirections(b.face, b.level, b.x, b.y, PATCH_GRID, 0);
  const key = (d: Float64Array, k: number): string => `${d[3 * k]},${d[3 * k + 1]},${d[3 * k + 2]}`;
  const inB = new Map<string, number>();
  for (let k = 0; k < PATCH_GRID * PATCH_GRID; k++) inB.set(key(db, k), k);
  const shared: [number, number][] = [];
  for (let k = 0; k < PATCH_GRID * PATCH_GRID; k++) {
    const kb = inB.get(key(da, k));
    if (kb !== undefined) shared.push([k, kb]);
  }
  return shared;
}

/**
 * A case's patch directions moved onto bounds of universe's micro cell box (microPlan.ts
 * microCellBox: per axis floor((P ∓ e) / c), P = d·R, e = reach + (|d| + 0.01)·halfShell), for the
 * GPU micro crater spec. Sample k works on rung k mod 3, axis ⌊k/3⌋ mod 3, the low bound for even
 * ⌊k/9⌋ and the high for odd: the axis component solved for P ∓ e = n·c (n the nearest boundary),
 * then stepped −1, 0 or +1 float64 ulps (⌊k/18⌋ mod 3), so within ≈ 1e-9 cells of the boundary on
 * either side (`gap`: the largest distance, cells); the other two components are rescaled to keep
 * |dir| = 1. `plainMisses` counts samples whose plain float32 bound
 * floor(f32(f32(hi ∓ e)·f32(1/c))), e evaluated as microKernel.ts does, is not the CPU's.
 */
export interface BoundarySamples {
  dirs: number[];
  gap: number;
  plainMisses: number;
}

type MicroRungLike = ReturnType<typeof microPlan>['rungs'][number];

const stepBits = new Float64Array(1);
const stepInt = new BigInt64Array(stepBits.buffer);

/** x (≠ 0) moved by `steps` float64 ulps (toward larger |x| for steps > 0). */
function ulpStep(x: number, steps: number): number {
  stepBits[0] = x;
  stepInt[0] += BigInt(steps);
  return stepBits[0];
}

/** The axis component d (sign of d0 first) with d·R + side·(reach + (|d| + 0.01)·hs) = n·c; NaN if none. */
function solveAxis(d0: number, n: number, R: number, rung: MicroRungLike, side: number): number {
  const { cell: c, reach, halfShell: hs } = rung;
  for (const sg of d0 < 0 ? [-1, 1] : [1, -1]) {
    const x = (n * c - side * (reach + 0.01 * hs)) / (R + side * sg * hs);
    if (Math.sign(x) === sg) return x;
  }
  return NaN;
}

/** Whether the plain float32 bound on `side` differs from universe's floor((P + side·e) / c). */
function plainMiss(d: number, R: number, rung: MicroRungLike, side: number): boolean {
  const f = Math.fround;
  const P = d * R;
  const hi = f(P);
  const lo = f(P - hi);
  const invR = f(1 / R);
  const d32 = f(f(hi * invR) + f(lo * invR));
  const e32 = f(f(rung.reach) + f(f(Math.abs(d32) + f(0.01)) * f(rung.halfShell)));
  const plain = Math.floor(f(f(hi + side * e32) * f(1 / rung.cell)));
  return plain !== Math.floor((P + side * (rung.reach + (Math.abs(d) + 0.01) * rung.halfShell)) / rung.cell);
}

/** The boundary samples of case `c` (see `BoundarySamples`). */
export function boundarySamples(c: ProducerCase): BoundarySamples {
  const plan = microPlan(getBody(c.body));
  const R = plan.radius;
  const dirs = patchDirections(c.face, c.level, c.x, c.y, PATCH_GRID, 0);
  let gap = 0;
  let plainMisses = 0;
  for (let k = 0; k < PATCH_GRID * PATCH_GRID; k++) {
    const rung = plan.rungs[k % plan.rungs.length];
    const a = Math.floor(k / 3) % 3;
    const side = Math.floor(k / 9) % 2 === 0 ? -1 : 1;
    const { reach, halfShell: hs, cell } = rung;
    const d0 = dirs[3 * k + a];
    const n = Math.round((d0 * R + side * (reach + (Math.abs(d0) + 0.01) * hs)) / cell);
    const d = ulpStep(solveAxis(d0, n, R, rung, side), (Math.floor(k / 18) % 3) - 1);
    const b = 3 * k + ((a + 1) % 3);
    const q = 3 * k + ((a + 2) % 3);
    const rest = dirs[b] * dirs[b] + dirs[q] * dirs[q];
    if (!(Math.abs(d) < 1) || rest === 0) continue;
    const scale = Math.sqrt((1 - d * d) / rest);
    dirs[3 * k + a] = d;
    dirs[b] *= scale;
    dirs[q] *= scale;
    const e = reach + (Math.abs(d) + 0.01) * hs;
    gap = Math.max(gap, Math.abs(d * R + side * e - n * cell) / cell);
    if (plainMiss(d, R, rung, side)) plainMisses++;
  }
  return { dirs: Array.from(dirs), gap, plainMisses };
}

const EUROPA_FINEST = levelBelow(getBody('europa').radius, 0.5);
const lastNode = (level: number): number => 2 ** level - 1;

/**
 * Europa nodes for the ridge and stain specs (ADR-0020 items 24, 26): from level 4 (every ridge
 * filtered out) through 5–6 (the widest fading in, the lineae widened and faded) to the finest, at
 * a cube corner and edges and inside the ridged plains.
 */
export const EUROPA_BAND_CASES: readonly ProducerCase[] = [
  { body: 'europa', face: 0, level: 4, x: 3, y: 9 },
  // Where the widest ridges fade in under the level filter (partial filter weights).
  { body: 'europa', face: 4, level: 5, x: 9, y: 8 },
  { body: 'europa', face: 2, level: 5, x: 20, y: 11 },
  { body: 'europa', face: 2, level: 6, x: 40, y: 22 },
  { body: 'europa', face: 1, level: 7, x: lastNode(7), y: lastNode(7) },
  { body: 'europa', face: 3, level: 8, x: 100, y: 0 },
  { body: 'europa', face: 4, level: 9, x: 301, y: 260 },
  { body: 'europa', face: 5, level: 11, x: 1200, y: 880 },
  // Inside the ridged plains of the level-11 patch above, finer (a patch of it at 13 and the finest).
  { body: 'europa', face: 5, level: 13, x: 4801, y: 3521 },
  {
    body: 'europa',
    face: 5,
    level: EUROPA_FINEST,
    x: 1200 * 2 ** (EUROPA_FINEST - 11) + 7,
    y: 880 * 2 ** (EUROPA_FINEST - 11) + 9,
  },
  { body: 'europa', face: 0, level: EUROPA_FINEST, x: lastNode(EUROPA_FINEST), y: 12345 },
];
