/**
 * A direct-mapped memo of described ladder features (ADR-0004, candidates.ts). A visible cell's
 * age, freshness, kind and shape are a pure function of (body, rung, cell hash): the memo is keyed
 * by the rung and the full 32-bit hash and emptied whenever the body or its plan changes, so a hit
 * copies into the pool exactly what describing the cell again would write, bit for bit.
 * Neighbouring directions' walks meet the same features; through the memo each is described once.
 *
 * A record holds the pool fields a description writes (CandidatePool.ts), in this order: kind,
 * rim, depth, k, qf, peak, qp, terraces, terrace, spin, qe, boulder, fresh, young. Fields a kind
 * does not read (a bump's depth …) are copied as they stand and stay unread.
 */
import type { Body } from '../body/Body';
import type { CandidatePool } from './CandidatePool';
import type { LadderPlan } from './ladderPlan';

/** Doubles per record. */
const RECORD = 14;
/** Memo slots (a power of two). */
const SLOTS = 2048;

const memo = {
  rec: new Float64Array(SLOTS * RECORD),
  /** Each slot's rung (−1: empty) and cell hash. */
  tagK: new Int32Array(SLOTS).fill(-1),
  tagH: new Int32Array(SLOTS),
  /** The body and plan the records belong to. */
  body: null as Body | null,
  plan: null as LadderPlan | null,
};

/** Empties the memo unless it already holds `body`'s records under `plan`. */
export function memoFor(body: Body, plan: LadderPlan): void {
  if (memo.body === body && memo.plan === plan) return;
  memo.tagK.fill(-1);
  memo.body = body;
  memo.plan = plan;
}

/** The slot of rung k's cell of hash h. */
export function memoSlot(k: number, h: number): number {
  return (h ^ Math.imul(k, 0x61c88647)) & (SLOTS - 1);
}

/**
 * Whether `slot` holds rung k's cell of hash h; if so its record is copied into pool feature j.
 * `memoFor` must have been called for the body and plan being gathered.
 */
export function memoRead(pool: CandidatePool, j: number, slot: number, k: number, h: number): boolean {
  if (memo.tagK[slot] !== k || memo.tagH[slot] !== h) return false;
  const rec = memo.rec;
  const at = slot * RECORD;
  pool.kind[j] = rec[at];
  pool.rim[j] = rec[at + 1];
  pool.depth[j] = rec[at + 2];
  pool.k[j] = rec[at + 3];
  pool.qf[j] = rec[at + 4];
  pool.peak[j] = rec[at + 5];
  pool.qp[j] = rec[at + 6];
  pool.terraces[j] = rec[at + 7];
  pool.terrace[j] = rec[at + 8];
  pool.spin[j] = rec[at + 9];
  pool.qe[j] = rec[at + 10];
  pool.boulder[j] = rec[at + 11];
  pool.fresh[j] = rec[at + 12];
  pool.young[j] = rec[at + 13];
  return true;
}

/** Stores pool feature j, just described as rung k's cell of hash h, in `slot`. */
export function memoWrite(pool: CandidatePool, j: number, slot: number, k: number, h: number): void {
  const rec = memo.rec;
  const at = slot * RECORD;
  rec[at] = pool.kind[j];
  rec[at + 1] = pool.rim[j];
  rec[at + 2] = pool.depth[j];
  rec[at + 3] = pool.k[j];
  rec[at + 4] = pool.qf[j];
  rec[at + 5] = pool.peak[j];
  rec[at + 6] = pool.qp[j];
  rec[at + 7] = pool.terraces[j];
  rec[at + 8] = pool.terrace[j];
  rec[at + 9] = pool.spin[j];
  rec[at + 10] = pool.qe[j];
  rec[at + 11] = pool.boulder[j];
  rec[at + 12] = pool.fresh[j];
  rec[at + 13] = pool.young[j];
  memo.tagK[slot] = k;
  memo.tagH[slot] = h;
}
