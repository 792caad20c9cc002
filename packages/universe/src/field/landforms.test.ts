// The bodies' own landforms measured on the public canonical field (elevationAt, darkMaterialAt),
// against the sizes the literature states (landformTunables.ts sources): Europa's double ridges,
// lineae and sparse craters; Mercury's lobate scarps and smooth plains. The arc lattice is used
// only to find a feature; every assertion reads the field itself.
import { describe, expect, it } from 'vitest';
import { getBody } from '../body/getBody';
import type { Body } from '../body/Body';
import { rehash, unitFromHash } from '../math/hash';
import type { Vec3 } from '../math/vec3';
import { farProbes } from '../testing/probes';
import { ARC_STRIDE, arcSet, gatherArcs, type ArcOctave } from './arcLattice';
import { coverAt } from '../cover/cover';
import { craterDensity } from './craterCensus';
import { derivativeHarness } from '../testing/derivativeHarness';
import { elevationAt, elevationAtD } from './elevation';
import { chaosD, chaosLattice, chaosRaftD, chaosSample } from './chaos';
import { ridgeOctaves } from './icyRidges';
import { darkMaterialAt } from './landforms';
import {
  CHAOS_RADIUS_MAX_M,
  CHAOS_RAFT_HALF_MAX,
  CHAOS_RAFT_SPACING_M,
  LINEA_HALF_WIDTH_MAX_M,
  LINEA_HALF_WIDTH_MIN_M,
  LINEA_STAIN,
} from './landformTunables';
import { LINEA_FILTER_CELLS, lineaeStain, lineaOctaves } from './lineae';
import { scarpOctaves } from './lobateScarps';
import { plainWeightAt } from './units';

interface Arc {
  c: Vec3;
  /** Unit tangent at c across the arc (s grows along it) and along it. */
  across: Vec3;
  along: Vec3;
  hash: number;
}

/** Up to `want` arcs of `oct` found at hashed probes of `body`. */
function findArcs(body: Body, oct: Readonly<ArcOctave>, want: number): Arc[] {
  const set = arcSet();
  const found: Arc[] = [];
  const seen = new Set<number>();
  for (const p of farProbes(body.seed ^ 0x1234, 4000)) {
    gatherArcs(oct, p.x, p.y, p.z, set);
    for (let i = 0; i < set.count && found.length < want; i++) {
      const a = set.arcs.subarray(ARC_STRIDE * i, ARC_STRIDE * (i + 1));
      if (seen.has(a[11])) continue;
      seen.add(a[11]);
      const k = a[9];
      const inv = a[10];
      const c = { x: a[0], y: a[1], z: a[2] };
      found.push({
        c,
        across: { x: (a[3] - k * c.x) * inv, y: (a[4] - k * c.y) * inv, z: (a[5] - k * c.z) * inv },
        along: { x: a[6], y: a[7], z: a[8] },
        hash: a[11],
      });
    }
    if (found.length >= want) break;
  }
  return found;
}

/** Point at tangent offsets (a, b) rad from c along unit tangents e1, e2, on the unit sphere. */
function at(c: Vec3, e1: Vec3, a: number, e2: Vec3, b: number): Vec3 {
  const x = c.x + a * e1.x + b * e2.x;
  const y = c.y + a * e1.y + b * e2.y;
  const z = c.z + a * e1.z + b * e2.z;
  const l = Math.sqrt(x * x + y * y + z * z);
  return { x: x / l, y: y / l, z: z / l };
}

/** Elevation across an arc at c over ±halfM metres, step stepM, less the line through its ends. */
function transect(body: Body, arc: Arc, halfM: number, stepM: number): { s: number[]; h: number[] } {
  const s: number[] = [];
  const h: number[] = [];
  for (let m = -halfM; m <= halfM + 1e-9; m += stepM) {
    s.push(m);
    h.push(elevationAt(body, at(arc.c, arc.across, m / body.radius, arc.along, 0)));
  }
  const h0 = h[0];
  const h1 = h[h.length - 1];
  for (let i = 0; i < h.length; i++) h[i] -= h0 + ((h1 - h0) * i) / (h.length - 1);
  return { s, h };
}

describe('Europa', () => {
  const europa = getBody('europa');

  it('double ridges: two crests 0.4–1.4 km apart, 70–330 m high, a trough between (Greeley et al. 2004)', () => {
    // The finest double-ridge octave (width scale 1: the published 1–2 km double ridges; the
    // longer octaves are up to 2× wider ridge complexes).
    const finest = ridgeOctaves(europa).filter((o) => !o.set);
    expect(finest[finest.length - 1].widthScale).toBe(1);
    const arcs = findArcs(europa, finest[finest.length - 1].lattice, 12);
    expect(arcs.length).toBe(12);
    let paired = 0;
    for (const arc of arcs) {
      const { s, h } = transect(europa, arc, 3000, 20);
      const mid = (s.length - 1) / 2;
      let l = mid;
      let r = mid;
      for (let i = mid - 75; i < mid; i++) if (h[i] > h[l]) l = i;
      for (let i = mid + 1; i <= mid + 75; i++) if (h[i] > h[r] || r === mid) r = i;
      let trough = l;
      for (let i = l; i <= r; i++) if (h[i] < h[trough]) trough = i;
      const gap = s[r] - s[l];
      const crest = Math.min(h[l], h[r]);
      // 70–330 m: the stated 100–300 m, less/plus 30 m of detrending against the band slope.
      const ok = gap >= 400 && gap <= 1400 && crest >= 70 && crest <= 330 && crest - h[trough] >= 20;
      if (ok) paired++;
    }
    // Younger ridges and sets crossing a ridge at its centre can hide it: most, not all, show.
    expect(paired, `${paired} of 12 transects show a paired crest`).toBeGreaterThanOrEqual(9);
  }, 60_000);

  it('lineae: dark along the arc, bright beside it; dark material on 5–40 % of the surface', () => {
    // The finest lineae octave (the coarse ones hold too few arcs for ten from fixed probes).
    const oct = lineaOctaves(europa)
      .filter((o) => o.widthScale === 1)
      .at(-1)!;
    const arcs = findArcs(europa, oct.lattice, 10);
    expect(arcs.length).toBe(10);
    let lines = 0;
    for (const arc of arcs) {
      const m = 3000 / europa.radius;
      const onAxis = [-0.3, 0, 0.3].map((f) =>
        darkMaterialAt(europa, at(arc.c, arc.along, f * oct.uHalf, arc.across, 0)),
      );
      const beside = darkMaterialAt(europa, at(arc.c, arc.across, 4 * m, arc.along, 0));
      // Peak LINEA_STAIN on the axis; 4 half-widths of the narrowest linea beside it should be clear
      // of this linea (others may cross: most, not all).
      if (Math.min(...onAxis) >= 0.9 * LINEA_STAIN && beside <= 0.5 * LINEA_STAIN) lines++;
    }
    expect(lines, `${lines} of 10 lineae`).toBeGreaterThanOrEqual(7);
    let dark = 0;
    const probes = farProbes(77, 4000);
    for (const p of probes) if (darkMaterialAt(europa, p) > 0.4) dark++;
    const share = dark / probes.length;
    // Galileo global mosaics: lineae and chaos material darken a sizeable minority of the surface.
    expect(share).toBeGreaterThan(0.05);
    expect(share).toBeLessThan(0.4);
  }, 60_000);

  it('cover carries the lineae as the alt-tone level (byte 1’s high nibble)', () => {
    // The finest lineae octave (the coarse ones hold too few arcs for ten from fixed probes).
    const oct = lineaOctaves(europa)
      .filter((o) => o.widthScale === 1)
      .at(-1)!;
    const bytes = new Uint8Array(2);
    let marked = 0;
    for (const arc of findArcs(europa, oct.lattice, 10)) {
      const on = coverAt(europa, arc.c, bytes)[1] >> 4;
      const off = coverAt(europa, at(arc.c, arc.across, 12_000 / europa.radius, arc.along, 0), bytes)[1] >> 4;
      // On the axis LINEA_STAIN = 0.85 → round(15·0.85) = 13; 12 km beside, clear unless another crosses.
      if (on >= 10 && off < on) marked++;
    }
    expect(marked, `${marked} of 10`).toBeGreaterThanOrEqual(7);
  }, 60_000);

  it('narrow lineae: long bands of LINEA_NARROW_SCALE × the width, dark on the axis', () => {
    // Galileo's regional mosaics show narrow lineae (a few km across) far more often than the
    // broad triple bands. On ten arcs of the finest narrow octave: dark on the axis (≥ 0.9 of
    // LINEA_STAIN) and clear (≤ 0.1 of it) 4 km beside it — outside every narrow band (half-width
    // ≤ 3.15 km), inside most broad ones (3–9 km): unscaled, most arcs fail. Most, not all: others cross.
    const oct = lineaOctaves(europa)
      .filter((o) => o.widthScale < 1)
      .at(-1)!;
    let lines = 0;
    for (const arc of findArcs(europa, oct.lattice, 10)) {
      const on = lineaeStain(europa, arc.c.x, arc.c.y, arc.c.z);
      const b = at(arc.c, arc.across, 4000 / europa.radius, arc.along, 0);
      const off = lineaeStain(europa, b.x, b.y, b.z);
      if (on >= 0.9 * LINEA_STAIN && off <= 0.1 * LINEA_STAIN) lines++;
    }
    expect(lines, `${lines} of 10`).toBeGreaterThanOrEqual(7);
  }, 60_000);

  it('lineae seen by coarse cells widen to a cell and fade by as much (no saw-tooth from orbit)', () => {
    // Cells of 3 half-widths (LINEA_FILTER_CELLS level filters): the band is drawn 3× as wide, up to the octave's support
    // margin LINEA_HALF_WIDTH_MAX_M, at a third of its weight; at filter 0 it is the canonical
    // band. Checked on ten lineae of the finest octave, on the axis and midway between the
    // unfiltered band's edge and the margin (outside the canonical band, inside the drawn one).
    // Most, not all: other lineae cross.
    const oct = lineaOctaves(europa)
      .filter((o) => o.widthScale === 1)
      .at(-1)!;
    let ok = 0;
    for (const arc of findArcs(europa, oct.lattice, 10)) {
      const m =
        LINEA_HALF_WIDTH_MIN_M +
        (LINEA_HALF_WIDTH_MAX_M - LINEA_HALF_WIDTH_MIN_M) * unitFromHash(rehash(arc.hash, 1));
      const filterM = (3 * m) / LINEA_FILTER_CELLS;
      const axis = arc.c;
      const beside = at(arc.c, arc.across, (m + LINEA_HALF_WIDTH_MAX_M) / 2 / europa.radius, arc.along, 0);
      const sharp = lineaeStain(europa, axis.x, axis.y, axis.z);
      const soft = lineaeStain(europa, axis.x, axis.y, axis.z, filterM);
      const wide = lineaeStain(europa, beside.x, beside.y, beside.z, filterM);
      const bare = lineaeStain(europa, beside.x, beside.y, beside.z);
      if (
        Math.abs(sharp - LINEA_STAIN) < 0.01 &&
        Math.abs(soft - LINEA_STAIN / 3) < 0.02 &&
        bare === 0 &&
        wide > 0
      )
        ok++;
    }
    expect(ok, `${ok} of 10`).toBeGreaterThanOrEqual(7);
  }, 60_000);

  it('craters ≥ 1 km are at least 50× sparser than on Luna’s highlands (60 Myr vs 4.35 Gyr)', () => {
    const luna = getBody('luna');
    const cap = 40_000;
    let eu = 0;
    let lu = 0;
    for (const p of farProbes(5, 6)) {
      eu += craterDensity(europa, p, cap, 1000, 'old');
      lu += craterDensity(luna, p, cap, 1000, 'old');
    }
    expect(lu).toBeGreaterThan(0);
    expect(eu * 50).toBeLessThan(lu);
  }, 60_000);
});

describe('Mercury', () => {
  const mercury = getBody('mercury');

  it('lobate scarps: 0.8–3.3 km relief, a front at least 3× steeper than the back limb', () => {
    const oct = scarpOctaves(mercury)[0];
    const arcs = findArcs(mercury, oct.lattice, 8);
    expect(arcs.length).toBe(8);
    let asym = 0;
    for (const arc of arcs) {
      const half = oct.sHalf * mercury.radius * 1.3;
      const { h } = transect(mercury, arc, half, 250);
      let top = 0;
      for (let i = 0; i < h.length; i++) if (h[i] > h[top]) top = i;
      const relief = h[top];
      // Mean slope of each flank between 90 % and 10 % of the relief (a crater on a flank moves a
      // crossing by a few km at most; the stated asymmetry is ~5×).
      const flank = (dir: number): number => {
        let i90 = top;
        while (i90 + dir >= 0 && i90 + dir < h.length && h[i90] > 0.9 * relief) i90 += dir;
        let i10 = i90;
        while (i10 + dir >= 0 && i10 + dir < h.length && h[i10] > 0.1 * relief) i10 += dir;
        return (0.8 * relief) / Math.max(250, Math.abs(i10 - i90) * 250);
      };
      const front = Math.max(flank(-1), flank(1));
      const back = Math.min(flank(-1), flank(1));
      if (relief >= 800 && relief <= 3300 && front >= 3 * back) asym++;
    }
    expect(asym, `${asym} of 8 scarps`).toBeGreaterThanOrEqual(6);
    // Which side faces out is hashed: both occur.
    const sides = new Set(arcs.map((a) => unitFromHash(rehash(a.hash, 5)) < 0.5));
    expect(sides.size).toBe(2);
  }, 60_000);

  it('smooth plains are smoother than the cratered terrain at a 2 km baseline (Denevi et al. 2013)', () => {
    const rms = (plain: boolean): number => {
      let sum = 0;
      let n = 0;
      for (const p of farProbes(31, 3000)) {
        const w = plainWeightAt(mercury, p);
        if (plain ? w < 0.95 : w > 0.05) continue;
        const e1 = Math.abs(p.x) < 0.9 ? { x: 1, y: 0, z: 0 } : { x: 0, y: 1, z: 0 };
        const d = e1.x * p.x + e1.y * p.y + e1.z * p.z;
        const t = { x: e1.x - d * p.x, y: e1.y - d * p.y, z: e1.z - d * p.z };
        const tl = Math.sqrt(t.x * t.x + t.y * t.y + t.z * t.z);
        const q = at(p, { x: t.x / tl, y: t.y / tl, z: t.z / tl }, 2000 / mercury.radius, p, 0);
        const g = (elevationAt(mercury, q) - elevationAt(mercury, p)) / 2000;
        sum += g * g;
        n++;
      }
      expect(n).toBeGreaterThan(100);
      return Math.sqrt(sum / n);
    };
    const plains = rms(true);
    const cratered = rms(false);
    expect(plains * 1.5, `plains ${plains}, cratered ${cratered}`).toBeLessThan(cratered);
  }, 60_000);
});

describe('Europa chaos outlines', () => {
  // Galileo's chaos (Conamara, Murias, Thrace Macula: Collins & Nimmo 2009; Prockter et al. 2004)
  // have irregular, often elongated, lobed outlines, never discs. Patches with no other patch's
  // centre within twice the largest extent are read off the field on a 121 × 121 grid about their
  // centre: the matrix weight m (rafts dip it inside a patch, never outside).
  const europa = getBody('europa');
  const lattice = chaosLattice(europa);
  const reach = CHAOS_RADIUS_MAX_M / europa.radius;
  const set = arcSet();
  const isolated = findArcs(europa, lattice, 40).filter((p) => {
    gatherArcs(lattice, p.c.x, p.c.y, p.c.z, set);
    for (let i = 0; i < set.count; i++) {
      const a = set.arcs.subarray(ARC_STRIDE * i);
      const d = Math.hypot(a[0] - p.c.x, a[1] - p.c.y, a[2] - p.c.z);
      if (d > 0 && d < 2 * reach) return false;
    }
    return true;
  });
  const s = chaosSample();
  /** Elongation of each patch: √ of the ratio of its area's principal second moments (m > ½). */
  const elongation = isolated.map((p) => {
    let sxx = 0;
    let syy = 0;
    let sxy = 0;
    let n = 0;
    for (let i = -60; i <= 60; i++) {
      for (let j = -60; j <= 60; j++) {
        const u = (reach * i) / 60;
        const v = (reach * j) / 60;
        const d = at(p.c, p.across, u, p.along, v);
        if (chaosD(europa, d.x, d.y, d.z, s).m > 0.5) {
          sxx += u * u;
          syy += v * v;
          sxy += u * v;
          n++;
        }
      }
    }
    const tr = (sxx + syy) / 2;
    const det = Math.sqrt(((sxx - syy) / 2) ** 2 + sxy * sxy);
    return n < 20 ? NaN : Math.sqrt((tr + det) / (tr - det));
  });

  it('are elongated: the median patch is more than 1.6× longer than wide (lobed discs measured 1.32)', () => {
    const e = elongation.filter(Number.isFinite).sort((a, b) => a - b);
    expect(e.length).toBeGreaterThanOrEqual(8);
    expect(e[e.length >> 1], e.map((x) => x.toFixed(2)).join(' ')).toBeGreaterThan(1.6);
  }, 60_000);

  it('rafts are turned plates: their edges face every way, their gradient exact', () => {
    // Probes on raft edges (0.05 < R < 0.95) along a 300 km walk at 100 m steps. An axis-aligned
    // box (terrain ≤ v10) has its gradient along one coordinate axis on a face: the largest
    // component's share of the gradient's length is 1 there; turned boxes' faces point anywhere
    // (median share 0.84). Gradient: 1 mm steps, 1 % of the steepest (as derivatives.test.ts).
    const s = chaosSample();
    const t = chaosSample();
    const h = 1e-3 / europa.radius;
    const shares: number[] = [];
    let worst = 0;
    let steepest = 0;
    const c = { x: 0.6, y: 0.64, z: 0.48 };
    const e1 = { x: 0.8, y: -0.6, z: 0 };
    const e2 = { x: -0.288, y: -0.384, z: 0.8 };
    for (let i = 0; i < 3000; i++) {
      const d = at(c, e1, (i * 100) / europa.radius, e2, (i * 37) / europa.radius);
      const r = chaosRaftD(europa, d.x, d.y, d.z, s);
      if (!(r > 0.05 && r < 0.95)) continue;
      const g = [s.hx, s.hy, s.hz];
      const len = Math.hypot(g[0], g[1], g[2]);
      shares.push(Math.max(...g.map(Math.abs)) / len);
      for (const e of [e1, e2]) {
        const up = chaosRaftD(europa, d.x + h * e.x, d.y + h * e.y, d.z + h * e.z, t);
        const dn = chaosRaftD(europa, d.x - h * e.x, d.y - h * e.y, d.z - h * e.z, t);
        const ana = g[0] * e.x + g[1] * e.y + g[2] * e.z;
        worst = Math.max(worst, Math.abs((up - dn) / (2 * h) - ana));
        steepest = Math.max(steepest, Math.abs(ana));
      }
    }
    expect(shares.length, 'raft edges found').toBeGreaterThan(30);
    shares.sort((a, b) => a - b);
    expect(shares[shares.length >> 1]).toBeLessThan(0.95);
    expect(worst / steepest).toBeLessThan(0.01);
  }, 60_000);

  it('large plates: raft runs longer than any 6 km-lattice raft can hold (Conamara-type chaos)', () => {
    // A raft of the CHAOS_RAFT_SPACING_M lattice lies within √3·CHAOS_RAFT_HALF_MAX·spacing of its
    // centre (its box's corner), and R is 0 on its cell's faces, so a straight run with R > ½ made
    // of rafts alone is at most that sphere's diameter: 2·√3·0.26·6 km = 5.40 km. The plates'
    // 16 km lattice holds boxes up to 14.4 km across. Walks of 300 km at 50 m steps, 24 headings.
    const bound = 2 * Math.sqrt(3) * CHAOS_RAFT_HALF_MAX * CHAOS_RAFT_SPACING_M;
    const s = chaosSample();
    const runs: number[] = [];
    const c = { x: 0.6, y: 0.64, z: 0.48 };
    const e1 = { x: 0.8, y: -0.6, z: 0 };
    const e2 = { x: -0.288, y: -0.384, z: 0.8 };
    for (let k = 0; k < 24; k++) {
      const a = (k * Math.PI) / 12;
      let run = 0;
      for (let i = 0; i < 6000; i++) {
        const t = (i * 50) / europa.radius;
        const d = at(c, e1, t * Math.cos(a), e2, t * Math.sin(a));
        if (chaosRaftD(europa, d.x, d.y, d.z, s) > 0.5) run += 50;
        else if (run > 0) {
          runs.push(run);
          run = 0;
        }
      }
    }
    runs.sort((p, q) => q - p);
    const longer = runs.filter((r) => r > bound).length;
    console.log(
      `[chaos] ${runs.length} raft runs; longest ${runs.slice(0, 3).join(', ')} m; ${longer} longer than the 6 km lattice's ${bound.toFixed(0)} m`,
    );
    // Without the plates (CHAOS_PLATE_CHANCE 0, planted) no run passes the bound.
    expect(longer).toBeGreaterThan(3);
  }, 60_000);

  it('matrix weight gradient: analytic ≡ numeric across the outlines', () => {
    // Probes on rays from each patch centre where m first falls below ½ going outward (on the
    // outline, where the lobing and elongation terms act); 1 mm steps; bound 1 % of the steepest
    // slope on the probes (as derivatives.test.ts).
    const h = 1e-3 / europa.radius;
    const t = chaosSample();
    let worst = 0;
    let steepest = 0;
    for (const p of isolated) {
      for (let k = 0; k < 8; k++) {
        const phi = (2 * Math.PI * k) / 8 + 0.1;
        let d = p.c;
        for (let i = 120; i >= 1; i--) {
          const r = (reach * i) / 120;
          d = at(p.c, p.across, r * Math.cos(phi), p.along, r * Math.sin(phi));
          if (chaosD(europa, d.x, d.y, d.z, s).m > 0.5) break;
        }
        chaosD(europa, d.x, d.y, d.z, s);
        const g = [s.mx, s.my, s.mz];
        for (const e of [p.across, p.along]) {
          const up = chaosD(europa, d.x + h * e.x, d.y + h * e.y, d.z + h * e.z, t).m;
          const dn = chaosD(europa, d.x - h * e.x, d.y - h * e.y, d.z - h * e.z, t).m;
          const ana = g[0] * e.x + g[1] * e.y + g[2] * e.z;
          worst = Math.max(worst, Math.abs((up - dn) / (2 * h) - ana));
          steepest = Math.max(steepest, Math.abs(ana));
        }
      }
    }
    // The probes sit on outlines: the weight falls by at least ½ over 5 km there.
    expect(steepest * (5000 / europa.radius)).toBeGreaterThan(0.5);
    expect(worst / steepest).toBeLessThan(0.01);
  }, 60_000);
});

describe('exact gradients on the landforms', () => {
  // The field-wide harness (derivatives.test.ts) samples at random; these probes sit on the
  // features: 60 directions within 2 km of ridge and chaos and scarp centres. Step 1 mm, bound 1 %
  // as there; the teeth: the steepest slope exceeds 5 %.
  for (const [id, pick] of [
    ['europa', (b: Body) => ridgeOctaves(b)[0].lattice],
    ['europa', (b: Body) => ridgeOctaves(b)[3].lattice],
    ['mercury', (b: Body) => scarpOctaves(b)[0].lattice],
  ] as const) {
    it(`${id}: analytic ≡ numeric across its landforms`, () => {
      const body = getBody(id);
      const dirs: Vec3[] = [];
      for (const arc of findArcs(body, pick(body), 6)) {
        for (let i = 0; i < 10; i++) {
          const a = ((i - 4.5) / 4.5) * (2000 / body.radius);
          dirs.push(at(arc.c, arc.across, a, arc.along, (0.37 * a) / 2));
        }
      }
      const r = derivativeHarness((d, o) => elevationAtD(body, d, o), dirs, 1e-3 / body.radius);
      expect(r.worst / r.steepest).toBeLessThan(0.01);
      expect(r.steepest / body.radius).toBeGreaterThan(0.05);
    }, 60_000);
  }
});
