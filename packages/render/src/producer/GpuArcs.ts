/**
 * Mercury's lobate scarps for the GPU producer's compose kernel (ADR-0020 item 20): per patch, the
 * arcs of every octave (universe `scarpOctaves`) of every lattice block its samples fall in
 * (`blockArcs`), sorted by octave, then cell (z-major, y, x) and slot — the order `gatherArcs` sums
 * each sample's arcs in, so a vertex two patches share sums the same arcs in the same order from
 * both. The kernel admits an arc by |P − C|² < reach² and evaluates lobateScarps.ts's profile; arcs a
 * sample does not reach contribute exactly nothing there (their support lies inside the reach).
 *
 * The batch buffer (vec4 of f32): per patch a header (the canyon walls' filter chord, first arc, arc
 * count, 0), then ARC_RECORD_VEC4 vec4 per arc: (C_hi.xyz, c·n − k), (C_lo.xyz, c·t), (n, 1/σ),
 * (t, side/sHalf), (uHalf, height, reach² in m², 0) — the centre as the split words of C·R.
 */
import {
  ARC_STRIDE,
  blockArcs,
  bodyLandforms,
  scarpArcTerms,
  scarpOctaves,
  type ArcOctave,
  type Body,
} from '@landfall/universe';

/** vec4 of one arc record. */
export const ARC_RECORD_VEC4 = 5;

/** The packed batch: headers (one vec4 per patch) then the arcs. */
export function arcBatch(
  patches: readonly { body: Body; dirs: Float64Array; filterChord: number }[],
): Float32Array {
  const lists = patches.map((p) => patchArcs(p.body, p.dirs));
  const total = lists.reduce((n, l) => n + l.length, 0);
  const out = new Float32Array(4 * (patches.length + ARC_RECORD_VEC4 * Math.max(1, total)));
  let next = 0;
  patches.forEach((p, i) => {
    out[4 * i] = p.filterChord;
    out[4 * i + 1] = next;
    out[4 * i + 2] = lists[i].length;
    for (const rec of lists[i]) out.set(rec, 4 * (patches.length + ARC_RECORD_VEC4 * next++));
  });
  return out;
}

const terms = { side: 0, uHalf: 0, height: 0 };

/** Cell indices of a lattice within ±CELL_SPAN, slots below SLOT_SPAN: the numeric keys below. */
const CELL_SPAN = 1024;
const SLOT_SPAN = 64;

/** A number ordering (c, b, a) lexicographically (each a cell index within ±CELL_SPAN). */
function cellKey(a: number, b: number, c: number): number {
  return ((c + CELL_SPAN) * 2 * CELL_SPAN + (b + CELL_SPAN)) * 2 * CELL_SPAN + (a + CELL_SPAN);
}

/** The arc records of `dirs` (unit directions) of `body`, in canonical order; none without scarps. */
function patchArcs(body: Body, dirs: Float64Array): Float32Array[] {
  if (!bodyLandforms(body).scarps) return [];
  const R = body.radius;
  const out: Float32Array[] = [];
  for (const oct of scarpOctaves(body))
    for (const arc of latticeArcs(oct.lattice, dirs)) out.push(arcRecord(arc, 0, R, oct));
  return out;
}

/**
 * Every arc of lattice octave `o` in the blocks that `dirs` (unit directions) fall in, once each,
 * as its ARC_STRIDE words, in canonical order: cell (z-major, y, x), then slot — the order
 * `gatherArcs` finds a sample's arcs in.
 */
export function latticeArcs(o: Readonly<ArcOctave>, dirs: Float64Array): Float64Array[] {
  if (!(o.freq + 2 < CELL_SPAN)) throw new RangeError(`arcBatch: lattice frequency ${o.freq} too high`);
  const blocks = new Set<number>();
  // Numeric keys: (iz, iy, ix, slot) in lexicographic order — gatherArcs's summation order.
  const seen = new Map<number, Float64Array>();
  let last = NaN;
  for (let k = 0; k < dirs.length; k += 3) {
    const bx = Math.floor(o.freq * dirs[k] - 0.5);
    const by = Math.floor(o.freq * dirs[k + 1] - 0.5);
    const bz = Math.floor(o.freq * dirs[k + 2] - 0.5);
    const key = cellKey(bx, by, bz);
    if (key === last || blocks.has(key)) continue;
    last = key;
    blocks.add(key);
    const b = blockArcs(o, bx, by, bz);
    for (let i = 0; i < b.count; i++) {
      const [ix, iy, iz, slot] = b.keys.subarray(4 * i, 4 * i + 4);
      if (!(slot < SLOT_SPAN)) throw new RangeError(`arcBatch: slot ${slot} beyond ${SLOT_SPAN}`);
      const id = cellKey(ix, iy, iz) * SLOT_SPAN + slot;
      if (seen.has(id)) continue;
      seen.set(id, b.arcs.slice(ARC_STRIDE * i, ARC_STRIDE * (i + 1)));
    }
  }
  return [...seen.keys()].sort((a, b) => a - b).map((id) => seen.get(id) as Float64Array);
}

/** The first two vec4 of an arc record: (C_hi.xyz, c·n − k), (C_lo.xyz, c·t), C = c·R split. */
export function arcCentreWords(r: Float32Array, o: number, a: Float64Array, at: number, R: number): void {
  const [cx, cy, cz, nx, ny, nz, tx, ty, tz, k] = a.subarray(at, at + 10);
  [cx, cy, cz].forEach((c, q) => {
    const P = c * R;
    const hi = Math.fround(P);
    r[o + q] = hi;
    r[o + 4 + q] = P - hi;
  });
  r[o + 3] = cx * nx + cy * ny + cz * nz - k;
  r[o + 7] = cx * tx + cy * ty + cz * tz;
}

function arcRecord(
  a: Float64Array,
  at: number,
  R: number,
  oct: { sHalf: number; lattice: { reach: number } } & Parameters<typeof scarpArcTerms>[0],
): Float32Array {
  const r = new Float32Array(4 * ARC_RECORD_VEC4);
  arcCentreWords(r, 0, a, at, R);
  r.set(a.subarray(at + 3, at + 6), 8);
  r[11] = a[at + 10];
  r.set(a.subarray(at + 6, at + 9), 12);
  scarpArcTerms(oct, a[at + 11], terms);
  r[15] = terms.side / oct.sHalf;
  r[16] = terms.uHalf;
  r[17] = terms.height;
  r[18] = oct.lattice.reach * oct.lattice.reach * R * R;
  return r;
}
