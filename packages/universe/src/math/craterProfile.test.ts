import { describe, expect, it } from 'vitest';
import {
  CRATER_DEPTH_RATIO,
  CRATER_EJECTA_REACH,
  CRATER_RIM_RATIO,
  craterAzimuth,
  craterProfileD,
  craterShape,
  craterShapeNew,
  type CraterShape,
} from './craterProfile';
import { valueD } from './smooth';
import { getBody } from '../body/getBody';

const o = valueD();
const h = (q: number, s: ReturnType<typeof craterShapeNew>): number => craterProfileD(q, s, o).v;

describe('crater profile', () => {
  const morph = getBody('luna').grammar.crater;
  const simple = craterShape(craterShapeNew(), 500, morph, 1);
  const complex = craterShape(craterShapeNew(), 60000, morph, 1);

  it('simple bowl: floor at rim − d, rim at 0.036·D, zero at the reach', () => {
    // D = 500 m (below 0.05·D*, pure simple laws): 0.036·D rounds to 18 exactly; the depth is
    // 0.2·D less the small-crater fall 0.4·300/800 (Stopar et al. 2017), and at q = 0 the bowl is
    // rim − depth.
    expect(CRATER_RIM_RATIO * 500).toBe(18);
    expect(simple.rim).toBe(18);
    expect(Math.abs(simple.depth - CRATER_DEPTH_RATIO * 500 * (1 - (0.4 * 300) / 800))).toBeLessThan(1e-12);
    expect(h(0, simple)).toBe(18 - simple.depth);
    // Tolerance at the rim: 1 − (2 + k) + (1 + k) cancels up to three roundings of numbers < 4
    // (3 × 4.4e-16), times the 85 m depth: 1.2e-13 m.
    expect(Math.abs(h(1, simple) - 18)).toBeLessThan(2.7e-13);
    const qe = CRATER_EJECTA_REACH * CRATER_EJECTA_REACH;
    expect(h(qe, simple)).toBe(0);
    expect(craterProfileD(qe * 2, simple, o).d).toBe(0);
    expect(h(qe - 1e-9, simple)).toBeGreaterThan(0);
    // Ejecta: rim · (r/R)^−3 (McGetchin et al. 1973) times the taper ((qe − q)/(qe − 1))², here by
    // Math.pow at r = 1.2 R. Tolerance: about ten roundings on either route, 1e-14 relative
    // (measured 2.2e-16).
    const byPow = 18 * Math.pow(1.2, -3) * Math.pow((qe - 1.44) / (qe - 1), 2);
    expect(Math.abs(h(1.44, simple) / byPow - 1)).toBeLessThan(1e-14);
  });

  it('complex: shallower, flat floor with a central peak', () => {
    expect(complex.depth / 60000).toBeLessThan(0.2 / 2);
    expect(h(0.1, complex)).toBe(h(0.15, complex)); // flat floor between peak and wall
    expect(h(0, complex)).toBeGreaterThan(h(0.1, complex));
    expect(complex.qf).toBeGreaterThan(0);
  });

  it('C¹: derivative matches central differences, also across rim, floor edge and reach', () => {
    for (const s of [simple, complex, craterShape(craterShapeNew(), 800, morph, 0.3)]) {
      const scale = s.depth + s.rim;
      for (let q = 0.003; q < 7; q += 0.0137) {
        const e = 1e-7;
        const num = (h(q + e, s) - h(q - e, s)) / (2 * e);
        craterProfileD(q, s, o);
        // Tolerance, relative to the profile's scale: each height is rounded to ~2.2e-16·scale, and
        // dividing by 2e = 2e-7 gives ~1.1e-9 per rounded value (measured worst 3.1e-9); truncation
        // e²·h‴/6 is < 1e-13 and no sample lies within e of a join. A wrong or missing derivative
        // term is an O(scale) error.
        expect(Math.abs(o.d - num) / scale).toBeLessThan(1e-8);
      }
      // Slopes on both sides of the rim agree (no kink). Tolerance: over the 1e-12 offset the
      // interior slope moves by |h″|·1e-12 with |h″| < 20·scale for these shapes (measured
      // 9.4e-12·scale on the complex one); a kink moves it by O(scale).
      const l = craterProfileD(1 - 1e-12, s, o).d;
      const r = craterProfileD(1, s, o).d;
      expect(Math.abs(l - r) / scale).toBeLessThan(1e-10);
      // The ejecta reaches zero with zero slope: 1e-12 inside the reach the slope is
      // rim·qe^−1.5·2·1e-12/(qe − 1)² ≈ 3e-15·rim (measured 9e-16·scale), where a kink would leave O(rim).
      expect(Math.abs(craterProfileD(s.qe - 1e-12, s, o).d) / scale).toBeLessThan(1e-13);
    }
  });

  it('terraces: a complex wall has 1 + ⌊2·log2(D/D*)⌋ steps (at most 5), a simple bowl none', () => {
    const dStar = morph.transitionM;
    // The rule (ADR-0004), written here with Math.log2 rather than the code's multiplication loop.
    const expected = (d: number): number =>
      d <= dStar ? 0 : Math.min(5, 1 + Math.floor(2 * Math.log2(d / dStar)));
    const cases = [500, 5000, 0.9 * dStar, 1.1 * dStar, 1.6 * dStar, 2.5 * dStar, 3.5 * dStar, 85000, 200000];
    const seen = new Set<number>();
    for (const d of cases) {
      const s = craterShape(craterShapeNew(), d, morph, 1);
      const n = slopeMinima(s);
      expect(n, `D = ${(d / 1000).toFixed(1)} km`).toBe(expected(d));
      seen.add(n);
      // Terraces redistribute the wall, they do not deepen or raise the crater: the crest (the
      // height's maximum) over the floor is the plain wall's within 0.5 % (the crest moves by a
      // fraction of the rim’s small overshoot; measured ≤ 1e-7), so Pike’s d/D stands.
      const plain = { ...s, terraces: 0, terrace: 0 };
      const relief = (c: Readonly<CraterShape>): number => {
        let top = -Infinity;
        for (let i = 0; i <= 4000; i++) top = Math.max(top, h((1.1 * i) / 4000, c));
        return top - h(c.qf > 0 ? c.qf : 0, c);
      };
      expect(Math.abs(relief(s) / relief(plain) - 1), `D = ${(d / 1000).toFixed(1)} km crest`).toBeLessThan(
        5e-3,
      );
    }
    // Every count from 0 to 5 is met by the cases (the rule is exercised, not only its ends).
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('complex craters vary round the crater: tread lines move and pinch out, the rim is scalloped; ∂h/∂θ is exact', () => {
    // Tycho-sized (85 km, 5 terraces, 6 steps). The azimuth is set the way a caller does
    // (craterAzimuthAt), from Math.cos/sin here: the test's θ grid, not the field's arithmetic.
    const s = craterShape(craterShapeNew(), 85000, morph, 1);
    expect(s.terraces).toBe(5);
    const outer: number[] = [];
    const contrast: number[] = [];
    const crests: number[] = [];
    const scale = s.depth;
    let worstDt = 0;
    let steepestDt = 0;
    for (const spin of [0.1234, 0.5678, 0.9012]) {
      s.spin = spin;
      const radii: number[] = [];
      const ratios: number[] = [];
      const rims: number[] = [];
      for (let i = 0; i < 72; i++) {
        const th = (i * 2 * Math.PI) / 72;
        craterAzimuth[0] = Math.cos(th);
        craterAzimuth[1] = Math.sin(th);
        const t = treads(s);
        radii.push(t.outer);
        // The rim crest: the radius of the height's maximum over r in [0.8, 1.2] (1/2000 steps).
        let crest = 0.8;
        for (let k = 0; k <= 800; k++) {
          const r = 0.8 + k / 2000;
          if (h(r * r, s) > h(crest * crest, s)) crest = r;
        }
        rims.push(crest);
        ratios.push(t.contrast);
        // ∂h/∂θ against a central difference in θ on the lobed peak (q < qp = 0.04), the wall and
        // the scalloped rim and ejecta
        // (e = 1e-6 rad: truncation
        // e²·h‴ ≪ 1e-8·scale for these smooth signals, rounding ~1e-16·scale/e = 1e-10·scale).
        for (const q of [0.005, 0.02, 0.035, 0.3, 0.45, 0.6, 0.75, 0.9, 0.98, 1.05, 1.5, 3, 6]) {
          const e = 1e-6;
          craterAzimuth[0] = Math.cos(th + e);
          craterAzimuth[1] = Math.sin(th + e);
          const hp = h(q, s);
          craterAzimuth[0] = Math.cos(th - e);
          craterAzimuth[1] = Math.sin(th - e);
          const hm = h(q, s);
          craterAzimuth[0] = Math.cos(th);
          craterAzimuth[1] = Math.sin(th);
          craterProfileD(q, s, o);
          const dt = craterAzimuth[2];
          worstDt = Math.max(worstDt, Math.abs((hp - hm) / (2 * e) - dt) / scale);
          steepestDt = Math.max(steepestDt, Math.abs(dt) / scale);
        }
      }
      outer.push(Math.max(...radii) - Math.min(...radii));
      crests.push(Math.max(...rims) / Math.min(...rims));
      contrast.push(Math.max(...ratios) / Math.min(...ratios));
    }
    craterAzimuth[0] = 1;
    craterAzimuth[1] = 0;
    // One step of the wall is (rim − floor edge)/6 in r; concentric rings would move by 0.
    // The outermost tread's radius wanders by more than a fifth of a step round every crater.
    const step = (1 - Math.sqrt(s.qf)) / 6;
    for (const d of outer) expect(d / step).toBeGreaterThan(0.2);
    // Tread strength: the tread's slope over the riser's, its largest over its smallest round
    // the crater, > 1.5 (terraces fade and sharpen round the wall; a uniform ring gives 1).
    for (const c of contrast) expect(c).toBeGreaterThan(1.5);
    // The outline is scalloped: the crest's largest radius round the crater over its smallest is
    // above 1.03 (CRATER_RIM_SCALLOP 0.1 moves q = 1 by up to ±0.1, the radius by up to ±5 %; a
    // circle gives 1).
    for (const c of crests) expect(c).toBeGreaterThan(1.03);
    // The scallops end at CRATER_SCALLOP_REACH (q = 2) with zero slope: the heights' one-sided
    // slopes over δ = 1e-5 either side agree to 1e-4 of the depth at every azimuth (smooth: the
    // difference is O(δ·h″) ≈ 1e-6; a kink leaves O(ε·R·h′) ≈ 1e-2).
    for (let i = 0; i < 72; i++) {
      craterAzimuth[0] = Math.cos(i / 11.5);
      craterAzimuth[1] = Math.sin(i / 11.5);
      const dl = 1e-5;
      const l = (h(2, s) - h(2 - dl, s)) / dl;
      const r = (h(2 + dl, s) - h(2, s)) / dl;
      expect(Math.abs(l - r) / scale).toBeLessThan(1e-4);
    }
    craterAzimuth[0] = 1;
    craterAzimuth[1] = 0;
    expect(worstDt).toBeLessThan(1e-8);
    // Teeth: the height does vary with θ (a profile that ignored θ would pass the line above).
    expect(steepestDt).toBeGreaterThan(1e-3);
  });
});

/**
 * The outermost tread of a terraced wall, measured on the heights alone: the radius of the last
 * local minimum of the radial slope before the crest, and the contrast (the larger of the two
 * neighbouring slope maxima over that minimum).
 */
function treads(s: Readonly<CraterShape>): { outer: number; contrast: number } {
  const n = 2000;
  const hr = (r: number): number => h(r * r, s);
  const r0 = Math.sqrt(s.qf);
  const step = (1 - r0) / n;
  const slope: number[] = [];
  for (let i = 1; i < n; i++) {
    const r = r0 + i * step;
    slope.push((hr(r + step / 4) - hr(r - step / 4)) / (step / 2));
  }
  let at = -1;
  for (let i = 1; i + 1 < slope.length; i++) if (slope[i] < slope[i - 1] && slope[i] <= slope[i + 1]) at = i;
  if (at < 0) return { outer: 1, contrast: 1 };
  let left = slope[at];
  for (let i = at; i >= 0 && slope[i] >= left; i--) left = slope[i];
  let right = slope[at];
  for (let i = at; i < slope.length && slope[i] >= right; i++) right = slope[i];
  return { outer: r0 + (at + 1) * step, contrast: Math.max(left, right) / Math.max(slope[at], 1e-12) };
}

/**
 * Wall steps measured on the heights alone: local minima of the radial slope dh/dr (central
 * differences of h over r = √q) between the flat floor's edge and the rim crest (the height's
 * maximum), where the slope is positive (rising outward). A plain wall or bowl has one slope
 * maximum and no interior minimum; each terrace tread is one minimum.
 */
function slopeMinima(s: Readonly<CraterShape>): number {
  const n = 4000;
  const hr = (r: number): number => h(r * r, s);
  let crest = 0;
  for (let i = 0; i <= n; i++) if (hr((1.1 * i) / n) > hr(crest)) crest = (1.1 * i) / n;
  const r0 = Math.sqrt(s.qf);
  const step = (crest - r0) / n;
  const slope: number[] = [];
  for (let i = 1; i < n; i++) {
    const r = r0 + i * step;
    slope.push((hr(r + step / 4) - hr(r - step / 4)) / (step / 2));
  }
  let minima = 0;
  for (let i = 1; i + 1 < slope.length; i++)
    if (slope[i] > 0 && slope[i] < slope[i - 1] && slope[i] <= slope[i + 1]) minima++;
  return minima;
}
