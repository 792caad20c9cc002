/**
 * Centimetre craters and clods per pixel (ADR-0012): the drawn tail's micro crater ladder
 * (ADR-0006: one candidate per lattice cell of edge MICRO_CELL_PER_D · D, craters of diameter
 * [D, 2D) drawn from N(≥D) ∝ D⁻², fresh depth 0.2 D and rim 0.036 D, degraded down to a quarter
 * and relaxed from a rimmed bowl to a rimless dimple)
 * continued below the mesh, from 33 cm down to 2 cm, plus three rungs of clods (rounded lumps).
 * Each rung is a 3-D lattice in the grain domain (periodic in GRAIN_PERIOD_M, reduced on the CPU
 * in float64, so deterministic and continuous across patches and levels); a cell's feature
 * reaches zero inside the cell, so one cell per rung is evaluated and nothing is cut at cell
 * faces. A clod is a sphere the surface slices (a lump, partly buried); a crater is drawn whole
 * in the surface's plane by the cells whose centre lies near that plane (SLAB). Craters fade out
 * while their diameter falls from CRATER_FADE_START_PX to CRATER_FADE_END_PX pixel footprints,
 * clods from CLOD_FADE_START_PX to CLOD_FADE_END_PX (no shimmer, distant ground is not noise).
 * Returns x = albedo offset (fresh rims and walls a little brighter), y = relief height (m).
 */
import type { Node } from 'three/webgpu';
import {
  abs,
  dot,
  float,
  floor,
  Fn,
  fract,
  hash,
  If,
  max,
  min,
  mod,
  smoothstep,
  sqrt,
  vec2,
  vec3,
} from 'three/tsl';
import {
  CLOD_TOP_CELL_M,
  GRAIN_PERIOD_M,
  PIXEL_CRATER_RUNGS,
  PIXEL_CRATER_TOP_CELL_M,
} from '../renderConstants';

type N = Node<'float'>;
type V3 = Node<'vec3'>;

/** The drawn tail's micro ladder (ADR-0006 MICRO_CELL_PER_D, _DEPTH_RATIO, _RIM_RATIO, _DEGRADED_DEPTH). */
const CELL_PER_D = 3;
const DEPTH_RATIO = 0.2;
const RIM_RATIO = 0.036;
const DEGRADED_DEPTH = 0.25;
/** Rim apron reach in rim radii (ADR-0006 MICRO_REACH_U = 1.5², a little shorter here: see SLAB). */
const REACH = 1.4;
/**
 * A crater is drawn whole, in the surface's own plane, by the cells whose centre lies within SLAB
 * rim radii of the surface, its amplitude tapered (1 − (z/SLAB·r)²)² with that offset z. Slicing
 * the 3-D radial profile instead (until 2026-12-03) showed a third of the craters as apron-only
 * discs — rimless blisters — and most others as crisp bowls. The feature's extent, a cylinder
 * of radius REACH and half-height SLAB rim radii, has a bounding sphere of √(REACH² + SLAB²) =
 * 1.487 rim radii, under half a cell edge for every diameter below ⅔ edge (nothing is cut).
 */
const SLAB = 0.5;
const EXTENT = Math.sqrt(REACH * REACH + SLAB * SLAB);
/** Share of cells holding a crater: the surface passes within SLAB r of ≈ 0.23 centres per cell area. */
const CRATER_PRESENCE = 1;
/** Albedo lift of a fresh crater's wall and rim (fresh, less weathered regolith), fraction of albedo. */
const FRESH_ALBEDO = 0.12;
/**
 * A rung fades out while its diameter falls from START to END pixel footprints: a crater drawn
 * spans ≥ 6 px, its rim (≈ a quarter of the diameter) ≥ 1.5 px. At 8 → 4 px the rim went down
 * to 1 px and the shading alternated with the sub-pixel phase as the eye moved (look spec: the
 * energy changed 9.5–9.75 % a 1 cm step, every other step up, against its 10 % limit).
 */
const CRATER_FADE_START_PX = 12;
const CRATER_FADE_END_PX = 6;
/**
 * Clods fade from 8 to 4 footprints: a smooth lump has no rim, 4 px carry its shading without
 * aliasing. At the crater's 12 → 6 px the clods of a 2 m stance (1.5–8 cm across, 4–8 mm pixels)
 * were mostly faded out and the ground read as pits alone.
 */
const CLOD_FADE_START_PX = 8;
const CLOD_FADE_END_PX = 4;
/** Clod rungs: cell edges CLOD_TOP_CELL_M, its half and its quarter. */
const CLOD_RUNGS = 3;
/** Clods: share of cells holding one, radius range in cell edges. */
const CLOD_PRESENCE = 0.8;
const CLOD_RADIUS_MIN = 0.12;
const CLOD_RADIUS_SPAN = 0.2;
/**
 * Clod height over its radius, CLOD_HEIGHT_MIN + CLOD_HEIGHT_SPAN·u: the steepest side of
 * H·(1 − d²)² is 1.54 H/r, 10.6–23°. At H = r/2 (37°, until 2026-12-03) every clod's far side lay
 * in attached shadow under a 20° sun, a black half-disc that read as a pit.
 */
const CLOD_HEIGHT_MIN = 0.12;
const CLOD_HEIGHT_SPAN = 0.16;
/** Clod axes: each scaled by 1/(CLOD_AXIS_MIN + CLOD_AXIS_SPAN·u), an irregular lump, not a disc. */
const CLOD_AXIS_MIN = 0.7;
const CLOD_AXIS_SPAN = 0.6;
/** Odd multipliers spreading a cell and a per-draw salt over three's PCG hash (Teschner et al. 2003). */
const PRIME_Y = 73856093;
const PRIME_Z = 19349663;
const SALT_STEP = 83492791;

/** Pseudo-random 0 … 1 of lattice cell `c` (non-negative integers) and draw `salt`. */
const cellHash = Fn(([c, salt]: [V3, N]) =>
  hash(
    c.x
      .toUint()
      .bitXor(c.y.toUint().mul(PRIME_Y))
      .bitXor(c.z.toUint().mul(PRIME_Z))
      .bitXor(salt.toUint().mul(SALT_STEP)),
  ),
).setLayout({
  name: 'lfCellHash',
  type: 'float',
  inputs: [
    { name: 'c', type: 'vec3' },
    { name: 'salt', type: 'float' },
  ],
});

/**
 * One crater rung: cell edge `edge` (m), `cells` per period, rung salt `rung`. Returns (albedo
 * offset, height m) at `domain`, faded by `footprint` (m).
 */
const craterRung = Fn(
  ([domain, up, footprint, seedCells, edge, cells, rung, share]: [V3, V3, N, V3, N, N, N, N]) => {
    const q = domain.div(edge).add(mod(seedCells, cells));
    const cell = mod(floor(q), cells);
    const f = fract(q);
    const salt = rung.mul(8);
    // Diameter in cell edges: D0·(1 − ¾u)^(−½) spans [D0, 2D0) with N(≥D) ∝ D⁻²; D0 = 1/CELL_PER_D.
    const u = cellHash(cell, salt);
    const diameter = float(1 / CELL_PER_D).div(sqrt(float(1).sub(u.mul(0.75))));
    const radius = diameter.mul(0.5);
    // Centre jittered so the extent stays inside the cell (≤ ½ edge for D < 2D0 = ⅔ edge).
    const room = max(float(0.5).sub(radius.mul(EXTENT)), 0);
    const centre = vec3(cellHash(cell, salt.add(1)), cellHash(cell, salt.add(2)), cellHash(cell, salt.add(3)))
      .mul(2)
      .sub(1)
      .mul(room)
      .add(0.5);
    const present = float(CRATER_PRESENCE)
      .mul(share)
      .sub(cellHash(cell, salt.add(4)))
      .sign()
      .max(0);
    // Degradation: most small craters are old (equilibrium), so depth ∝ mix(¼, 1, v⁴), and the
    // profile diffuses with age from the rimmed bowl to a rimless dimple (below).
    const v = cellHash(cell, salt.add(5));
    const v2 = v.mul(v);
    const fresh = v2.mul(v2);
    const degr = float(DEGRADED_DEPTH).add(fresh.mul(1 - DEGRADED_DEPTH));
    const rel = f.sub(centre);
    const z = dot(rel, up);
    const d = rel.sub(up.mul(z)).length().div(radius);
    const t = min(abs(z).div(radius.mul(SLAB)), 1);
    const taper = float(1).sub(t.mul(t));
    const depth = diameter.mul(DEPTH_RATIO).mul(degr);
    const rim = diameter.mul(RIM_RATIO).mul(degr);
    // Bowl: parabola from rim − depth at the centre to the rim at d = 1; apron: a cubic to 0 at REACH.
    const bowl = d.mul(d).sub(1).mul(depth).add(rim);
    const s = min(max(d.sub(1).div(REACH - 1), 0), 1);
    const apron = rim.mul(float(1).sub(s).mul(float(1).sub(s))).mul(s.mul(2).add(1));
    const inside = float(1).sub(d).sign().max(0);
    const rimmed = bowl.sub(apron).mul(inside).add(apron);
    // Diffused (Fassett & Thomson 2014): rim and wall relaxed into −depth·(1 − d²)², no rim, the
    // steepest wall at mid-radius (8.8° at a quarter of the fresh depth: lit by a 20° sun).
    const w = max(float(1).sub(d.mul(d)), 0);
    const dimple = w.mul(w).mul(depth).negate();
    const heightCells = dimple.add(rimmed.sub(dimple).mul(fresh)).mul(present).mul(taper).mul(taper);
    const diameterM = diameter.mul(edge);
    const fade = float(1).sub(
      smoothstep(diameterM.div(CRATER_FADE_START_PX), diameterM.div(CRATER_FADE_END_PX), footprint),
    );
    const albedo = float(1).sub(s).mul(fresh).mul(present).mul(taper).mul(FRESH_ALBEDO);
    return vec2(albedo, heightCells.mul(edge)).mul(fade);
  },
).setLayout({
  name: 'lfCraterRung',
  type: 'vec2',
  inputs: [
    { name: 'domain', type: 'vec3' },
    { name: 'up', type: 'vec3' },
    { name: 'footprint', type: 'float' },
    { name: 'seedCells', type: 'vec3' },
    { name: 'edge', type: 'float' },
    { name: 'cells', type: 'float' },
    { name: 'rung', type: 'float' },
    { name: 'share', type: 'float' },
  ],
});

/** One clod rung: a rounded lump h = H·(1 − d²)² of radius 0.12–0.32 cell edges; height m. */
const clodRung = Fn(([domain, footprint, seedCells, edge, cells, rung]: [V3, N, V3, N, N, N]) => {
  const q = domain.div(edge).add(mod(seedCells, cells));
  const cell = mod(floor(q), cells);
  const f = fract(q);
  const salt = rung.mul(16).add(100);
  const radius = cellHash(cell, salt).mul(CLOD_RADIUS_SPAN).add(CLOD_RADIUS_MIN);
  // The longest axis, radius / CLOD_AXIS_MIN ≤ 0.457 edge, stays inside the cell.
  const room = float(0.5).sub(radius.div(CLOD_AXIS_MIN));
  const centre = vec3(cellHash(cell, salt.add(1)), cellHash(cell, salt.add(2)), cellHash(cell, salt.add(3)))
    .mul(2)
    .sub(1)
    .mul(room)
    .add(0.5);
  const present = float(CLOD_PRESENCE)
    .sub(cellHash(cell, salt.add(4)))
    .sign()
    .max(0);
  const axes = vec3(cellHash(cell, salt.add(5)), cellHash(cell, salt.add(6)), cellHash(cell, salt.add(7)))
    .mul(CLOD_AXIS_SPAN)
    .add(CLOD_AXIS_MIN);
  const d = f.sub(centre).div(axes).length().div(radius);
  const w = max(float(1).sub(d.mul(d)), 0);
  const heightRatio = cellHash(cell, salt.add(8)).mul(CLOD_HEIGHT_SPAN).add(CLOD_HEIGHT_MIN);
  const diameterM = radius.mul(edge).mul(2);
  const fade = float(1).sub(
    smoothstep(diameterM.div(CLOD_FADE_START_PX), diameterM.div(CLOD_FADE_END_PX), footprint),
  );
  return w.mul(w).mul(radius.mul(edge).mul(heightRatio)).mul(present).mul(fade);
}).setLayout({
  name: 'lfClodRung',
  type: 'float',
  inputs: [
    { name: 'domain', type: 'vec3' },
    { name: 'footprint', type: 'float' },
    { name: 'seedCells', type: 'vec3' },
    { name: 'edge', type: 'float' },
    { name: 'cells', type: 'float' },
    { name: 'rung', type: 'float' },
  ],
});

/**
 * The footprint (m) from which a crater rung of cell edge `edge` m draws nothing: its diameters
 * stay below ⅔ edge (D0 = edge/CELL_PER_D, [D0, 2D0)) and each is gone at CRATER_FADE_END_PX
 * footprints.
 */
export function craterReachFootprint(edge: number): number {
  return (2 * edge) / CELL_PER_D / CRATER_FADE_END_PX;
}

/** As craterReachFootprint for a clod rung: diameters ≤ 2·(CLOD_RADIUS_MIN + _SPAN) edges. */
export function clodReachFootprint(edge: number): number {
  return (2 * (CLOD_RADIUS_MIN + CLOD_RADIUS_SPAN) * edge) / CLOD_FADE_END_PX;
}

/**
 * Craters and clods at `domain` (m, periodic) seen with pixel `footprint` (m): (albedo offset,
 * height m). `share` scales the crater presence: the body's crater share (ADR-0006
 * `MICRO_SHARE_DIAMETER`: below 1 on young surfaces such as Europa's), as the mesh's micro ladder.
 */
export const craterDetail = Fn(([domain, up, footprint, seedCells, share]: [V3, V3, N, V3, N]) => {
  // A rung is evaluated only where it can draw anything: beyond the footprint at which its
  // largest feature has faded out (smoothstep's upper edge: the fade is exactly 0 there), the
  // rung adds exactly 0, so skipping it changes no pixel; only the nearest ground pays for the
  // finest rungs (issue 13: the detail cost 2.8 ms of a 9.5 ms H200 frame, evaluated everywhere).
  // The relief's screen derivatives are taken after the sum, outside these branches.
  const sum = vec2(0, 0).toVar('lfDetailSum');
  let edge = PIXEL_CRATER_TOP_CELL_M;
  for (let r = 0; r < PIXEL_CRATER_RUNGS; r++) {
    const e = edge;
    If(footprint.lessThan(craterReachFootprint(e)), () => {
      sum.addAssign(
        craterRung(domain, up, footprint, seedCells, float(e), float(GRAIN_PERIOD_M / e), float(r), share),
      );
    });
    edge /= 2;
  }
  edge = CLOD_TOP_CELL_M;
  for (let r = 0; r < CLOD_RUNGS; r++) {
    const e = edge;
    If(footprint.lessThan(clodReachFootprint(e)), () => {
      sum.y.addAssign(clodRung(domain, footprint, seedCells, float(e), float(GRAIN_PERIOD_M / e), float(r)));
    });
    edge /= 2;
  }
  return sum;
}).setLayout({
  name: 'lfCraterDetail',
  type: 'vec2',
  inputs: [
    { name: 'domain', type: 'vec3' },
    { name: 'up', type: 'vec3' },
    { name: 'footprint', type: 'float' },
    { name: 'seedCells', type: 'vec3' },
    { name: 'share', type: 'float' },
  ],
});
