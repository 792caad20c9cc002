/**
 * Rock sizes after Golombek & Rapp 1997 (ADR-0007), exact arithmetic only.
 *
 * Reference: M. Golombek and D. Rapp, "Size-frequency distributions of rocks on Mars and Earth
 * analog sites: Implications for future landed missions", JGR 102(E2), 4117–4129, 1997. The
 * cumulative fractional area covered by rocks of diameter ≥ D is F_k(D) = k·e^(−q·D), q(k) =
 * 1.79 + 0.152/k (D in m). The number of rocks per m² with diameter in [D, D + dD] is then
 * n(D) dD = (4/π)·k·q·e^(−qD)/D² dD (each covers πD²/4).
 *
 * Sampling a slot: a proposal D from g(D) ∝ D⁻² on [SCATTER_MIN_DIAMETER, SCATTER_MAX_DIAMETER]
 * (inverse CDF: 1/D = 1/Dmin − v·Z, Z = 1/Dmin − 1/Dmax), accepted with probability
 * p(D) = (A·4·Z / (S·π))·k·q·e^(−qD), A the region area and S the slot count. The expected number of
 * accepted rocks in [D, D + dD] is then S·g(D)·p(D) dD = A·n(D) dD: exactly the model. Where p > 1
 * (small rocks on rocky ground) the slots saturate and the region holds its S rocks; smaller rocks
 * than the slots can carry live in the cover's rock nibble.
 */
import { expNonPositive } from '../tail/softFold';

/** Smallest scattered rock diameter, m. */
export const SCATTER_MIN_DIAMETER = 0.3;
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

const Z = 1 / SCATTER_MIN_DIAMETER - 1 / SCATTER_MAX_DIAMETER;

/** Proposal diameter for uniform v ∈ [0, 1). */
export function proposalDiameter(v: number): number {
  return 1 / (1 / SCATTER_MIN_DIAMETER - v * Z);
}

/** Acceptance probability (may exceed 1: saturated) of diameter d at abundance k. */
export function slotAcceptance(k: number, d: number, areaM2: number, slots: number): number {
  if (!(k > 0)) return 0;
  const q = rockQ(k);
  return ((areaM2 * 4 * Z) / (slots * Math.PI)) * k * q * expNonPositive(-q * d);
}
