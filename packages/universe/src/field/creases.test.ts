// The crease test for the canonical field (ADR-0004, issue 12): every kind of join, located on
// purpose, is C¹ — the gradient jump across it shrinks in proportion to ε (analytic gradient and,
// independently, finite differences of the height). Joins: the ladder craters' rim, flat-floor
// edge, central-peak edge, wall-terrace tread centres and ejecta reach, knob / pit edges and remnant-crater edges (real features
// from the candidate list, every body);
// the band flooding's shoreline ends (found by bisection); the named places' flood shores, crater
// rims and ejecta masks, shield feet and calderas, canyon walls and scarp faces. The planted max()
// that proves the probe has teeth is in tail/creases.test.ts (the same probe on the drawn field).
import { describe, expect, it } from 'vitest';
import { BODIES, getBody } from '../body/getBody';
import type { Body } from '../body/Body';
import { elevationAtD, type ElevationSample } from './elevation';
import { bandSample, bandsD } from './bands';
import { placeAdd, placesBegin, placesD } from './placeStage';
import { CandidatePool, KIND_BUMP, KIND_CRATER, KIND_REMNANT, gatherRungDir } from './candidates';
import { ladderPlan } from './ladderPlan';
import type { Vec3 } from '../math/vec3';
import { CRATER_EJECTA_REACH } from '../math/craterProfile';
import {
  FEATURE_CALDERA,
  FEATURE_CANYON,
  FEATURE_CRATER,
  FEATURE_FLOOD,
  FEATURE_SCARP,
  FEATURE_SHIELD,
  placeFeatures,
  type PlaceFeature,
} from '../places/placeFeatures';
import { PLACE_CALDERA_WALL, PLACE_SCARP_FACE, PLACE_SHORE_WIDTH } from '../places/placeTunables';
import { creaseProfile, shrinkOverLinear, stepAlong, tangentTowards } from '../testing/creaseProbe';
import { randomDirection } from '../tail/testPatches';

declare const console: { log(...args: unknown[]): void };
const SLOW = { timeout: 300_000 };

/** Smallest ε, m: below the curvature scale of the finest canonical features (8 m craters). */
const EPS_MIN_M = 0.01;
/** As in tail/creases.test.ts: C¹ gives ≈ 1 over 4 halvings, a crease ≈ 16. */
const LINEAR = 2;
const SPAN = 4;

const canonicalOf =
  (body: Body) =>
  (d: Readonly<Vec3>, out: ElevationSample): ElevationSample =>
    elevationAtD(body, d, out);

/**
 * Slope below which a finite-difference jump is rounding, not signal: heights of ~10 km carry
 * ~2e-12 m of rounding, over a half-step of ~1 mm that is ~1e-9 in slope; 1e-6 (a micrometre per
 * metre, far below anything drawn) leaves a factor 1000. Only the fd check uses it.
 */
const FD_FLOOR = 1e-6;
/**
 * The same for the analytic jump: a smootherstep edge (a canyon wall's) shrinks its jump as ε³,
 * to ~1e-18 at centimetre steps, where the ratio is rounding; a crease keeps ≥ ~1e-3. 1e-12 leaves
 * factors of 1e6 both ways.
 */
const EXACT_FLOOR = 1e-12;

/** Jump profile from ε0 down to EPS_MIN_M; returns the two shrink ratios. */
function probe(
  body: Body,
  p: Readonly<Vec3>,
  t: Readonly<Vec3>,
  eps0: number,
  field = canonicalOf(body),
): { exact: number; fd: number } {
  let steps = 1;
  for (let e = eps0; e > EPS_MIN_M; e /= 2) steps++;
  const pr = creaseProfile(field, body.radius, p, t, eps0, steps);
  const fd = pr.fd[pr.fd.length - 1 - SPAN] < FD_FLOOR ? 0 : shrinkOverLinear(pr.fd, SPAN);
  const exact = pr.exact[pr.exact.length - 1 - SPAN] < EXACT_FLOOR ? 0 : shrinkOverLinear(pr.exact, SPAN);
  return { exact, fd };
}

const placeBand = bandSample();
const placeTerm = placeAdd();
const one = new Float64Array(3);

/**
 * The place stage alone (placesD on a flat band: B + A, gradient on the tangent plane): a canyon's
 * joins probed without the ladder's metre-scale craters, whose curvature at centimetre steps would
 * read as a shrink ratio of 2–3 wherever a small crater's rim lies within the probe's reach.
 */
const placesOf =
  (body: Body) =>
  (d: Readonly<Vec3>, out: ElevationSample): ElevationSample => {
    one[0] = d.x;
    one[1] = d.y;
    one[2] = d.z;
    placesBegin(body, one, 1);
    Object.assign(placeBand, bandSample());
    placesD(d.x, d.y, d.z, placeBand, placeTerm);
    const gx = placeBand.gx + placeTerm.gx;
    const gy = placeBand.gy + placeTerm.gy;
    const gz = placeBand.gz + placeTerm.gz;
    const r = gx * d.x + gy * d.y + gz * d.z;
    out.h = placeBand.h + placeTerm.v;
    out.gx = gx - r * d.x;
    out.gy = gy - r * d.y;
    out.gz = gz - r * d.z;
    return out;
  };

/** Unit tangent ⊥ unit c (any). */
function anyTangent(c: Readonly<Vec3>): Vec3 {
  return tangentTowards(c, Math.abs(c.x) < 0.5 ? { x: 1, y: 0, z: 0 } : { x: 0, y: 1, z: 0 });
}

/**
 * normalise(c + a·e) at squared chord s from unit c (e unit, ⊥ c): 2 − 2/√(1 + a²) = s, so
 * a = √(s(1 − s/4))/(1 − s/2), written without the cancelling difference.
 */
function atChord2(c: Readonly<Vec3>, e: Readonly<Vec3>, s: number): Vec3 {
  const a = Math.sqrt(s * (1 - s / 4)) / (1 - s / 2);
  const x = c.x + a * e.x;
  const y = c.y + a * e.y;
  const z = c.z + a * e.z;
  const l = Math.sqrt(x * x + y * y + z * z);
  return { x: x / l, y: y / l, z: z / l };
}

/** Probes the circle of squared chord s around c, crossing radially; ε0 = `eps0` m. */
function acrossCircle(body: Body, c: Readonly<Vec3>, s: number, eps0: number): { exact: number; fd: number } {
  const p = atChord2(c, anyTangent(c), s);
  return probe(body, p, tangentTowards(p, { x: p.x - c.x, y: p.y - c.y, z: p.z - c.z }), eps0);
}

function expectC1(r: { exact: number; fd: number }, what: string): void {
  expect(r.exact, `${what}: analytic jump shrink / linear`).toBeLessThan(LINEAR);
  expect(r.fd, `${what}: finite-difference jump shrink / linear`).toBeLessThan(LINEAR);
}

describe('crease test: canonical joins are C¹', () => {
  it(
    'ladder craters (candidate list): rim, floor edge, peak edge and ejecta reach on every body',
    SLOW,
    () => {
      const pool = new CandidatePool();
      const dirs = new Float64Array(3);
      let joins = 0;
      let bumps = 0;
      let remnants = 0;
      let terraceEdges = 0;
      for (const body of BODIES) {
        const plan = ladderPlan(body);
        const d0 = randomDirection(0x12f, BODIES.indexOf(body), { x: 0, y: 0, z: 0 });
        dirs[0] = d0.x;
        dirs[1] = d0.y;
        dirs[2] = d0.z;
        // Three rungs spread over the ladder (coarse, middle, fine), a crater of each.
        for (const k of [1, Math.floor(plan.rungs / 2), plan.rungs - 1]) {
          pool.count = 0;
          gatherRungDir(pool, body, plan, k, dirs, 0);
          let j = -1;
          let bump = -1;
          let remnant = -1;
          for (let i = 0; i < pool.count; i++) {
            if (pool.kind[i] === KIND_CRATER && (j < 0 || pool.qf[i] > pool.qf[j])) j = i;
            if (pool.kind[i] === KIND_BUMP) bump = i;
            if (pool.kind[i] === KIND_REMNANT) remnant = i;
          }
          // A remnant crater, rim·(1 − q²)², and a knob or pit, rim·(1 − q)²: each zero with zero
          // slope at its edge q = 1.
          for (const [i, what] of [
            [remnant, 'remnant'],
            [bump, 'knob'],
          ] as const) {
            if (i < 0) continue;
            const b = { x: pool.nx[i], y: pool.ny[i], z: pool.nz[i] };
            const edgeM = body.radius / Math.sqrt(pool.invR2[i]);
            expectC1(
              acrossCircle(body, b, 1 / pool.invR2[i], 0.05 * edgeM),
              `${body.id} rung ${k} ${what} edge`,
            );
            if (i === remnant) remnants++;
            else bumps++;
          }
          if (j < 0) continue;
          const c = { x: pool.nx[j], y: pool.ny[j], z: pool.nz[j] };
          const rimM = body.radius / Math.sqrt(pool.invR2[j]);
          const circles = [1, pool.qe[j], pool.qf[j], pool.qp[j]].filter((q) => q > 0);
          // The wall terraces' tread centres, where the staircase's fraction wraps (math/craterProfile.ts).
          const m = pool.terraces[j] + 1;
          for (let i = 1; i < m; i++) circles.push(pool.qf[j] + (i / m) * (1 - pool.qf[j]));
          terraceEdges += m - 1;
          for (const q of circles) {
            const r = acrossCircle(body, c, q / pool.invR2[j], 0.05 * rimM);
            expectC1(r, `${body.id} rung ${k} crater (rim ${rimM.toFixed(0)} m) at q = ${q.toFixed(3)}`);
            joins++;
          }
        }
      }
      // Remnants are sparse (CRATER_REMNANT_SHARE 0.5 of the erased share): on Luna's middle rung,
      // gather at more directions until one holds a remnant, and probe its edge too.
      const luna = BODIES.find((b) => b.id === 'luna')!;
      const lunaPlan = ladderPlan(luna);
      for (let t = 0; t < 64 && remnants === 0; t++) {
        const d = randomDirection(0x12f0 + t, 0, { x: 0, y: 0, z: 0 });
        dirs[0] = d.x;
        dirs[1] = d.y;
        dirs[2] = d.z;
        pool.count = 0;
        gatherRungDir(pool, luna, lunaPlan, Math.floor(lunaPlan.rungs / 2), dirs, 0);
        for (let i = 0; i < pool.count; i++) {
          if (pool.kind[i] !== KIND_REMNANT) continue;
          const b = { x: pool.nx[i], y: pool.ny[i], z: pool.nz[i] };
          const edgeM = luna.radius / Math.sqrt(pool.invR2[i]);
          expectC1(acrossCircle(luna, b, 1 / pool.invR2[i], 0.05 * edgeM), `luna remnant edge (search ${t})`);
          remnants++;
          break;
        }
      }
      console.log(
        `ladder crater joins probed: ${joins} (terrace treads ${terraceEdges}), knob edges: ${bumps}, remnant edges: ${remnants}`,
      );
      expect(joins).toBeGreaterThanOrEqual(2 * BODIES.length);
      expect(terraceEdges).toBeGreaterThan(0);
      // Luna's middle rung (4.9 km) is saturated on its highlands: remnants are found and probed.
      expect(remnants).toBeGreaterThan(0);
    },
  );

  it(
    'band flooding: both ends of the shoreline smoothstep, found by bisection (flooded bodies)',
    SLOW,
    () => {
      const band = bandSample();
      const one = new Float64Array(3);
      const shoreAt = (body: Body, d: Readonly<Vec3>): number => {
        one[0] = d.x;
        one[1] = d.y;
        one[2] = d.z;
        return bandsD(body, one, 0, band).shore;
      };
      let joins = 0;
      for (const body of BODIES.filter((b) => b.grammar.flooding > 0)) {
        const q: Vec3 = { x: 0, y: 0, z: 0 };
        for (const edge of [0, 1]) {
          // Walk a great circle in 0.01 rad steps until the predicate (shore beyond its end) flips.
          const inside = (d: Readonly<Vec3>): boolean =>
            edge === 0 ? shoreAt(body, d) > 0 : shoreAt(body, d) < 1;
          let found = false;
          for (let i = 0; i < 40 && !found; i++) {
            const p0 = randomDirection(0x130 + edge, i, { x: 0, y: 0, z: 0 });
            const t = anyTangent(p0);
            const a0 = inside(p0);
            for (let s = 0.01; s < 1.5 && !found; s += 0.01) {
              if (inside(stepAlong(p0, t, s, q)) === a0) continue;
              let lo = s - 0.01;
              let hi = s;
              for (let n = 0; n < 60; n++) {
                const mid = (lo + hi) / 2;
                if (inside(stepAlong(p0, t, mid, q)) === a0) lo = mid;
                else hi = mid;
              }
              const p = stepAlong(p0, t, lo, { x: 0, y: 0, z: 0 });
              // The walk's direction at p, made tangent there.
              const r = probe(body, p, tangentTowards(p, t), 50);
              expectC1(r, `${body.id} shoreline end ${edge}`);
              found = true;
              joins++;
            }
          }
        }
      }
      expect(joins).toBeGreaterThanOrEqual(2 * 10);
    },
  );

  it(
    'named places: flood shores, crater rim and mask, shield foot and caldera, canyon walls, scarp faces',
    SLOW,
    () => {
      const kinds = new Set<number>();
      let canyonJoins = 0;
      for (const id of ['luna', 'mars', 'mercury']) {
        const body = getBody(id);
        for (const f of placeFeatures(body)) {
          kinds.add(f.kind);
          for (const [p, t, eps0, what] of placeJoins(body, f)) {
            const alone = f.kind === FEATURE_CANYON ? placesOf(body) : undefined;
            expectC1(probe(body, p, t, eps0, alone), `${id} ${what}`);
            if (f.kind === FEATURE_CANYON) canyonJoins++;
          }
        }
      }
      for (const k of [
        FEATURE_FLOOD,
        FEATURE_CRATER,
        FEATURE_SHIELD,
        FEATURE_CALDERA,
        FEATURE_CANYON,
        FEATURE_SCARP,
      ])
        expect(kinds).toContain(k);
      // Every chasma segment: four wall edges and two joint crossings.
      expect(canyonJoins).toBeGreaterThanOrEqual(6 * 40);
    },
  );
});

type Join = [Vec3, Vec3, number, string];

/** The located joins of one named feature: point, crossing tangent, ε0 (m), name. */
function placeJoins(body: Body, f: PlaceFeature): Join[] {
  const c = { x: f.cx, y: f.cy, z: f.cz };
  const rhoM = body.radius / Math.sqrt(f.invRho2);
  const out: Join[] = [];
  const circle = (r: number, what: string): void => {
    const p = atChord2(c, anyTangent(c), (r * r) / f.invRho2);
    out.push([p, tangentTowards(p, { x: p.x - c.x, y: p.y - c.y, z: p.z - c.z }), 0.02 * rhoM, what]);
  };
  if (f.kind === FEATURE_FLOOD) {
    const b = PLACE_SHORE_WIDTH;
    circle(1 - b, 'flood shore inner end');
    circle(1 + b, 'flood shore outer end');
  } else if (f.kind === FEATURE_CRATER) {
    circle(1, 'named crater rim');
    if (f.shape.qf > 0) circle(Math.sqrt(f.shape.qf), 'named crater floor edge');
    const m = f.shape.terraces + 1;
    for (let i = 1; i < m; i++)
      circle(Math.sqrt(f.shape.qf + (i / m) * (1 - f.shape.qf)), `named crater terrace tread ${i}`);
    circle(CRATER_EJECTA_REACH, 'named crater ejecta reach and mask end');
  } else if (f.kind === FEATURE_SHIELD) {
    circle(1, 'shield foot');
    if (f.calderaK > 0) circle(1 / Math.sqrt(f.calderaK), 'caldera rim');
    if (f.escarp > 0) circle(Math.sqrt(f.escarpQ), 'basal escarpment top');
  } else if (f.kind === FEATURE_CALDERA) {
    circle(1, 'named caldera rim');
    circle(1 - PLACE_CALDERA_WALL, 'named caldera floor edge');
  } else if (f.kind === FEATURE_CANYON) {
    // A canyon segment in its frame (m, n, t orthonormal): p(s, u) = s·n + u·t + √(1 − s² − u²)·m.
    const at = (sv: number, uv: number): Vec3 => {
      const k = Math.sqrt(1 - sv * sv - uv * uv);
      return {
        x: sv * f.nx + uv * f.tx + k * f.cx,
        y: sv * f.ny + uv * f.ty + k * f.cy,
        z: sv * f.nz + uv * f.tz + k * f.cz,
      };
    };
    const n = { x: f.nx, y: f.ny, z: f.nz };
    const t = { x: f.tx, y: f.ty, z: f.tz };
    // The mid cross-section (u = 0: floor edge and rim are the means of the ends'), crossing along n.
    const inner = (f.inA + f.inB) / 2;
    const outer = (f.outA + f.outB) / 2;
    for (const sv of [inner, outer, -inner, -outer]) {
      const p = at(sv, 0);
      out.push([p, tangentTowards(p, n), 0.02 * outer * body.radius, `canyon wall at s = ${sv}`]);
    }
    // The joint at the b vertex (u = uHalf: the width blend ends, the distance turns to the
    // vertex), crossed along t at mid-wall on both sides.
    const midB = (f.inB + f.outB) / 2;
    for (const sv of [midB, -midB]) {
      const p = at(sv, f.uHalf);
      out.push([p, tangentTowards(p, t), 0.02 * f.outB * body.radius, `canyon segment joint at s = ${sv}`]);
    }
  } else {
    // Scarp: points on the mid cross-section at s = p·n, p = normalise(m + σn), σ = s/√(1 − s²).
    const n = { x: f.nx, y: f.ny, z: f.nz };
    for (const a of [-1, -1 + 2 * PLACE_SCARP_FACE, 1]) {
      const s = a * f.sHalf;
      const sigma = s / Math.sqrt(1 - s * s);
      const p = stepAlong(c, n, sigma, { x: 0, y: 0, z: 0 });
      out.push([p, tangentTowards(p, n), 0.02 * f.sHalf * body.radius, `scarp at a = ${a}`]);
    }
  }
  return out;
}
