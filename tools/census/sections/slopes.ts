/**
 * Slopes per unit on the drawn field: median bidirectional slope at 17 m (LOLA's shot spacing,
 * Rosenburg et al. 2011), RMS slope at 1 m (HiRISE stereo, Kirk et al. 2008), and the Hurst
 * exponent from the RMS height difference at 17 m and 68 m (ν(L) ∝ L^H).
 */
import { BODIES, drawnBatch, type Body } from '@landfall/universe';
import type { CensusRow } from '../row';
import { baselinePairs, unitSites, type UnitName } from './sampling';

const SITES = 300;
const DEG = 180 / Math.PI;

/** Height differences over `baselineM` at each site. */
function differences(body: Body, sites: ReturnType<typeof unitSites>, baselineM: number): number[] {
  const dirs = baselinePairs(body, sites, baselineM);
  const h = new Float64Array(2 * sites.length);
  drawnBatch(body, dirs, 2 * sites.length, h, null);
  return sites.map((_, i) => h[2 * i + 1] - h[2 * i]);
}

const median = (a: number[]): number => [...a].sort((p, q) => p - q)[a.length >> 1];
const rms = (a: number[]): number => Math.sqrt(a.reduce((s, v) => s + v * v, 0) / a.length);

interface Band {
  band: readonly [number, number];
  source: string;
}

const LOLA = 'Rosenburg et al. 2011 (LOLA, 17 m baseline)';
const SLOPE17: Record<string, Partial<Record<UnitName, Band>>> = {
  luna: {
    highland: { band: [6, 9], source: `${LOLA}: highlands ~7.5°` },
    plain: { band: [1, 3.5], source: `${LOLA}: maria ~2°` },
  },
};
const RMS1: Record<string, Partial<Record<UnitName, Band>>> = {
  mars: {
    plain: { band: [1.5, 4], source: 'Kirk et al. 2008 (HiRISE stereo, Phoenix sites): 2–3° RMS at 1 m' },
  },
};
const HURST: Record<string, Partial<Record<UnitName, Band>>> = {
  luna: {
    highland: { band: [0.7, 1.0], source: 'Rosenburg et al. 2011 (LOLA, 17 m–2.7 km): H ≈ 0.75–0.95' },
    plain: { band: [0.7, 1.0], source: 'Rosenburg et al. 2011 (LOLA, 17 m–2.7 km): H ≈ 0.75–0.95' },
  },
};

export function slopesSection(): CensusRow[] {
  const rows: CensusRow[] = [];
  for (const body of BODIES) {
    const units: UnitName[] = body.grammar.flooding > 0 ? ['highland', 'plain'] : ['highland'];
    for (const unit of units) {
      const sites = unitSites(body, unit, SITES);
      if (sites.length < 30) continue;
      const d1 = differences(body, sites, 1);
      const d17 = differences(body, sites, 17);
      const d68 = differences(body, sites, 68);
      const s17 = median(d17.map((d) => Math.atan(Math.abs(d) / 17) * DEG));
      const r1 = Math.atan(rms(d1)) * DEG;
      const hurst = Math.log(rms(d68) / rms(d17)) / Math.log(4);
      const pick = (t: typeof SLOPE17): Band | undefined => t[body.id]?.[unit];
      const row = (figure: string, value: number, b: Band | undefined): CensusRow => ({
        body: body.id,
        unit,
        figure,
        value,
        band: b?.band ?? null,
        source: b?.source ?? `measured (${sites.length} sites)`,
      });
      rows.push(row('median slope at 17 m, °', s17, pick(SLOPE17)));
      rows.push(row('RMS slope at 1 m, °', r1, pick(RMS1)));
      rows.push(row('Hurst exponent 17–68 m', hurst, pick(HURST)));
    }
  }
  return rows;
}
