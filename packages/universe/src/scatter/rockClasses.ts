/**
 * Rock size classes and their slot grids (ADR-0007). Class c holds diameters [2^(c−5), 2^(c−4)) m,
 * c = 0 … ROCK_CLASSES − 1 (3.125 cm … 8 m). A region (regionGrid.ts) is cut into E_c × E_c cells
 * of equal (s, t) extent, E_c = 2^(8−c) (nominal cell edge 2^c m, so a cell holds ~30 of its
 * class's smallest diameters across), and each cell carries S_c slots. S_c is chosen so that even
 * at ROCK_K_CAP (the largest k any body's ground reaches) the Golombek & Rapp acceptance
 * (golombekRapp.ts) stays ≤ 1 for every diameter of the class on any cell whose true area is at
 * most ROCK_SLOT_MARGIN × nominal: no slot grid saturates at any rock cover, so the expected count
 * of accepted rocks in [D, D + dD] is exactly A_cell·n_k(D) dD.
 *
 * Slot numbering within a region: the coarse classes first (class 7 from 0), then within a class
 * cells in Morton (Z) order (cell (ci, cj) → morton(ci, cj)·S_c, ci's bits in the even places), then
 * the slot within the cell. A slot number names its class, cell and draw alone
 * (`<body>/f<face>/r<i>.<j>/o<slot>`, ADR-0002), and any aligned 2^b × 2^b block of cells is one
 * contiguous slot range, so a caller resolves a compact patch of ground in one call (the drawn
 * field's batches are several times cheaper on compact sets of directions).
 */
import { expNonPositive } from '../tail/softFold';
import { rockQ } from './golombekRapp';

/** Number of rock size classes (octaves of diameter from SCATTER_MIN_DIAMETER). */
export const ROCK_CLASSES = 8;
/**
 * The largest rock abundance k the slot grids are sized for (Mars fresh ejecta, ADR-0007's table):
 * every body's `maxRockAbundance` must stay ≤ this (tested), or its slots would saturate.
 */
export const ROCK_K_CAP = 0.3;
/**
 * Slots are sized for cells up to this multiple of the nominal (2^c m)² area: true region areas on
 * the cube sphere are 0.65–0.99 of nominal (regionArea.test.ts), so 1.0 would do; the margin
 * keeps the no-saturation promise if the grid rule changes.
 */
export const ROCK_SLOT_MARGIN = 1.125;
/** Nominal region edge as a power of two (REGION_SIZE_M = 2^8 m). */
const REGION_LOG2 = 8;

/** 2^e for integer e (exact: repeated doubling or halving). */
function pow2(e: number): number {
  let v = 1;
  for (let k = 0; k < e; k++) v *= 2;
  for (let k = 0; k > e; k--) v /= 2;
  return v;
}

/** Smallest diameter of class `c`, m: 2^(c−5). */
export function rockClassMinDiameter(c: number): number {
  return pow2(c - 5);
}

/** Cells per region edge of class `c`: 2^(8−c). */
export function rockClassCells(c: number): number {
  return pow2(REGION_LOG2 - c);
}

/** 1/D_c − 1/D_(c+1) = 1/(2·D_c): the normaliser of the class's D⁻² proposal. */
export function rockClassZ(c: number): number {
  return 1 / (2 * rockClassMinDiameter(c));
}

/** Slots per cell of class `c` (see the file header). */
function slotsFor(c: number): number {
  const d = rockClassMinDiameter(c);
  const q = rockQ(ROCK_K_CAP);
  const nominalArea = pow2(2 * c);
  // max over the class of A·4·Z/π·k·q·e^(−qD) is at its smallest D.
  const need =
    ((ROCK_SLOT_MARGIN * nominalArea * 4 * rockClassZ(c)) / Math.PI) *
    ROCK_K_CAP *
    q *
    expNonPositive(-q * d);
  return Math.max(1, Math.ceil(need));
}

const SLOTS: readonly number[] = Array.from({ length: ROCK_CLASSES }, (_, c) => slotsFor(c));
const OFFSETS: readonly number[] = (() => {
  const out = new Array<number>(ROCK_CLASSES + 1).fill(0);
  let at = 0;
  for (let c = ROCK_CLASSES - 1; c >= 0; c--) {
    out[c] = at;
    at += rockClassCells(c) * rockClassCells(c) * SLOTS[c];
  }
  out[ROCK_CLASSES] = at;
  return out;
})();

/** Slots per cell of class `c`. */
export function rockClassSlots(c: number): number {
  return SLOTS[c];
}

/** First region slot number of class `c`. */
export function rockClassOffset(c: number): number {
  return OFFSETS[c];
}

/** Region slot numbers of class `c`: [offset, offset + cells²·slots). */
export function rockClassSlotRange(c: number): [number, number] {
  return [OFFSETS[c], OFFSETS[c] + rockClassCells(c) * rockClassCells(c) * SLOTS[c]];
}

/** Total slots of a region, all classes. */
export const REGION_SLOTS: number = OFFSETS[ROCK_CLASSES];

/** Morton index of cell (ci, cj), 0 ≤ ci, cj < 256: ci's bits in the even places, cj's in the odd. */
export function mortonCell(ci: number, cj: number): number {
  let m = 0;
  for (let b = 0; b < REGION_LOG2; b++) m |= (((ci >> b) & 1) << (2 * b)) | (((cj >> b) & 1) << (2 * b + 1));
  return m;
}

/** First slot number of cell (ci, cj) of class `c`. */
export function rockCellSlot(c: number, ci: number, cj: number): number {
  return OFFSETS[c] + mortonCell(ci, cj) * SLOTS[c];
}

export interface SlotPlace {
  sizeClass: number;
  ci: number;
  cj: number;
}

/** The class and cell of region slot `slot` (0 ≤ slot < REGION_SLOTS) into `out`. */
export function slotPlace(slot: number, out: SlotPlace): SlotPlace {
  let c = 0;
  while (c < ROCK_CLASSES - 1 && slot < OFFSETS[c]) c++;
  const cell = Math.floor((slot - OFFSETS[c]) / SLOTS[c]);
  let ci = 0;
  let cj = 0;
  for (let b = 0; b < REGION_LOG2; b++) {
    ci |= ((cell >> (2 * b)) & 1) << b;
    cj |= ((cell >> (2 * b + 1)) & 1) << b;
  }
  out.sizeClass = c;
  out.ci = ci;
  out.cj = cj;
  return out;
}

/** Proposal diameter of class `c` for uniform v ∈ [0, 1): D⁻² on [D_c, 2·D_c). */
export function classProposalDiameter(c: number, v: number): number {
  return 1 / (1 / rockClassMinDiameter(c) - v * rockClassZ(c));
}

/**
 * Acceptance probability of diameter `d` of class `c` at abundance `k` on a cell of true area
 * `cellAreaM2`: (A·4·Z_c/(S_c·π))·k·q·e^(−qD). ≤ 1 whenever k ≤ ROCK_K_CAP and the area is within
 * the margin (see the file header).
 */
export function classAcceptance(c: number, k: number, d: number, cellAreaM2: number): number {
  if (!(k > 0)) return 0;
  const q = rockQ(k);
  return ((cellAreaM2 * 4 * rockClassZ(c)) / (SLOTS[c] * Math.PI)) * k * q * expNonPositive(-q * d);
}
