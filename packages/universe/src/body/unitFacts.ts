/**
 * Terrain units of the zoo's bodies (ADR-0003): the old unit (highlands, cratered plains) and, where
 * a body has one that the literature dates, the young flooded unit (maria, smooth plains) with its
 * age, the thickness of what flooded it (which buries all but the ghost rims of larger craters)
 * and each unit's albedo. Also the crust class that sets the simple→complex transition and the
 * crater production function used for the body. Bodies without a dated young unit keep their
 * lowlands' craters, subdued by the band stage's burial share (ADR-0004).
 */

export type CrustClass = 'rock' | 'ice';
/**
 * Crater production function and chronology (field/production.ts): the Moon's (Neukum et al.
 * 2001; also every body without its own), Mars' (Ivanov 2001), Mercury's (Neukum, Oberst et al.
 * 2001), Ceres' (Hiesinger et al. 2016) or Vesta's (Schmedemann et al. 2014).
 */
export type ProductionLaw = 'neukum' | 'ivanov' | 'mercury' | 'ceres' | 'vesta';

/** Bodies with their own production law but no unit row. */
const PRODUCTION_OF: Readonly<Record<string, ProductionLaw>> = Object.freeze({ vesta: 'vesta' });

export interface UnitFact {
  /** Model age of the unit's surface, Gyr. */
  ageGyr: number;
  /** Normal albedo of the unit (visible), or null where no unit-resolved value is published. */
  albedo: number | null;
}

export interface PlainUnitFact extends UnitFact {
  /** Typical thickness of the flooding deposits, m (craters whose rim rises above it show ghost rims). */
  buryM: number;
}

export interface BodyUnits {
  crust: CrustClass;
  production: ProductionLaw;
  highland: UnitFact;
  plain: PlainUnitFact | null;
  sources: string;
}

const ROCK_NEUKUM = { crust: 'rock', production: 'neukum' } as const;

/** Per body id. A body missing here is rock or ice, Neukum (or PRODUCTION_OF), one old unit at its resurfacing age. */
export const UNIT_FACTS: Readonly<Record<string, Readonly<BodyUnits>>> = Object.freeze({
  luna: {
    ...ROCK_NEUKUM,
    highland: { ageGyr: 4.35, albedo: 0.27 },
    plain: { ageGyr: 3.5, albedo: 0.08, buryM: 400 },
    sources:
      'highlands pre-Nectarian/Nectarian 3.9–4.4 Ga: Stöffler & Ryder 2001; maria mostly 3.3–3.8 Ga: Hiesinger et al. 2011; mare basalt thickness a few hundred m: De Hon 1979; albedo (Clementine 750 nm reflectance) maria < 0.10, highlands 0.25–0.30: Lucey et al. 2000',
  },
  mercury: {
    crust: 'rock',
    production: 'mercury',
    highland: { ageGyr: 4.05, albedo: null },
    plain: { ageGyr: 3.75, albedo: null, buryM: 1000 },
    sources:
      'intercrater plains ~4.0–4.1 Ga: Marchi et al. 2013; smooth plains ~3.7–3.8 Ga: Byrne et al. 2016; plains thickness ~1 km: Denevi et al. 2013',
  },
  mars: {
    crust: 'rock',
    production: 'ivanov',
    highland: { ageGyr: 3.9, albedo: null },
    plain: { ageGyr: 3.6, albedo: null, buryM: 1000 },
    sources:
      'Noachian highlands 3.7–4.1 Ga, Vastitas Borealis Fm. (Late Hesperian) ~3.6 Ga: Tanaka et al. 2014; buried basins under the northern plains (~1 km cover): Frey 2006',
  },
  ceres: {
    crust: 'ice',
    production: 'ceres',
    highland: { ageGyr: 2.0, albedo: null },
    plain: { ageGyr: 0.6, albedo: null, buryM: 200 },
    sources:
      'cratered terrain: Hiesinger et al. 2016; Kerwan smooth material 0.55–0.72 Ga: Williams et al. 2018; transition 7.5–12 km: Hiesinger et al. 2016',
  },
  ganymede: {
    crust: 'ice',
    production: 'neukum',
    highland: { ageGyr: 4.0, albedo: null },
    plain: { ageGyr: 2.0, albedo: null, buryM: 300 },
    sources: 'dark terrain ~4 Ga, grooved terrain ~2 Ga (large uncertainty): Zahnle et al. 2003',
  },
  pluto: {
    crust: 'ice',
    production: 'neukum',
    highland: { ageGyr: 4.0, albedo: null },
    plain: { ageGyr: 0.01, albedo: null, buryM: 3000 },
    sources: 'cratered uplands ~4 Ga, Sputnik Planitia < 10 Myr: Moore et al. 2016',
  },
});

/** The units of body `id` (a default for bodies without a row). */
export function bodyUnits(id: string, resurfacingAgeGyr: number, iciness: number): Readonly<BodyUnits> {
  const row = UNIT_FACTS[id];
  if (row) return row;
  return {
    crust: iciness >= 0.5 ? 'ice' : 'rock',
    production: PRODUCTION_OF[id] ?? 'neukum',
    highland: { ageGyr: resurfacingAgeGyr, albedo: null },
    plain: null,
    sources: 'one unit at the body’s resurfacing age (zoo.ts)',
  };
}
