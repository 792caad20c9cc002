// Seams on random trees: neighbouring patches share edge vertices bit-for-bit (directions,
// heights and float64 positions, before quantisation) within a face, across face edges and at the
// cube's corners; across a one-level step the fine edge's morph targets are bit-equal to the
// coarse edge's mesh. Fully morphed children equal their parent's mesh within the stated bound.
import { describe, expect, it } from 'vitest';
import { getBody } from '@landfall/universe';
import { levelFilterM } from './levelFilter';
import { NodeKey } from '../quadtree/NodeKey';
import { edgeNeighbour } from '../quadtree/edgeNeighbour';
import { generateHeightfield, heightfieldDebug, type HeightfieldDebug } from './generateHeightfield';
import {
  OFFSET_COVER,
  OFFSET_MORPH,
  OFFSET_POSITION,
  PATCH_GRID,
  PATCH_VERTEX_STRIDE,
  type PatchPayload,
} from './PatchFormat';

const G = PATCH_GRID;

function rng(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

/** Node `key` of `body`; `filtered`: under its level's filter (ADR-0006), else the full field. */
function gen(body: string, key: NodeKey, filtered = false): { p: PatchPayload; d: HeightfieldDebug } {
  const d = heightfieldDebug();
  const filterM = filtered ? levelFilterM(getBody(body).radius, key.level) : 0;
  const p = generateHeightfield({ body, face: key.face, level: key.level, x: key.x, y: key.y, filterM }, d);
  return { p, d };
}

/** Vertex indices along edge e (west, east, south, north) in increasing n. */
function edgeIndex(e: number, n: number): number {
  const i = e === 0 ? 0 : e === 1 ? G - 1 : n;
  const j = e === 2 ? 0 : e === 3 ? G - 1 : n;
  return j * G + i;
}

function facingEdge(n: NodeKey, a: NodeKey): number {
  for (let e = 0; e < 4; e++)
    if (
      edgeNeighbour(n, e)
        .ancestorAt(Math.min(a.level, n.level))
        .equals(a.ancestorAt(Math.min(a.level, n.level)))
    )
      return e;
  throw new Error(`${n} does not touch ${a}`);
}

/** Exact bit strings of an edge's vertices: direction, height and float64 position. */
function edgeBits(d: HeightfieldDebug, e: number, arr: 'pos' | 'tgt'): string[] {
  const out: string[] = [];
  const src = arr === 'pos' ? d.positions : d.targets;
  for (let n = 0; n < G; n++) {
    const k = edgeIndex(e, n);
    const dir = [d.samples.dirs[3 * k], d.samples.dirs[3 * k + 1], d.samples.dirs[3 * k + 2]];
    const extra = arr === 'pos' ? `${dir.join(',')}|${d.samples.heights[k]}|` : '';
    out.push(`${extra}${src[3 * k]},${src[3 * k + 1]},${src[3 * k + 2]}`);
  }
  return out;
}

const BODIES = ['luna', 'mars', 'miranda'];

describe('patch seams', { timeout: 240000 }, () => {
  it('same-level neighbours share edge vertices bit-for-bit (random nodes, all faces)', () => {
    const r = rng(11);
    let crossFace = 0;
    // Levels 5…16: coarse patches cost up to seconds each with the real field.
    for (let k = 0; k < 24; k++) {
      const level = 5 + r(12);
      const n = 2 ** level;
      // Bias to face borders so face edges and corners are exercised.
      const pick = () => (r(3) === 0 ? 0 : r(3) === 0 ? n - 1 : r(n));
      const a = new NodeKey(r(6), level, pick(), pick());
      const e = r(4);
      const b = edgeNeighbour(a, e);
      if (b.face !== a.face) crossFace++;
      const body = BODIES[k % 3];
      const A = gen(body, a);
      const B = gen(body, b);
      const eb = facingEdge(b, a);
      const sa = edgeBits(A.d, e, 'pos');
      const sb = edgeBits(B.d, eb, 'pos');
      expect(new Set(sa), `${a} edge ${e} vs ${b} edge ${eb}`).toEqual(new Set(sb));
      expect(sa.length).toBe(G);
    }
    expect(crossFace).toBeGreaterThan(3);
  });

  it('at the eight cube corners, the three corner nodes share the corner vertex bit-for-bit', () => {
    const level = 9;
    const m = 2 ** level - 1;
    const corners = new Map<string, number>();
    for (let f = 0; f < 6; f++) {
      for (const [x, y] of [
        [0, 0],
        [m, 0],
        [0, m],
        [m, m],
      ]) {
        const { d } = gen('luna', new NodeKey(f, level, x, y));
        const i = x === 0 ? 0 : G - 1;
        const j = y === 0 ? 0 : G - 1;
        const k = j * G + i;
        const key = `${d.positions[3 * k]},${d.positions[3 * k + 1]},${d.positions[3 * k + 2]}`;
        corners.set(key, (corners.get(key) ?? 0) + 1);
      }
    }
    expect(corners.size).toBe(8);
    for (const c of corners.values()) expect(c).toBe(3);
  });

  it.each([false, true])(
    'across a level step the fine edge, fully morphed, is bit-equal to the coarse edge mesh (level filter: %s)',
    (filtered) => {
      const r = rng(5);
      for (let k = 0; k < 16; k++) {
        const level = 5 + r(10);
        const n = 2 ** level;
        const pick = () => (r(2) === 0 ? (r(2) ? 0 : n - 1) : r(n));
        const fine = new NodeKey(r(6), level, pick(), pick());
        const e = r(4);
        const coarse = edgeNeighbour(fine, e).parent() as NodeKey;
        if (coarse.contains(fine) || fine.parent()?.equals(coarse)) continue;
        const F = gen('luna', fine, filtered);
        const C = gen('luna', coarse, filtered);
        const ec = facingEdge(coarse, fine);
        const cpos = edgeBits(C.d, ec, 'pos').map((s) => s.split('|')[2]);
        // Coarse edge mesh: its vertices and the midpoints of consecutive ones.
        const cv: number[][] = [];
        for (let q = 0; q < G; q++) {
          const kk = edgeIndex(ec, q);
          cv.push([C.d.positions[3 * kk], C.d.positions[3 * kk + 1], C.d.positions[3 * kk + 2]]);
        }
        const mesh = new Set(cpos);
        for (let q = 0; q + 1 < G; q++) mesh.add(cv[q].map((v, i) => (v + cv[q + 1][i]) / 2).join(','));
        const targets = edgeBits(F.d, e, 'tgt');
        for (const t of targets) expect(mesh.has(t), `${fine} edge ${e} target ${t} vs ${coarse}`).toBe(true);
      }
    },
  );

  it.each([false, true])(
    'a fully morphed child equals its parent mesh within morphScale/2 + float32 rounding (level filter: %s)',
    (filtered) => {
      const r = rng(23);
      let strong = 0;
      for (let k = 0; k < 12; k++) {
        const level = 5 + r(8);
        const n = 2 ** level;
        const child = new NodeKey(r(6), level, r(n), r(n));
        const parent = child.parent() as NodeKey;
        const body = BODIES[k % 3];
        const { p: cp } = gen(body, child, filtered);
        const { p: pp } = gen(body, parent, filtered);
        const cv = new DataView(cp.vertices);
        const pv = new DataView(pp.vertices);
        const ox = (child.x & 1) * 32;
        const oy = (child.y & 1) * 32;
        const parentPos = (i: number, j: number, q: number) =>
          pp.anchor[q] + pv.getFloat32((j * G + i) * PATCH_VERTEX_STRIDE + OFFSET_POSITION + 4 * q, true);
        // Bound: int16 rounding (morphScale/2) plus float32 rounding of both local positions
        // (2^-24 relative to each patch's bounding radius, doubled for safety).
        const tol = cp.morphScale / 2 + 2 ** -23 * (cp.boundingRadius + pp.boundingRadius);
        let worst = 0;
        for (let j = 0; j < G; j++) {
          for (let i = 0; i < G; i++) {
            const o = (j * G + i) * PATCH_VERTEX_STRIDE;
            // Parent mesh at child vertex (i, j): parent lattice (ox + i/2, oy + j/2).
            const pi0 = ox + Math.floor(i / 2);
            const pj0 = oy + Math.floor(j / 2);
            for (let q = 0; q < 3; q++) {
              const morphed =
                cp.anchor[q] +
                cv.getFloat32(o + OFFSET_POSITION + 4 * q, true) +
                cv.getInt16(o + OFFSET_MORPH + 2 * q, true) * cp.morphScale;
              let want: number;
              if (i % 2 === 0 && j % 2 === 0) want = parentPos(pi0, pj0, q);
              else if (i % 2 === 1 && j % 2 === 0)
                want = (parentPos(pi0, pj0, q) + parentPos(pi0 + 1, pj0, q)) / 2;
              else if (i % 2 === 0) want = (parentPos(pi0, pj0, q) + parentPos(pi0, pj0 + 1, q)) / 2;
              else want = (parentPos(pi0, pj0, q) + parentPos(pi0 + 1, pj0 + 1, q)) / 2;
              worst = Math.max(worst, Math.abs(morphed - want));
            }
          }
        }
        expect(worst, `${body} ${child}`).toBeLessThanOrEqual(tol);
        if (cp.morphScale * 32767 > 10 * tol) strong++;
      }
      // Teeth: in most cases the morph moves vertices by far more than the tolerance.
      expect(strong).toBeGreaterThanOrEqual(8);
    },
  );
});

describe('patch morph targets under the level filter (ADR-0006)', { timeout: 240000 }, () => {
  it("every vertex's morph target is its parent's own mesh, bit for bit (even/even ones included)", () => {
    const r = rng(31);
    let moved = 0;
    for (let k = 0; k < 9; k++) {
      const level = 3 + r(14);
      const n = 2 ** level;
      const child = new NodeKey(r(6), level, r(n), r(n));
      const parent = child.parent() as NodeKey;
      const body = BODIES[k % 3];
      const C = gen(body, child, true);
      const P = gen(body, parent, true);
      const ox = (child.x & 1) * 32;
      const oy = (child.y & 1) * 32;
      // The parent's float64 vertex (pi, pj), component q: the truth is the parent patch itself.
      const pp = (pi: number, pj: number, q: number) => P.d.positions[3 * (pj * G + pi) + q];
      for (let j = 0; j < G; j++) {
        for (let i = 0; i < G; i++) {
          const pi0 = ox + Math.floor(i / 2);
          const pj0 = oy + Math.floor(j / 2);
          const di = i % 2;
          const dj = j % 2;
          for (let q = 0; q < 3; q++) {
            const want =
              di === 0 && dj === 0 ? pp(pi0, pj0, q) : (pp(pi0, pj0, q) + pp(pi0 + di, pj0 + dj, q)) / 2;
            const got = C.d.targets[3 * (j * G + i) + q];
            if (!Object.is(got, want)) expect(got, `${body} ${child} (${i}, ${j})[${q}]`).toBe(want);
          }
          // Teeth: the filter moves shared vertices (the child's own height is not its parent's).
          if (di === 0 && dj === 0 && C.d.positions[3 * (j * G + i)] !== C.d.targets[3 * (j * G + i)])
            moved++;
        }
      }
    }
    expect(moved).toBeGreaterThan(1000);
  });

  it('filterM 0 (the default) draws the full field (the drawn field without a filter)', async () => {
    const { drawnBatch, getBody } = await import('@landfall/universe');
    const key = new NodeKey(1, 6, 20, 41);
    const d = heightfieldDebug();
    generateHeightfield({ body: 'luna', face: 1, level: 6, x: 20, y: 41, filterM: 0 }, d);
    const h = new Float64Array(G * G);
    drawnBatch(getBody('luna'), d.samples.dirs, G * G, h, null);
    for (let k = 0; k < G * G; k++) expect(Object.is(d.samples.heights[k], h[k])).toBe(true);
    // And the level's own filter draws less: the coarse patch differs from the full field.
    const f = gen('luna', key, true);
    let differ = 0;
    for (let k = 0; k < G * G; k++) if (f.d.samples.heights[k] !== h[k]) differ++;
    expect(differ).toBeGreaterThan((G * G) / 2);
  });

  it('a bad filterM gets a RangeError naming it', () => {
    for (const bad of [-1, Number.NaN])
      expect(() =>
        generateHeightfield({ body: 'luna', face: 0, level: 3, x: 1, y: 1, filterM: bad }),
      ).toThrow(/filterM/);
  });
});

describe('patch cover bytes', { timeout: 240000 }, () => {
  it('are universe coverAt of each vertex (from the field, so equal on shared edges)', async () => {
    const { coverAt, getBody } = await import('@landfall/universe');
    // coverAt reads the full field; a patch reads the field under its request's filter, so the
    // request asks for the full field (filterM 0) here.
    const d = heightfieldDebug();
    const p = generateHeightfield({ body: 'mars', face: 2, level: 9, x: 300, y: 200, filterM: 0 }, d);
    const v = new DataView(p.vertices);
    const out = new Uint8Array(2);
    let nonZero = 0;
    for (let k = 0; k < G * G; k += 97) {
      const dir = { x: d.samples.dirs[3 * k], y: d.samples.dirs[3 * k + 1], z: d.samples.dirs[3 * k + 2] };
      coverAt(getBody('mars'), dir, out);
      expect(v.getUint8(k * PATCH_VERTEX_STRIDE + OFFSET_COVER)).toBe(out[0]);
      expect(v.getUint8(k * PATCH_VERTEX_STRIDE + OFFSET_COVER + 1)).toBe(out[1]);
      if (out[0] | out[1]) nonZero++;
    }
    expect(nonZero).toBeGreaterThan(0);
  });
});
