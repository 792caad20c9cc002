/** Unit albedos from the universe facts against the published bands (Luna: Lucey et al. 2000). */
import { BODIES } from '@landfall/universe';
import type { CensusRow } from '../row';

const BANDS: Record<string, { highland?: [number, number]; plain?: [number, number] }> = {
  luna: { highland: [0.25, 0.3], plain: [0, 0.1] },
};

export function albedoSection(): CensusRow[] {
  const rows: CensusRow[] = [];
  for (const body of BODIES) {
    const u = body.grammar.units;
    const src = `unitFacts.ts: ${u.sources}`;
    if (u.highland.albedo !== null)
      rows.push({
        body: body.id,
        unit: 'highland',
        figure: 'albedo',
        value: u.highland.albedo,
        band: BANDS[body.id]?.highland ?? null,
        source: src,
      });
    if (u.plain && u.plain.albedo !== null)
      rows.push({
        body: body.id,
        unit: 'plain',
        figure: 'albedo',
        value: u.plain.albedo,
        band: BANDS[body.id]?.plain ?? null,
        source: src,
      });
  }
  return rows;
}
