// Luna's unit slopes on the drawn field against LOLA (Rosenburg et al. 2011): the median
// bidirectional slope at a 17 m baseline per unit, and the Hurst exponent over 17–68 m
// (RMS height difference ν(L) ∝ L^H). Measured here from height differences of `drawnBatch` at
// hashed sites along hashed tangent directions (the census tool's own sampling is not reused).
import { expect, it } from 'vitest';
import { getBody } from '../body/getBody';
import { hash3, unitFromHash } from '../math/hash';
import type { Vec3 } from '../math/vec3';
import { farProbes } from '../testing/probes';
import { baselineDifferences } from '../testing/baselines';
import { plainWeightAt } from './units';

const luna = getBody('luna');

/** Sites of one unit: hashed probes with young-unit weight below 0.05 (highland) or above 0.95 (mare). */
function sites(plain: boolean, n: number): Vec3[] {
  return farProbes(0x1a7e, 12000)
    .filter((d) => (plain ? plainWeightAt(luna, d) > 0.95 : plainWeightAt(luna, d) < 0.05))
    .slice(0, n);
}

/** Drawn height differences over `baseM` at each site along a hashed tangent direction. */
const differences = (at: readonly Vec3[], baseM: number): number[] =>
  baselineDifferences(luna, at, baseM, (i) => {
    const a = 2 * Math.PI * unitFromHash(hash3(0x5107e, i, 17));
    return [Math.cos(a), Math.sin(a)];
  });

const median = (a: number[]): number => [...a].sort((p, q) => p - q)[a.length >> 1];
const rms = (a: number[]): number => Math.sqrt(a.reduce((s, v) => s + v * v, 0) / a.length);
const degrees = (d: number, base: number): number => (Math.atan(Math.abs(d) / base) * 180) / Math.PI;

const HIGHLAND = sites(false, 1200);
const MARE = sites(true, 600);

it('finds enough sites of each unit', () => {
  expect(HIGHLAND.length).toBe(1200);
  expect(MARE.length).toBe(600);
});

it('Luna at a 17 m baseline: maria ~2°, highlands ~7.5° (Rosenburg et al. 2011, LOLA)', () => {
  const high = median(differences(HIGHLAND, 17).map((d) => degrees(d, 17)));
  const mare = median(differences(MARE, 17).map((d) => degrees(d, 17)));
  if (process.env.CENSUS_REPORT) console.log(`Luna slopes: median at 17 m highland ${high}°, mare ${mare}°`);
  // Bands: LOLA's unit medians (maria ~2°, highlands ~7.5°) widened by the spread between regions
  // of one unit (±1–1.5°). The highland slopes spread widely (interquartile ~2–12°), so the sample
  // median of 1,200 sites lies within ~0.3° of the unit's (600 mare sites, IQR ~5°: ~0.2°).
  expect(high).toBeGreaterThan(6);
  expect(high).toBeLessThan(9);
  expect(mare).toBeGreaterThan(1);
  expect(mare).toBeLessThan(3.5);
}, 60_000);

it('Luna Hurst exponent over 17–68 m inside LOLA’s 0.7–1.0 for both units (Rosenburg et al. 2011)', () => {
  for (const [unit, at] of [
    ['highland', HIGHLAND],
    ['mare', MARE],
  ] as const) {
    const h = Math.log(rms(differences(at, 68)) / rms(differences(at, 17))) / Math.log(4);
    if (process.env.CENSUS_REPORT) console.log(`Luna slopes: Hurst 17–68 m ${unit} ${h}`);
    // LOLA: H ≈ 0.75–0.95 over 17 m–2.7 km; ±0.05 for the RMS of a heavy-tailed sample.
    expect(h, unit).toBeGreaterThan(0.7);
    expect(h, unit).toBeLessThan(1.0);
  }
}, 60_000);
