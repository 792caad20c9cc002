/**
 * Rocks by address (ADR-0007). A region (regionGrid.ts) has REGION_SLOTS candidate slots; slot o of
 * region (face, i, j) is resolved from its own hash `hash6(bodySeed, SCATTER_PASS, face, i, j, o)`
 * alone, so `<body>/f<face>/r<i>.<j>/o<o>` is the same rock whichever call (range) resolves it.
 *
 * Per slot: a position in the region (s, t), a proposal diameter (golombekRapp.ts), and a cheap
 * rejection against the body's largest rock abundance; survivors read the drawn ground there
 * (elevation, analytic gradient, fresh-ejecta signal — fetched for all survivors in one
 * bit-identical batch), derive the local k (cover/groundClass.ts) and accept with the Golombek &
 * Rapp probability. Rocks do not rest on slopes above 40°. Each rock sits
 * on the drawn surface (its centre direction at the drawn radius), with a rotation, a non-uniform
 * scale, a shape variant and a tone from further draws of its hash.
 */
import type { Body } from '../body/Body';
import type { Vec3 } from '../math/vec3';
import { faceToDirection } from '../cube/CubeSphere';
import { hash6, rehash, unitFromHash } from '../math/hash';
import { formatAddress } from '../address/Address';
import { drawnBatch, freshEjectaBatch } from '../tail/drawn';
import { maxRockAbundance, rockAbundance, slopeTangent, terrainUnit } from '../cover/groundClass';
import { proposalDiameter, slotAcceptance } from './golombekRapp';
import { checkRegion, regionGrid, REGION_SIZE_M, REGION_SLOTS, type Region } from './regionGrid';

/** Pass id of the scatter streams (ADR-0002). */
export const SCATTER_PASS = 0x5ca7;
/** Number of rock shape variants (meshes the renderer provides). */
export const SCATTER_SHAPE_VARIANTS = 8;
/** Tangent of the steepest slope a rock rests on (40°). */
const REST_TAN = 0.8390996311772799;

export interface Quaternion {
  x: number;
  y: number;
  z: number;
  w: number;
}

export interface Rock {
  slot: number;
  /** e.g. `luna/f2/r12.34/o837` (ADR-0002). */
  address: string;
  /** Body-fixed position of the rock's centre on the drawn surface, m (float64). */
  position: Vec3;
  /** Unit direction of the rock's centre. */
  dir: Vec3;
  /** Orientation in body-fixed axes (unit quaternion). */
  rotation: Quaternion;
  /** Full extents along the rock's local x, y, z, m (x is the diameter of the size model). */
  scale: Vec3;
  /** Shape variant 0 … SCATTER_SHAPE_VARIANTS − 1. */
  shape: number;
  /** Albedo tone 0 … 1 (fresher ground gives brighter rocks). */
  tone: number;
}

const candSlots = new Int32Array(REGION_SLOTS);
const candDirs = new Float64Array(3 * REGION_SLOTS);
const candH = new Float64Array(REGION_SLOTS);
const candG = new Float64Array(3 * REGION_SLOTS);
const candE = new Float64Array(REGION_SLOTS);
const dirScratch: Vec3 = { x: 0, y: 0, z: 0 };

/** Slot hash: every draw of slot `slot` derives from this word alone. */
function slotHash(body: Body, region: Readonly<Region>, slot: number): number {
  return hash6(body.seed, SCATTER_PASS, region.face, region.i, region.j, slot);
}

/** Builds the rock of slot `slot` (hash `h`) at `dir` on ground (h, ejecta) if it is accepted. */
function resolveRock(
  body: Body,
  region: Readonly<Region>,
  slot: number,
  dir: Readonly<Vec3>,
  height: number,
  gx: number,
  gy: number,
  gz: number,
  ejecta: number,
): Rock | null {
  const h = slotHash(body, region, slot);
  const diameter = proposalDiameter(unitFromHash(rehash(h, 1)));
  const w = unitFromHash(h);
  const tan = slopeTangent(body, height, gx, gy, gz);
  if (tan > REST_TAN) return null;
  const k = rockAbundance(body, terrainUnit(body, height), ejecta, tan);
  if (!(w < slotAcceptance(k, diameter, REGION_SIZE_M * REGION_SIZE_M, REGION_SLOTS))) return null;
  const r = body.radius + height;
  // Uniform rotation: a point uniform in the unit 4-ball (rejection over successive draws), normalised.
  let qx = 0;
  let qy = 0;
  let qz = 0;
  let qw = 0;
  let q2 = 0;
  for (let a = 0; !(q2 > 1e-6 && q2 <= 1); a++) {
    qx = 2 * unitFromHash(rehash(h, 16 + 4 * a)) - 1;
    qy = 2 * unitFromHash(rehash(h, 17 + 4 * a)) - 1;
    qz = 2 * unitFromHash(rehash(h, 18 + 4 * a)) - 1;
    qw = 2 * unitFromHash(rehash(h, 19 + 4 * a)) - 1;
    q2 = qx * qx + qy * qy + qz * qz + qw * qw;
  }
  const ql = Math.sqrt(q2);
  const tone = 0.25 + 0.5 * unitFromHash(rehash(h, 6)) + 0.25 * ejecta;
  return {
    slot,
    address: formatAddress({
      kind: 'object',
      body: body.id,
      face: region.face,
      i: region.i,
      j: region.j,
      slot,
    }),
    position: { x: dir.x * r, y: dir.y * r, z: dir.z * r },
    dir: { x: dir.x, y: dir.y, z: dir.z },
    rotation: { x: qx / ql, y: qy / ql, z: qz / ql, w: qw / ql },
    // Axis ratios after Zingg shape classes of natural blocks: b/a 0.6–1, c/a 0.35–0.7.
    scale: {
      x: diameter,
      y: diameter * (0.6 + 0.4 * unitFromHash(rehash(h, 4))),
      z: diameter * (0.35 + 0.35 * unitFromHash(rehash(h, 5))),
    },
    shape: Math.floor(unitFromHash(rehash(h, 7)) * SCATTER_SHAPE_VARIANTS),
    tone: tone > 1 ? 1 : tone,
  };
}

/**
 * The rocks of `region` among slots [start, end) (default all REGION_SLOTS), in slot order.
 * Throws on an unknown face, i or j out of the body's grid, or a bad slot range.
 */
export function regionScatter(
  body: Body,
  region: Readonly<Region>,
  slots?: readonly [number, number],
): Rock[] {
  checkRegion(body, region);
  let start = 0;
  let end = REGION_SLOTS;
  if (slots !== undefined) {
    if (!Array.isArray(slots) || slots.length !== 2) throw new TypeError('slots must be [start, end)');
    [start, end] = slots;
    if (
      !Number.isInteger(start) ||
      !Number.isInteger(end) ||
      start < 0 ||
      end > REGION_SLOTS ||
      start > end
    ) {
      throw new RangeError(
        `slots [${String(start)}, ${String(end)}) must be integers with 0 ≤ start ≤ end ≤ ${REGION_SLOTS}`,
      );
    }
  }
  const n = regionGrid(body);
  const kMax = maxRockAbundance(body);
  const area = REGION_SIZE_M * REGION_SIZE_M;
  // Pass 1: slots that could hold a rock even at the body's largest k, and their directions.
  let m = 0;
  for (let o = start; o < end; o++) {
    const h = slotHash(body, region, o);
    const diameter = proposalDiameter(unitFromHash(rehash(h, 1)));
    if (!(unitFromHash(h) < slotAcceptance(kMax, diameter, area, REGION_SLOTS))) continue;
    const s = -1 + (2 * (region.i + unitFromHash(rehash(h, 2)))) / n;
    const t = -1 + (2 * (region.j + unitFromHash(rehash(h, 3)))) / n;
    faceToDirection(region.face, s, t, dirScratch);
    candSlots[m] = o;
    candDirs[3 * m] = dirScratch.x;
    candDirs[3 * m + 1] = dirScratch.y;
    candDirs[3 * m + 2] = dirScratch.z;
    m++;
  }
  // Pass 2: the drawn ground under all candidates at once. drawnBatch and freshEjectaBatch are
  // bit-identical to their point forms, so each slot still depends on its own direction alone.
  drawnBatch(body, candDirs, m, candH, candG);
  freshEjectaBatch(body, candDirs, m, candE);
  const rocks: Rock[] = [];
  for (let c = 0; c < m; c++) {
    dirScratch.x = candDirs[3 * c];
    dirScratch.y = candDirs[3 * c + 1];
    dirScratch.z = candDirs[3 * c + 2];
    const rock = resolveRock(
      body,
      region,
      candSlots[c],
      dirScratch,
      candH[c],
      candG[3 * c],
      candG[3 * c + 1],
      candG[3 * c + 2],
      candE[c],
    );
    if (rock) rocks.push(rock);
  }
  return rocks;
}
