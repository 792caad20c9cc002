// Patches the GPU producer's specs compare (ADR-0020): per body, levels around where the tail's
// level filter lets a band in, at cube corners, edges and inside faces; and the node across the
// east edge of a patch, same face or the adjacent one, for the seam tests.
import { BODIES, directionToFace, patchDirections, type FaceCoord } from '@landfall/universe';
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
