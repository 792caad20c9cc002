/**
 * Europa's lenticulae as dark spots (ADR-0018 "Body landforms"): an albedo signal only. The
 * ladder's knobs and pits on a lenticulae body (grammar.lenticulae; rungs of middle diameter ≥
 * LENTICULA_MIN_M, ladderPlan.ts) are Europa's domes, pits and spots, ~5–20 km across; the pits
 * and spots carry dark, reddish material (Pappalardo et al. 1998, JGR 103; Greeley et al. 2004);
 * rungs starting at LENTICULA_SPOT_MAX_M or above hold larger domes and pits, left unstained.
 * Each pit (a low: its signed height < 0) is stained, each dome left at the plain's tone:
 *
 *   w = LENTICULA_STAIN·(R/Re)²·(1 − q)²,  q = chord²/Re²,  R = LENTICULA_SPOT_REACH·d/2,
 *
 * Re = min(max(R, F), rung reach): a spot narrower than F = LINEA_FILTER_CELLS level-filter cells
 * is drawn that wide and faded by its area (its integrated darkness kept, no stipple), and never
 * wider than the rung's gather reach (every spot that touches a direction is gathered). Spots join
 * as 1 − Π(1 − w). The features come from the ladder's own candidate gather (candidates.ts), so the
 * spots sit exactly on the relief's knobs and pits.
 */
import type { Body } from '../body/Body';
import { CandidatePool, gatherRungDir, KIND_BUMP } from './candidates';
import { ladderPlan } from './ladderPlan';
import { LINEA_FILTER_CELLS } from './lineae';
import { LENTICULA_SPOT_MAX_M, LENTICULA_SPOT_REACH, LENTICULA_STAIN } from './landformTunables';
import { LENTICULA_MIN_M } from './tunables';

const pool = new CandidatePool();
const at = new Float64Array(3);
const rungMemo = new WeakMap<Body, number[]>();

/**
 * The ladder rungs whose pits are stained on `body` (rung 0 is the basin; diameters halve with k,
 * so the lenticulae rungs come first): middle diameter ≥ LENTICULA_MIN_M, some of the rung's
 * features not craters, and starting below LENTICULA_SPOT_MAX_M. None on a body without lenticulae.
 */
export function lenticulaRungs(body: Body): readonly number[] {
  const memo = rungMemo.get(body);
  if (memo) return memo;
  const out: number[] = [];
  rungMemo.set(body, out);
  if (!body.grammar.lenticulae) return out;
  const plan = ladderPlan(body);
  for (let k = 1; k < plan.diameter.length; k++) {
    if (plan.diameter[k] * Math.SQRT2 < LENTICULA_MIN_M) break;
    if (plan.craterShare[k] >= 1 || plan.diameter[k] >= LENTICULA_SPOT_MAX_M) continue;
    out.push(k);
  }
  return out;
}

/**
 * The spot of candidate j of `pool` (gathered on rung k) under `filterM` into `out`: its drawn
 * radius `re` (direction units) and peak stain `amp` (LENTICULA_STAIN × the filter's fade); false
 * for a dome or a knob (only pits, the lows, are stained). For a kernel that draws the spots
 * elsewhere (ADR-0020) as `lenticulaStain` does.
 */
export function lenticulaSpot(
  body: Body,
  k: number,
  pool: CandidatePool,
  j: number,
  filterM: number,
  out: { re: number; amp: number },
): boolean {
  // Pits and dark spots (the lows) are stained; domes (the knobs) keep the plain's tone.
  if (pool.kind[j] !== KIND_BUMP || !(pool.rim[j] < 0)) return false;
  const f = (LINEA_FILTER_CELLS * filterM) / body.radius;
  const cap = ladderPlan(body).reach[k];
  const r = (LENTICULA_SPOT_REACH * 0.5 * pool.diameter[j]) / body.radius;
  const w = r > f ? r : f;
  const re = w < cap ? w : cap;
  out.re = re;
  out.amp = (r < re ? (r * r) / (re * re) : 1) * LENTICULA_STAIN;
  return true;
}

const spot = { re: 0, amp: 0 };

/**
 * Lenticulae dark-material weight (0 … LENTICULA_STAIN) at unit direction (x, y, z) of `body`,
 * drawn at the level filter `filterM` (m; 0: unfiltered); 0 on bodies without lenticulae.
 */
export function lenticulaStain(body: Body, x: number, y: number, z: number, filterM = 0): number {
  const rungs = lenticulaRungs(body);
  if (rungs.length === 0) return 0;
  const plan = ladderPlan(body);
  at[0] = x;
  at[1] = y;
  at[2] = z;
  let keep = 1;
  for (const k of rungs) {
    pool.count = 0;
    gatherRungDir(pool, body, plan, k, at, 0);
    for (let j = 0; j < pool.count; j++) {
      if (!lenticulaSpot(body, k, pool, j, filterM, spot)) continue;
      const re = spot.re;
      const dx = x - pool.nx[j];
      const dy = y - pool.ny[j];
      const dz = z - pool.nz[j];
      const q = (dx * dx + dy * dy + dz * dz) / (re * re);
      if (!(q < 1)) continue;
      keep *= 1 - spot.amp * (1 - q) * (1 - q);
    }
  }
  return 1 - keep;
}
