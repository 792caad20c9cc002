/**
 * One census figure (ADR-0004, `npm run census`): a body's measured value against the published
 * band it must fall in, with the band's source. `band` null: no published figure to judge it by
 * (printed for reference, never counted as a failure).
 */
export interface CensusRow {
  body: string;
  /** Terrain unit ("highland", "plain", "all"), or what the figure is about. */
  unit: string;
  figure: string;
  value: number;
  band: readonly [number, number] | null;
  source: string;
}

/** Whether the row's value lies inside its band (rows without a band are not judged: true). */
export function inBand(row: Readonly<CensusRow>): boolean {
  if (!row.band) return true;
  return row.value >= row.band[0] && row.value <= row.band[1];
}
