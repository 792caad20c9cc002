/**
 * Procedural arcs on the sphere for the bodies' own landforms (ADR-0018 "Body landforms"): the
 * arcs whose support may reach a direction p, drawn from a 3-D lattice of cells of side 1/F in
 * direction space.
 *
 *   cell (i, j, k) holds `perCell` candidate points q = ((i, j, k) + U³)/F, each hashed from
 *   (seed, cell, slot); a candidate exists when its existence draw < `chance` and |q| lies in the
 *   shell 1 ± ARC_SHELF/F (so arcs have uniform areal density), and sits at c = q/|q| on the sphere.
 *   Its arc is a small circle through c: pole n = k·c + σ·m (m ⟂ c a hashed unit vector, σ = √(1 − k²),
 *   k drawn in [kMin, kMax]; k = 0 is a great circle); across-arc coordinate s = (p·n − k)/σ
 *   (≈ the angle from the arc, rad), along-arc coordinate u = p·t, t = (n × c)/σ.
 *
 * Support: an arc's callers keep |p − c| < reach ≤ ARC_REACH_MAX/F; with the shell, every candidate
 * within reach of p lies in one of the 2×2×2 cells floor(F·p − ½) + {0, 1} per axis, so those eight
 * are the only cells visited and no arc is cut by the lattice. Exact arithmetic only (+ − × ÷ √).
 */
import { hashCell3, rehash, unitFromHash } from '../math/hash';

/** Half-thickness of the candidate shell around the unit sphere, in cells (ADR-0018). */
export const ARC_SHELF = 0.2;
/** Largest support reach of an arc, in cells: ARC_SHELF + this ≤ ½ keeps the 8-cell stencil exact. */
export const ARC_REACH_MAX = 0.3;

/** Per-arc record: c (0–2), n (3–5), t (6–8), k (9), 1/σ (10), the arc's hash (11). */
export const ARC_STRIDE = 12;
/** At most 8 cells × ARC_MAX_PER_CELL candidates per gather. */
export const ARC_MAX_PER_CELL = 4;

export interface ArcSet {
  count: number;
  arcs: Float64Array;
}

export function arcSet(): ArcSet {
  return { count: 0, arcs: new Float64Array(8 * ARC_MAX_PER_CELL * ARC_STRIDE) };
}

/** One lattice octave of arcs: what `gatherArcs` draws. */
export interface ArcOctave {
  /** Stream seed (hash of body seed and pass). */
  seed: number;
  /** Cells per unit of direction space. */
  freq: number;
  perCell: number;
  /** Existence probability of each candidate. */
  chance: number;
  kMin: number;
  kMax: number;
  /** Support reach (chord) beyond which the caller's profile is exactly 0. */
  reach: number;
}

/** Validates an octave once (at module load of its caller): the stencil's exactness depends on it. */
export function checkOctave(o: Readonly<ArcOctave>): Readonly<ArcOctave> {
  if (!(o.reach > 0 && o.reach * o.freq <= ARC_REACH_MAX))
    throw new RangeError(`arc octave: reach ${o.reach} exceeds ${ARC_REACH_MAX} cells at freq ${o.freq}`);
  if (!(o.perCell >= 1 && o.perCell <= ARC_MAX_PER_CELL))
    throw new RangeError(`arc octave: perCell ${o.perCell} not in 1…${ARC_MAX_PER_CELL}`);
  if (!(o.kMin >= 0 && o.kMax < 1 && o.kMin <= o.kMax))
    throw new RangeError(`arc octave: k range [${o.kMin}, ${o.kMax}] not within [0, 1)`);
  return Object.freeze(o);
}

/**
 * The candidates of one 2×2×2 block of cells (all that pass the existence and shell tests, in the
 * fixed cell-then-slot order), remembered per octave: consecutive samples of a batch share a block,
 * so their gathers only filter by reach. A pure speed-up: the block's candidates are a function of
 * (octave, block) only, so results are the same bits in any evaluation order.
 */
interface BlockCache {
  bx: number;
  by: number;
  bz: number;
  valid: boolean;
  count: number;
  arcs: Float64Array;
}

const blocks = new WeakMap<Readonly<ArcOctave>, BlockCache>();

/** `fillBlock`'s candidates with each one's cell and slot (keys: ix, iy, iz, slot per arc). */
interface KeyedBlock extends BlockCache {
  keys?: Int32Array;
}

/** A block with room for its most candidates (and their keys when asked). */
function emptyBlock(keys: boolean): KeyedBlock {
  return {
    bx: 0,
    by: 0,
    bz: 0,
    valid: false,
    count: 0,
    arcs: new Float64Array(8 * ARC_MAX_PER_CELL * ARC_STRIDE),
    keys: keys ? new Int32Array(8 * ARC_MAX_PER_CELL * 4) : undefined,
  };
}

function fillBlock(o: Readonly<ArcOctave>, bx: number, by: number, bz: number, b: KeyedBlock): void {
  b.bx = bx;
  b.by = by;
  b.bz = bz;
  b.valid = true;
  b.count = 0;
  const f = o.freq;
  const lo = 1 - ARC_SHELF / f;
  const hi = 1 + ARC_SHELF / f;
  const lo2 = lo * lo;
  const hi2 = hi * hi;
  const a = b.arcs;
  for (let c = 0; c < 8; c++) {
    const ix = bx + (c & 1);
    const iy = by + ((c >> 1) & 1);
    const iz = bz + ((c >> 2) & 1);
    const cell = hashCell3(o.seed, ix, iy, iz);
    for (let j = 0; j < o.perCell; j++) {
      const h = rehash(cell, j);
      if (unitFromHash(h) >= o.chance) continue;
      const qx = (ix + unitFromHash(rehash(h, 1))) / f;
      const qy = (iy + unitFromHash(rehash(h, 2))) / f;
      const qz = (iz + unitFromHash(rehash(h, 3))) / f;
      const q2 = qx * qx + qy * qy + qz * qz;
      if (q2 < lo2 || q2 > hi2) continue;
      const ql = Math.sqrt(q2);
      const cx = qx / ql;
      const cy = qy / ql;
      const cz = qz / ql;
      // m: a hashed vector made orthogonal to c.
      let mx = unitFromHash(rehash(h, 4)) - 0.5;
      let my = unitFromHash(rehash(h, 5)) - 0.5;
      let mz = unitFromHash(rehash(h, 6)) - 0.5;
      const mc = mx * cx + my * cy + mz * cz;
      mx -= mc * cx;
      my -= mc * cy;
      mz -= mc * cz;
      const ml = Math.sqrt(mx * mx + my * my + mz * mz);
      if (!(ml > 1e-3)) continue;
      mx /= ml;
      my /= ml;
      mz /= ml;
      const k = o.kMin + (o.kMax - o.kMin) * unitFromHash(rehash(h, 7));
      const sg = Math.sqrt(1 - k * k);
      // t = (n × c)/σ = m × c (the k·c part of n is parallel to c).
      if (b.keys) b.keys.set([ix, iy, iz, j], 4 * b.count);
      const at = ARC_STRIDE * b.count++;
      a[at] = cx;
      a[at + 1] = cy;
      a[at + 2] = cz;
      a[at + 3] = k * cx + sg * mx;
      a[at + 4] = k * cy + sg * my;
      a[at + 5] = k * cz + sg * mz;
      a[at + 6] = my * cz - mz * cy;
      a[at + 7] = mz * cx - mx * cz;
      a[at + 8] = mx * cy - my * cx;
      a[at + 9] = k;
      a[at + 10] = 1 / sg;
      a[at + 11] = rehash(h, 8);
    }
  }
}

/** Arcs of octave `o` whose centre lies within `o.reach` of unit direction (x, y, z), into `out`. */
export function gatherArcs(o: Readonly<ArcOctave>, x: number, y: number, z: number, out: ArcSet): ArcSet {
  out.count = 0;
  const f = o.freq;
  const bx = Math.floor(f * x - 0.5);
  const by = Math.floor(f * y - 0.5);
  const bz = Math.floor(f * z - 0.5);
  let b = blocks.get(o);
  if (!b) {
    b = emptyBlock(false);
    blocks.set(o, b);
  }
  if (!b.valid || b.bx !== bx || b.by !== by || b.bz !== bz) fillBlock(o, bx, by, bz, b);
  const r2 = o.reach * o.reach;
  const src = b.arcs;
  const a = out.arcs;
  for (let i = 0; i < b.count; i++) {
    const at = ARC_STRIDE * i;
    const dx = x - src[at];
    const dy = y - src[at + 1];
    const dz = z - src[at + 2];
    if (!(dx * dx + dy * dy + dz * dz < r2)) continue;
    const to = ARC_STRIDE * out.count++;
    for (let k = 0; k < ARC_STRIDE; k++) a[to + k] = src[at + k];
  }
  return out;
}

/**
 * The candidates of octave `o`'s block whose cells are (bx, by, bz) + {0, 1}³ — every arc that may
 * reach a direction p with floor(F·p − ½) = (bx, by, bz) — in `gatherArcs`'s order, each with its
 * cell and slot (keys: ix, iy, iz, slot). Cell-then-slot order within a block is z-major, then y,
 * then x, so sorting any blocks' candidates by (iz, iy, ix, slot) keeps every block's own order: a
 * kernel that gathers elsewhere (the GPU producer, ADR-0020) sums each sample's arcs as here.
 */
export function blockArcs(
  o: Readonly<ArcOctave>,
  bx: number,
  by: number,
  bz: number,
): { count: number; arcs: Float64Array; keys: Int32Array } {
  const b = emptyBlock(true);
  fillBlock(o, bx, by, bz, b);
  return { count: b.count, arcs: b.arcs, keys: b.keys as Int32Array };
}
