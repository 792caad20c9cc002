import { describe, expect, it } from 'vitest';
import { BODIES, getBody } from '../body/getBody';
import type { Body } from '../body/Body';
import { elevationAtD, elevationSample } from '../field/elevation';
import type { Vec3 } from '../math/vec3';
import { drawnDivergence, drawnElevationAtD, microReliefD } from './drawn';
import { microCraterBatch } from './microCraterBatch';
import { gritAt } from './grit';
import {
  axisExtent,
  cellHi,
  cellLo,
  microCellCrater,
  microCellPoint,
  microPlan,
  type MicroCellPoint,
  type MicroCrater,
} from './microPlan';
import { MICRO_DEPTH_RATIO, MICRO_RUNG_BASE, MICRO_RIM_RATIO } from './tailTunables';
import { CANONICAL_DETAIL_FLOOR } from '../field/tunables';
import { equilibriumN, productionN } from '../field/production';
import { randomDirection, stepDirection, tangentOf } from './testPatches';

/** The universe package has no DOM or Node typings; tests print figures through the host console. */
declare const console: { log(...args: unknown[]): void };
const SLOW = { timeout: 300_000 };
const v = (): Vec3 => ({ x: 0, y: 0, z: 0 });

/** Every crater of rung `r` whose centre lies within `radiusM` (chord) of `d0`. */
function cratersNear(body: Body, r: number, d0: Vec3, radiusM: number): MicroCrater[] {
  const plan = microPlan(body);
  const rung = plan.rungs[r];
  const R = plan.radius;
  const found: MicroCrater[] = [];
  const q: MicroCellPoint = { h: 0, qx: 0, qy: 0, qz: 0, q2: 0, j2: 0 };
  const e = (a: number): number => axisExtent(rung, a) + radiusM;
  for (let ix = cellLo(d0.x * R, e(d0.x), rung.cell); ix <= cellHi(d0.x * R, e(d0.x), rung.cell); ix++) {
    for (let iy = cellLo(d0.y * R, e(d0.y), rung.cell); iy <= cellHi(d0.y * R, e(d0.y), rung.cell); iy++) {
      for (let iz = cellLo(d0.z * R, e(d0.z), rung.cell); iz <= cellHi(d0.z * R, e(d0.z), rung.cell); iz++) {
        if (!microCellPoint(rung, ix, iy, iz, q)) continue;
        const c = microCellCrater(plan, rung, q, { cx: 0, cy: 0, cz: 0, k: 0, depth: 0, rim: 0, fresh: 0 });
        const dx = c.cx - d0.x;
        const dy = c.cy - d0.y;
        const dz = c.cz - d0.z;
        if (R * R * (dx * dx + dy * dy + dz * dz) < radiusM * radiusM) found.push(c);
      }
    }
  }
  return found;
}

describe('micro crater ladder', () => {
  it('numbers its rungs from MICRO_RUNG_BASE, above every canonical rung of the zoo', () => {
    for (const body of BODIES) {
      // Canonical rungs halve from the largest crater down to the canonical floor.
      let rungs = 0;
      for (let d = body.grammar.largestCraterM; d >= CANONICAL_DETAIL_FLOOR; d /= 2) rungs++;
      expect(rungs).toBeLessThan(MICRO_RUNG_BASE);
    }
  });

  it(
    'census: density follows the equilibrium law × (1 − air)^4 × the crater share; fresh craters keep d/D = 0.2',
    SLOW,
    () => {
      const d0 = randomDirection(3, 1, v());
      const luna = cratersNear(getBody('luna'), 0, d0, 300);
      // Mars keeps (1 − air)^4 ≈ 0.125 of the lunar density: count it over 4× the area (600 m).
      const mars = cratersNear(getBody('mars'), 0, d0, 600);
      const venus = cratersNear(getBody('venus'), 0, d0, 300);
      // Expected on Luna: 0.75·C/D²·π·300² = 0.75·0.13/16·π·9e4 ≈ 1723; Poisson σ ≈ 42 → ±5 %.
      const expected = ((0.75 * 0.13) / 16) * Math.PI * 300 * 300;
      const a = 1 - getBody('mars').grammar.air;
      const expectedMars = 4 * expected * a * a * a * a;
      console.log(
        `census rung 0: luna within 300 m ${luna.length} (expected ${expected.toFixed(0)}), mars within 600 m ${mars.length} (expected ${expectedMars.toFixed(0)})`,
      );
      expect(Math.abs(luna.length / expected - 1)).toBeLessThan(0.05);
      // Expected on Mars ≈ 4 × 1723 × 0.125 ≈ 864; Poisson σ ≈ 29 → 3σ ≈ ±10 %.
      expect(Math.abs(mars.length / expectedMars - 1)).toBeLessThan(0.1);
      expect(venus.length).toBe(0);
      // Europa (airless, 60 Myr) keeps its old unit's crater share at the canonical floor of the
      // equilibrium density: production over equilibrium at 8 m from the production law itself
      // (≈ 0.29), counted over 4× the area: ≈ 2,000 expected, Poisson 3σ ≈ ±7 % → 8 %.
      const europaBody = getBody('europa');
      const age = europaBody.grammar.units.highland.ageGyr;
      const share =
        productionN(europaBody, CANONICAL_DETAIL_FLOOR, age) / equilibriumN(CANONICAL_DETAIL_FLOOR);
      expect(share).toBeLessThan(0.5);
      const europa = cratersNear(europaBody, 0, d0, 600);
      const expectedEuropa = 4 * expected * share;
      console.log(
        `census rung 0: europa within 600 m ${europa.length} (expected ${expectedEuropa.toFixed(0)})`,
      );
      expect(Math.abs(europa.length / expectedEuropa - 1)).toBeLessThan(0.08);
      let fresh = 0;
      for (const c of luna) {
        const diameter = (2 * getBody('luna').radius) / Math.sqrt(c.k);
        expect(diameter).toBeGreaterThanOrEqual(4);
        expect(diameter).toBeLessThan(8);
        const ratio = c.depth / diameter;
        // Tolerance, u = 2^−53: the diameter comes back through k = R²/rc² and a sqrt (4u), depth is
        // two products (2u) and the ratio one quotient: 7u of 0.2, 1.6e-16 (measured 0 above,
        // 1.5e-13 clear below).
        expect(ratio).toBeLessThanOrEqual(MICRO_DEPTH_RATIO + 1.6e-16);
        expect(ratio).toBeGreaterThanOrEqual(0.25 * MICRO_DEPTH_RATIO - 1.6e-16);
        // Tolerance: rim and depth are two products each and the two ratios one quotient each: 6u
        // relative, 6.7e-16 (measured 2.2e-16).
        expect(Math.abs(c.rim / c.depth / (MICRO_RIM_RATIO / MICRO_DEPTH_RATIO) - 1)).toBeLessThan(6.7e-16);
        if (c.fresh > 0.95) {
          fresh++;
          expect(ratio).toBeGreaterThan(0.19);
        }
      }
      expect(fresh).toBeGreaterThan(10);
    },
  );

  it('analytic gradient matches central differences (worst/steepest < 1 %, with teeth)', SLOW, () => {
    const a = elevationSample();
    const hp = elevationSample();
    const hm = elevationSample();
    const d = v();
    const t = v();
    const p = v();
    const m = v();
    for (const id of ['luna', 'mars', 'europa', 'phobos']) {
      const body = getBody(id);
      // 10 µm step: far below crater sizes, so a difference rarely straddles a rim crest.
      const eps = 1e-5 / body.radius;
      let worst = 0;
      let steepest = 0;
      for (let i = 0; i < 1500; i++) {
        randomDirection(21, i, d);
        tangentOf(d, t);
        microReliefD(body, d, a);
        microReliefD(body, stepDirection(d, t, eps, p), hp);
        microReliefD(body, stepDirection(d, t, -eps, m), hm);
        const numeric = (hp.h - hm.h) / (2 * eps);
        const analytic = a.gx * t.x + a.gy * t.y + a.gz * t.z;
        worst = Math.max(worst, Math.abs(numeric - analytic));
        steepest = Math.max(steepest, Math.abs(analytic));
      }
      // Teeth: metre-scale craters are steep (m per radian = slope × radius); on Mars the aeolian
      // fill keeps (1 − air)² ≈ 0.35 of their depth (measured 0.29), so its floor is 0.1.
      expect(steepest / body.radius).toBeGreaterThan(id === 'mars' ? 0.1 : 0.3);
      expect(worst / steepest).toBeLessThan(0.01);
    }
  });

  it(
    '|drawn − canonical| ≤ drawnDivergence over ≥ 100,000 directions per body, incl. the deepest craters',
    SLOW,
    () => {
      // drawn − canonical is exactly microRelief (drawn.test.ts proves drawn = canonical + micro bit
      // for bit), so the sweep evaluates the tail alone: the crater batch plus the grit per sample.
      const n = 100_000;
      const dirs = new Float64Array(3 * n);
      const craters = new Float64Array(n);
      const d = v();
      const g = elevationSample();
      for (let i = 0; i < n; i++) {
        randomDirection(5, i, d);
        dirs[3 * i] = d.x;
        dirs[3 * i + 1] = d.y;
        dirs[3 * i + 2] = d.z;
      }
      const lines: string[] = [];
      for (const body of BODIES) {
        microCraterBatch(body, dirs, n, craters, null, null);
        let max = 0;
        for (let i = 0; i < n; i++) {
          gritAt(body, dirs[3 * i], dirs[3 * i + 1], dirs[3 * i + 2], g);
          max = Math.max(max, Math.abs(craters[i] + g.h));
        }
        const bound = drawnDivergence(body);
        lines.push(`${body.id} ${max.toFixed(3)}/${bound.toFixed(4)}`);
        expect(max).toBeLessThanOrEqual(bound);
      }
      // Aimed samples: the 40 deepest top-rung craters near three points, a 15 × 15 grid over each
      // bowl, through the full drawn − canonical difference.
      const s = elevationSample();
      const c0 = elevationSample();
      for (const id of ['luna', 'mercury', 'callisto']) {
        const body = getBody(id);
        const bound = drawnDivergence(body);
        let max = 0;
        let deepest = 0;
        for (let k = 0; k < 3; k++) {
          const centre = randomDirection(9, k, v());
          const found = cratersNear(body, 0, centre, 400).sort((x, y) => y.depth - x.depth);
          for (const c of found.slice(0, 40)) {
            deepest = Math.max(deepest, c.depth);
            const rc = 1 / Math.sqrt(c.k);
            const cd = { x: c.cx, y: c.cy, z: c.cz };
            const t1 = tangentOf(cd, v());
            const t2 = {
              x: cd.y * t1.z - cd.z * t1.y,
              y: cd.z * t1.x - cd.x * t1.z,
              z: cd.x * t1.y - cd.y * t1.x,
            };
            for (let i = -7; i <= 7; i++) {
              for (let j = -7; j <= 7; j++) {
                const a = (i / 7) * rc;
                const b = (j / 7) * rc;
                const x = cd.x + a * t1.x + b * t2.x;
                const y = cd.y + a * t1.y + b * t2.y;
                const z = cd.z + a * t1.z + b * t2.z;
                const l = Math.sqrt(x * x + y * y + z * z);
                d.x = x / l;
                d.y = y / l;
                d.z = z / l;
                drawnElevationAtD(body, d, s);
                elevationAtD(body, d, c0);
                max = Math.max(max, Math.abs(s.h - c0.h));
              }
            }
          }
        }
        lines.push(
          `${id} aimed ${max.toFixed(3)}/${bound.toFixed(4)} (deepest crater ${deepest.toFixed(3)} m)`,
        );
        expect(deepest).toBeGreaterThan(1.2);
        expect(max).toBeGreaterThan(1);
        expect(max).toBeLessThanOrEqual(bound);
      }
      console.log(`max |drawn − canonical| / bound (m):\n${lines.join('\n')}`);
    },
  );

  it(
    'slope at a 1 m baseline: drawn in 5–20° (Luna, Mercury); canonical near flat by differential slope',
    SLOW,
    () => {
      // Two measures over the same four points per sample, at arc offsets −L, −L/2, +L/2, +L (L = 1 m)
      // along a random tangent:
      //   plain RMS slope         (h(+L/2) − h(−L/2)) / L, the published 5–20° band's measure;
      //   differential slope      (h(+L/2) − h(−L/2)) / L − (h(+L) − h(−L)) / (2L)
      //   (Kreslavsky et al. 2013, Icarus 226, 52–66): subtracts the tilt inherited from larger
      //   scales, so it reads the roughness *at* L. The canonical field's smallest rungs (8–16 m
      //   craters) tilt a 1 m baseline (plain 6–14°) but barely curve over it (differential ≪ 1°).
      // drawn = canonical + micro relief bit for bit (drawn.test.ts), so the drawn heights are the sums.
      const L = 1;
      const offsets = [-L, -L / 2, L / 2, L];
      const c = [elevationSample(), elevationSample(), elevationSample(), elevationSample()];
      const m = [elevationSample(), elevationSample(), elevationSample(), elevationSample()];
      const d = v();
      const t = v();
      const e = v();
      const lines: string[] = [];
      type Figures = { plain: number; differential: number };
      const figures: Record<string, { drawn: Figures; tail: Figures; canonical: Figures }> = {};
      const deg = (sum2: number, n: number): number => (Math.atan(Math.sqrt(sum2 / n)) * 180) / Math.PI;
      const plain = (h: (k: number) => number): number => (h(2) - h(1)) / L;
      const differential = (h: (k: number) => number): number => plain(h) - (h(3) - h(0)) / (2 * L);
      const canonH = (k: number): number => c[k].h;
      const tailH = (k: number): number => m[k].h;
      const drawnH = (k: number): number => c[k].h + m[k].h;
      for (const id of ['luna', 'mercury', 'mars', 'europa']) {
        const body = getBody(id);
        const sums = new Float64Array(6);
        const n = 2000;
        for (let i = 0; i < n; i++) {
          randomDirection(31, i, d);
          tangentOf(d, t);
          for (let k = 0; k < 4; k++) {
            stepDirection(d, t, offsets[k] / body.radius, e);
            elevationAtD(body, e, c[k]);
            microReliefD(body, e, m[k]);
          }
          const f = [plain(drawnH), differential(drawnH), plain(tailH), differential(tailH)];
          f.push(plain(canonH), differential(canonH));
          for (let j = 0; j < 6; j++) sums[j] += f[j] * f[j];
        }
        const pair = (j: number): Figures => ({ plain: deg(sums[j], n), differential: deg(sums[j + 1], n) });
        const fig = (figures[id] = { drawn: pair(0), tail: pair(2), canonical: pair(4) });
        const show = (x: Figures): string => `${x.plain.toFixed(2)}° / ${x.differential.toFixed(3)}°`;
        lines.push(
          `${id.padEnd(8)} drawn ${show(fig.drawn)}  tail alone ${show(fig.tail)}  canonical ${show(fig.canonical)}`,
        );
      }
      console.log(`RMS slope at 1 m baseline (plain / differential), 2,000 directions:\n${lines.join('\n')}`);
      for (const id of ['luna', 'mercury']) {
        // The published band for airless regolith at 1 m.
        expect(figures[id].drawn.plain).toBeGreaterThan(5);
        expect(figures[id].drawn.plain).toBeLessThan(20);
        expect(figures[id].tail.plain).toBeGreaterThan(5);
        expect(figures[id].tail.plain).toBeLessThan(20);
        // The tail adds roughness at this scale: drawn is rougher than canonical alone.
        expect(figures[id].drawn.plain).toBeGreaterThan(figures[id].canonical.plain);
      }
      for (const id of ['luna', 'mercury', 'mars', 'europa']) {
        // Near flat at 1 m: the canonical floor is 8 m craters, whose curvature over a 1 m baseline
        // is small (measured 0.13–0.32°); 1° leaves room for the steepest walls without admitting
        // metre-scale relief.
        expect(figures[id].canonical.differential).toBeLessThan(1);
        // The tail carries the 1 m scale: at least three times the canonical figure everywhere.
        expect(figures[id].drawn.differential).toBeGreaterThan(3 * figures[id].canonical.differential);
        // Airless bodies: the full tail (measured 3.5–3.8°). Mars: air 0.405 keeps (1 − air)^4 ≈ 1/8
        // of the craters at (1 − air)² ≈ 0.35 of their depth and 1/8 of the grit (measured 0.53°;
        // Kirk et al. 2008 put its plains at 2–3° RMS at 1 m in all), so its floor is 0.3°.
        expect(figures[id].drawn.differential).toBeGreaterThan(id === 'mars' ? 0.3 : 2);
      }
    },
  );
});
