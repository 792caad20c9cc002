/**
 * Crater figures per body: simple→complex transition diameter, fresh d/D at several sizes (the
 * body's crater morphometry), and crater density per unit counted on the canonical ladder against
 * production (capped by equilibrium) and against published counts.
 */
import {
  BODIES,
  craterDensity,
  equilibriumN,
  freshDepth,
  productionN,
  visibleN,
  type Body,
} from '@landfall/universe';
import type { CensusRow } from '../row';
import { unitSites, type UnitName } from './sampling';

const TRANSITION: Record<string, { band: [number, number]; source: string }> = {
  luna: { band: [15e3, 20e3], source: 'Pike 1980: lunar simple→complex 15–20 km' },
  mercury: { band: [8e3, 12e3], source: 'Pike 1988: Mercury ~10.3 km' },
  mars: { band: [7.5e3, 8.5e3], source: 'Garvin & Frawley 1998 (MOLA): 8 ± 0.5 km' },
  earth: { band: [2e3, 4e3], source: 'Grieve 1987: 2 km (sedimentary) – 4 km (crystalline)' },
  ganymede: { band: [1.9e3, 3e3], source: 'Schenk 2002: Ganymede ~2–3 km' },
  callisto: { band: [2e3, 3.5e3], source: 'Schenk 2002: Callisto ~2–3 km' },
  ceres: { band: [7.5e3, 12e3], source: 'Hiesinger et al. 2016: 7.5–12 km' },
};

/** The production law's primary source (field/production.ts). */
const PRODUCTION_SOURCE: Record<Body['grammar']['units']['production'], string> = {
  neukum: 'Neukum et al. 2001',
  ivanov: 'Ivanov 2001',
  mercury: 'Neukum, Oberst et al. 2001 (Mercury)',
  ceres: 'Hiesinger et al. 2016 (Ceres)',
  vesta: 'Schmedemann et al. 2014 (Vesta)',
};

/** Published fresh d/D (rim crest to floor) by body and diameter, m. */
const DEPTH: Record<string, { d: number; band: [number, number]; source: string }[]> = {
  luna: [
    { d: 100, band: [0.11, 0.17], source: 'Stopar et al. 2017: fresh small craters d/D ~0.11–0.17' },
    { d: 2e3, band: [0.18, 0.22], source: 'Pike 1977: simple d = 0.196·D^1.010' },
    { d: 10e3, band: [0.14, 0.2], source: 'Pike 1977: fresh transitional craters shallower than the bowl' },
    // Pike 1977 complex d = 1.044·D^0.301 km: 2.90 km at 30 km, 4.17 km at 100 km; ±15 % scatter.
    { d: 30e3, band: [0.082, 0.111], source: 'Pike 1977: complex d = 1.044·D^0.301 km (±15 %)' },
    { d: 100e3, band: [0.0354, 0.048], source: 'Pike 1977: complex d = 1.044·D^0.301 km (±15 %)' },
  ],
  mars: [
    // Garvin & Frawley 1998's simple law deepens small craters (d/D ∝ D^−0.10): 0.176 at 100 m,
    // 0.158 at 300 m. The Moon's small-crater fall (Stopar et al. 2017) is not Mars' (ADR-0004).
    { d: 100, band: [0.141, 0.212], source: 'Garvin & Frawley 1998: simple d = 0.14·D^0.90 km (±20 %)' },
    { d: 300, band: [0.126, 0.189], source: 'Garvin & Frawley 1998: simple d = 0.14·D^0.90 km (±20 %)' },
    { d: 1e3, band: [0.112, 0.168], source: 'Garvin & Frawley 1998: simple d = 0.14·D^0.90 km (±20 %)' },
    { d: 30e3, band: [0.0352, 0.0528], source: 'Garvin & Frawley 1998: complex d = 0.25·D^0.49 km (±20 %)' },
    { d: 100e3, band: [0.0191, 0.0287], source: 'Garvin & Frawley 1998: complex d = 0.25·D^0.49 km (±20 %)' },
  ],
};

/** Published crater densities N(≥D) per km² by body and unit. */
const COUNTS: Record<
  string,
  Partial<Record<UnitName, { d: number; band: [number, number]; source: string }>>
> = {
  luna: {
    plain: { d: 1e3, band: [1.3e-3, 9e-3], source: 'Hiesinger et al. 2011: mare N(1) ≈ 1.3–9 × 10⁻³ km⁻²' },
    highland: {
      d: 1e3,
      band: [0.04, 0.16],
      source: 'Gault 1970: equilibrium 10^−1.1·D⁻² (×½ … ×2) = 0.08 km⁻²',
    },
  },
};

const CAP_M = 20e3;
const CENTRES = 6;

function countRows(body: Body, unit: UnitName, rows: CensusRow[]): void {
  const units = body.grammar.units;
  const age = unit === 'plain' ? units.plain?.ageGyr : units.highland.ageGyr;
  if (age === undefined) return;
  const centres = unitSites(body, unit, CENTRES);
  if (centres.length === 0) return;
  const view = unit === 'plain' ? 'young' : 'old';
  for (const d of [250, 1000, 4000]) {
    const n = centres.reduce((s, c) => s + craterDensity(body, c, CAP_M, d, view), 0) / centres.length;
    const model = visibleN(body, d, age) * (1 - body.grammar.air);
    // Poisson: ≥ 60 craters per 6 caps of 20 km at 4 km on a saturated unit; ±35 % covers 2σ at 30.
    rows.push({
      body: body.id,
      unit,
      figure: `N(≥${d} m) / model min(production, equilibrium)`,
      value: n / model,
      band: model * Math.PI * CAP_M * CAP_M * CENTRES >= 30 ? [0.65, 1.35] : null,
      source: `${PRODUCTION_SOURCE[units.production]} at ${age} Gyr; Gault 1970 equilibrium`,
    });
    const prod = productionN(body, d, age);
    rows.push({
      body: body.id,
      unit,
      figure: `N(≥${d} m) / equilibrium (production/equilibrium ${(prod / equilibriumN(d)).toPrecision(3)})`,
      value: n / equilibriumN(d),
      band: null,
      source: 'Gault 1970 equilibrium (the ladder’s saturated density)',
    });
    const pub = COUNTS[body.id]?.[unit];
    if (pub && pub.d === d)
      rows.push({
        body: body.id,
        unit,
        figure: `N(≥${d} m) per km²`,
        value: n * 1e6,
        band: pub.band,
        source: pub.source,
      });
  }
}

export function cratersSection(): CensusRow[] {
  const rows: CensusRow[] = [];
  for (const body of BODIES) {
    const t = TRANSITION[body.id];
    rows.push({
      body: body.id,
      unit: 'all',
      figure: 'simple→complex transition, m',
      value: body.grammar.crater.transitionM,
      band: t?.band ?? null,
      source: t?.source ?? `D*·g of the ${body.grammar.units.crust} class`,
    });
    for (const p of DEPTH[body.id] ?? [{ d: 1e3 }, { d: 30e3 }, { d: 100e3 }]) {
      const q = p as { d: number; band?: [number, number]; source?: string };
      rows.push({
        body: body.id,
        unit: 'all',
        figure: `fresh d/D at ${q.d / 1000} km`,
        value: freshDepth(q.d, body.grammar.crater) / q.d,
        band: q.band ?? null,
        source: q.source ?? 'Pike 1977 scaled by D* (no published fit)',
      });
    }
    countRows(body, 'highland', rows);
    if (body.grammar.units.plain) countRows(body, 'plain', rows);
  }
  return rows;
}
