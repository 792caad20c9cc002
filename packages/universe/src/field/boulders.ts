/**
 * The canonical ladder's fresh-ejecta signal (ADR-0007): boulder fields around fresh craters large
 * enough to dig below the regolith (regolith.ts: excavation depth beyond the unit's regolith, per
 * body and unit; the ladder plan holds the smallest such diameter). Per crater a strength from its
 * size and freshness; per sample
 * the strength × (1 inside the rim, w² on the apron out to BOULDER_APRON_RADII rim radii, w falling
 * linearly from 1 at the rim to 0 there); the sample's signal is the max over reaching craters and
 * is merged (max) with the drawn tail's own signal. Canonical elevation does not read it.
 */

/**
 * Freshness above which a crater still keeps its boulder field: half of a crater's metre-size
 * boulders are gone after ~150 Myr (Basilevsky et al. 2013, PSS 89, 118–126). Ages run over the
 * ~4 Gyr of an old surface, so 150 Myr is age 0.0375 and freshness (1 − 0.7·age·(1 − youth))
 * above 0.975 keeps the youngest ~3.6 % of an old population.
 */
export const BOULDER_FRESHNESS = 0.975;
/** Apron reach of the boulder field, rim radii (the blocky near-rim ejecta, inside ~1.5 radii). */
export const BOULDER_APRON_RADII = 1.5;

/** q (chord²/R²) at the apron's edge. */
export const BOULDER_APRON_Q = BOULDER_APRON_RADII * BOULDER_APRON_RADII;

/**
 * Strength 0 … 1 of a crater's boulder field from its diameter (m), the smallest diameter that
 * excavates through its unit's regolith (m; `excavationMinDiameterM`) and its freshness.
 */
export function boulderStrength(diameterM: number, minDiameterM: number, fresh: number): number {
  if (!(diameterM >= minDiameterM) || !(fresh > BOULDER_FRESHNESS)) return 0;
  const s = (fresh - BOULDER_FRESHNESS) / (1 - BOULDER_FRESHNESS);
  return s < 1 ? s : 1;
}
