/**
 * Rock sizes after Golombek & Rapp 1997 (ADR-0007), exact arithmetic only.
 *
 * Reference: M. Golombek and D. Rapp, "Size-frequency distributions of rocks on Mars and Earth
 * analog sites: Implications for future landed missions", JGR 102(E2), 4117–4129, 1997. The
 * cumulative fractional area covered by rocks of diameter ≥ D is F_k(D) = k·e^(−q·D), q(k) =
 * 1.79 + 0.152/k (D in m). The number of rocks per m² with diameter in [D, D + dD] is then
 * n(D) dD = (4/π)·k·q·e^(−qD)/D² dD (each covers πD²/4).
 *
 * Scatter samples this law per size class (rockClasses.ts): a proposal D ∝ D⁻² on the class's
 * octave, accepted with a probability ∝ k·q·e^(−qD) that never exceeds 1 (no saturation), so the
 * expected count per m² in [D, D + dD] is exactly n(D) dD from SCATTER_MIN_DIAMETER (the same law
 * continued down to pebbles) to SCATTER_MAX_DIAMETER.
 */
import { expNonPositive } from '../tail/softFold';

/** Smallest scattered rock diameter, m (2^−5: pebbles of a few centimetres). */
export const SCATTER_MIN_DIAMETER = 0.03125;
/** Largest scattered rock diameter, m. */
export const SCATTER_MAX_DIAMETER = 8;

/** Golombek & Rapp's q(k), per m. */
export function rockQ(k: number): number {
  return 1.79 + 0.152 / k;
}

/** Cumulative fractional area F_k(D) covered by rocks of diameter ≥ D (m). */
export function rockAreaFraction(k: number, d: number): number {
  if (!(k > 0)) return 0;
  return k * expNonPositive(-rockQ(k) * d);
}
