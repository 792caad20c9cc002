// Rock census (ADR-0007): the rocks the scatter resolves against Golombek & Rapp's law per body,
// and the published rock abundances where they pin the law's k down.
//
// For each body, one fixed region near a face centre: the rocks of size classes 3 and 4
// (0.25–0.5 m and 0.5–1 m) counted and compared with the law's expectation computed here on its
// own — the ground sampled on a 24 × 24 grid (drawn elevation and gradient, the boulder-field
// signal), k from `rockAbundance`, n_k(D) = (4/π)·k·q·e^(−qD)/D² integrated by Simpson's rule
// with Math.exp, the region's area from spherical triangles. The band is 1 ± 4σ/E (σ: Poisson
// and the ground sample's standard error). Mars: the k that the resolved rocks ≥ 0.5 m imply
// (F_k(0.5) = their covered area fraction, solved for k) against the Viking landers' k;
// Luna: the area covered by rocks ≥ 0.25 m on a plain against Cintala & McBride's "well under 1 %".
import {
  boulderFieldBatch,
  drawnBatch,
  faceToDirection,
  getBody,
  regionAreaM2,
  regionGrid,
  regionOf,
  regionScatter,
  rockAbundance,
  rockClassMinDiameter,
  rockClassSlotRange,
  slopeTangent,
  terrainUnit,
  type Body,
  type Region,
  type Rock,
} from '@landfall/universe';

/** One census figure (the lead's census.ts unifies this interface across sections). */
export interface CensusRow {
  body: string;
  unit: string;
  figure: string;
  value: number;
  band: [number, number];
  source: string;
}

const GR = 'Golombek & Rapp 1997 (JGR 102(E2) 4117–4129)';
const BODIES = ['luna', 'mercury', 'mars', 'europa', 'io', 'venus'];
const REST_TAN = Math.tan((40 * Math.PI) / 180);
const GRID = 24;

function lawCount(k: number, d0: number, d1: number): number {
  if (!(k > 0)) return 0;
  const q = 1.79 + 0.152 / k;
  const f = (d: number): number => ((4 / Math.PI) * k * q * Math.exp(-q * d)) / (d * d);
  const m = 400;
  const h = (d1 - d0) / m;
  let sum = f(d0) + f(d1);
  for (let i = 1; i < m; i++) sum += (i % 2 ? 4 : 2) * f(d0 + i * h);
  return (sum * h) / 3;
}

/** Expected count of diameters in [d0, d1) in `r`, its standard error, and the region's mean k. */
function expectation(body: Body, r: Region, d0: number, d1: number): { mean: number; se: number; k: number } {
  const n = regionGrid(body);
  const count = GRID * GRID;
  const dirs = new Float64Array(3 * count);
  const v = { x: 0, y: 0, z: 0 };
  for (let a = 0; a < GRID; a++) {
    for (let b = 0; b < GRID; b++) {
      faceToDirection(
        r.face,
        -1 + (2 * (r.i + (a + 0.5) / GRID)) / n,
        -1 + (2 * (r.j + (b + 0.5) / GRID)) / n,
        v,
      );
      const at = 3 * (a * GRID + b);
      dirs[at] = v.x;
      dirs[at + 1] = v.y;
      dirs[at + 2] = v.z;
    }
  }
  const h = new Float64Array(count);
  const g = new Float64Array(3 * count);
  const e = new Float64Array(count);
  drawnBatch(body, dirs, count, h, g);
  boulderFieldBatch(body, dirs, count, e);
  const area = regionAreaM2(body, r);
  const vals: number[] = [];
  let kSum = 0;
  for (let i = 0; i < count; i++) {
    const tan = slopeTangent(body, h[i], g[3 * i], g[3 * i + 1], g[3 * i + 2]);
    const k =
      tan > REST_TAN
        ? 0
        : rockAbundance(
            body,
            terrainUnit(body, h[i], dirs[3 * i], dirs[3 * i + 1], dirs[3 * i + 2]),
            e[i],
            tan,
          );
    kSum += k;
    vals.push(area * lawCount(k, d0, d1));
  }
  const mean = vals.reduce((x, y) => x + y, 0) / count;
  const variance = vals.reduce((x, y) => x + (y - mean) * (y - mean), 0) / (count - 1);
  return { mean, se: Math.sqrt(variance / count), k: kSum / count };
}

/** k with k·e^(−q(k)·d) = f (bisection: F_k(d) grows with k). */
function kFromArea(f: number, d: number): number {
  let lo = 1e-4;
  let hi = 1;
  for (let it = 0; it < 60; it++) {
    const mid = (lo + hi) / 2;
    if (mid * Math.exp(-(1.79 + 0.152 / mid) * d) < f) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

const coveredArea = (rocks: readonly Rock[], dMin: number): number =>
  rocks.reduce((s, r) => (r.scale.x >= dMin ? s + (Math.PI * r.scale.x * r.scale.x) / 4 : s), 0);

/** The census rows for rocks. */
export function rocksSection(): CensusRow[] {
  const rows: CensusRow[] = [];
  for (const id of BODIES) {
    const body = getBody(id);
    const region = regionOf(body, faceToDirection(4, 0.05, -0.1, { x: 0, y: 0, z: 0 }));
    const rocks = regionScatter(body, region, [0, rockClassSlotRange(3)[1]]);
    for (const c of [3, 4]) {
      const d0 = rockClassMinDiameter(c);
      const got = rocks.filter((r) => r.sizeClass === c).length;
      const law = expectation(body, region, d0, 2 * d0);
      if (law.mean < 20) continue; // too few for a count to say anything
      const tol = (4 * Math.sqrt(law.mean + law.se * law.se)) / law.mean;
      rows.push({
        body: id,
        unit: `region f${region.face}/r${region.i}.${region.j} (mean k ${law.k.toFixed(4)})`,
        figure: `rocks ${d0}–${2 * d0} m: resolved / law (${got} / ${law.mean.toFixed(1)})`,
        value: got / law.mean,
        band: [1 - tol, 1 + tol],
        source: `${GR}, n_k(D) integrated; band 4σ (Poisson and ground sample)`,
      });
    }
    const area = regionAreaM2(body, region);
    if (id === 'mars') {
      rows.push({
        body: id,
        unit: 'plain',
        figure: 'k implied by resolved rocks ≥ 0.5 m (F_k(0.5) = covered area)',
        value: kFromArea(coveredArea(rocks, 0.5) / area, 0.5),
        band: [0.03, 0.18],
        source: `${GR} Table 1 (VL1 0.069, VL2 0.176); Christensen 1986 (Icarus 68) mode 0.06–0.08`,
      });
    }
    if (id === 'luna') {
      rows.push({
        body: id,
        unit: 'plain',
        figure: 'area fraction covered by rocks ≥ 0.25 m',
        value: coveredArea(rocks, 0.25) / area,
        band: [0, 0.01],
        source: 'Cintala & McBride 1995 (NASA TM-104804): blocks cover well under 1 % of plains',
      });
    }
  }
  return rows;
}
