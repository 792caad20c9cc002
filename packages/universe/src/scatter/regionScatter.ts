/**
 * Rocks by address (ADR-0007). A region (regionGrid.ts) has REGION_SLOTS candidate slots in
 * ROCK_CLASSES size classes, each class a grid of cells with its own slots (rockClasses.ts); slot o
 * of region (face, i, j) is resolved from its own hash `hash6(bodySeed, SCATTER_PASS, face, i, j,
 * o)` alone, so `<body>/f<face>/r<i>.<j>/o<o>` is the same rock whichever call (range) resolves it.
 *
 * Per slot: its class and cell (from o), a position in the cell, a proposal diameter in the class's
 * octave, and a cheap rejection against the body's largest rock abundance; survivors read the drawn
 * ground there (elevation, analytic gradient, the canonical boulder-field signal — fetched for a
 * chunk of survivors in one bit-identical batch), derive the local k (cover/groundClass.ts) and
 * accept with the Golombek & Rapp probability on the cell's TRUE area (regionArea.ts), which never
 * exceeds 1. Rocks do not rest on slopes above 40°. Only fresh craters that dig below the regolith
 * raise k (field/boulders.ts); metre-scale tail craters do not. Each rock sits on the drawn surface
 * (its centre direction at the drawn radius), with a rotation, a non-uniform scale, a shape variant
 * and a tone from further draws of its hash.
 */
import type { Body } from '../body/Body';
import type { Vec3 } from '../math/vec3';
import { faceToDirection } from '../cube/CubeSphere';
import { hash6, rehash, unitFromHash } from '../math/hash';
import { formatAddress } from '../address/Address';
import { boulderFieldBatch, drawnBatch } from '../tail/drawn';
import { maxRockAbundance, rockAbundance, slopeTangent, terrainUnit } from '../cover/groundClass';
import {
  classAcceptance,
  classProposalDiameter,
  REGION_SLOTS,
  ROCK_CLASSES,
  rockClassCells,
  slotPlace,
  type SlotPlace,
} from './rockClasses';
import { regionAreaM2 } from './regionArea';
import { restingRotation } from './restingRotation';
import { checkRegion, regionGrid, type Region } from './regionGrid';

/** Pass id of the scatter streams (ADR-0002). */
export const SCATTER_PASS = 0x5ca7;
/**
 * Version of the scatter's output (ADR-0007's version table): bumped whenever the rocks an address
 * resolves to change. Canonical elevation does not read scatter, so the terrain version does not
 * cover it.
 */
export const SCATTER_VERSION = 4;
/** Number of rock shape variants (meshes the renderer provides). */
export const SCATTER_SHAPE_VARIANTS = 8;
/** Least fraction of a rock's height below the ground (partly buried; ADR-0007). */
export const ROCK_BURIAL_MIN = 0.15;
/** Greatest fraction of a rock's height below the ground (ADR-0007). */
export const ROCK_BURIAL_MAX = 0.55;
/** Tangent of the steepest slope a rock rests on (40°). */
const REST_TAN = 0.8390996311772799;
/** Candidates read from the ground per batch. */
const CHUNK = 4096;

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
  /** Size class 0 … ROCK_CLASSES − 1 (diameter in [2^(c−5), 2^(c−4)) m). */
  sizeClass: number;
  /** Body-fixed position of the rock's centre on the drawn surface, m (float64). */
  position: Vec3;
  /** Unit direction of the rock's centre. */
  dir: Vec3;
  /**
   * Orientation in body-fixed axes (unit quaternion): the rock's local +y is the local up (`dir`)
   * tilted by at most ROCK_TILT_MAX_RAD, turned about it by a uniform yaw.
   */
  rotation: Quaternion;
  /** Full extents along the rock's local x, y, z, m (x is the diameter of the size model, y its height). */
  scale: Vec3;
  /** Fraction of the rock's height below the ground (ROCK_BURIAL_MIN … ROCK_BURIAL_MAX). */
  burial: number;
  /** Shape variant 0 … SCATTER_SHAPE_VARIANTS − 1. */
  shape: number;
  /** Albedo tone 0 … 1 (fresher ground gives brighter rocks). */
  tone: number;
}

const candSlots = new Int32Array(CHUNK);
const candClass = new Int32Array(CHUNK);
const candD = new Float64Array(CHUNK);
const candDirs = new Float64Array(3 * CHUNK);
const candH = new Float64Array(CHUNK);
const candG = new Float64Array(3 * CHUNK);
const candE = new Float64Array(CHUNK);
const dirScratch: Vec3 = { x: 0, y: 0, z: 0 };
const place: SlotPlace = { sizeClass: 0, ci: 0, cj: 0 };
const rot: Quaternion = { x: 0, y: 0, z: 0, w: 1 };

/** Slot hash: every draw of slot `slot` derives from this word alone. */
function slotHash(body: Body, region: Readonly<Region>, slot: number): number {
  return hash6(body.seed, SCATTER_PASS, region.face, region.i, region.j, slot);
}

/** Builds the rock of candidate `c` of the current chunk if it is accepted. */
function resolveRock(body: Body, region: Readonly<Region>, c: number, cellArea: Float64Array): Rock | null {
  const slot = candSlots[c];
  const sizeClass = candClass[c];
  const diameter = candD[c];
  const h = slotHash(body, region, slot);
  const height = candH[c];
  const tan = slopeTangent(body, height, candG[3 * c], candG[3 * c + 1], candG[3 * c + 2]);
  if (tan > REST_TAN) return null;
  const ejecta = candE[c];
  const dx = candDirs[3 * c];
  const dy = candDirs[3 * c + 1];
  const dz = candDirs[3 * c + 2];
  const k = rockAbundance(body, terrainUnit(body, height, dx, dy, dz), ejecta, tan);
  if (!(unitFromHash(h) < classAcceptance(sizeClass, k, diameter, cellArea[sizeClass]))) return null;
  const r = body.radius + height;
  restingRotation(dx, dy, dz, h, rot);
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
    sizeClass,
    position: { x: dx * r, y: dy * r, z: dz * r },
    dir: { x: dx, y: dy, z: dz },
    rotation: { x: rot.x, y: rot.y, z: rot.z, w: rot.w },
    // Axis ratios after Zingg shape classes of natural blocks: b/a 0.6–1, c/a 0.35–0.7; a rock
    // rests on its largest face, so its height (local y) is the short axis c.
    scale: {
      x: diameter,
      y: diameter * (0.35 + 0.35 * unitFromHash(rehash(h, 5))),
      z: diameter * (0.6 + 0.4 * unitFromHash(rehash(h, 4))),
    },
    burial: ROCK_BURIAL_MIN + (ROCK_BURIAL_MAX - ROCK_BURIAL_MIN) * unitFromHash(rehash(h, 8)),
    shape: Math.floor(unitFromHash(rehash(h, 7)) * SCATTER_SHAPE_VARIANTS),
    tone: tone > 1 ? 1 : tone,
  };
}

function checkSlots(slots: readonly [number, number] | undefined): [number, number] {
  if (slots === undefined) return [0, REGION_SLOTS];
  if (!Array.isArray(slots) || slots.length !== 2) throw new TypeError('slots must be [start, end)');
  const [start, end] = slots;
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end > REGION_SLOTS || start > end) {
    throw new RangeError(
      `slots [${String(start)}, ${String(end)}) must be integers with 0 ≤ start ≤ end ≤ ${REGION_SLOTS}`,
    );
  }
  return [start, end];
}

const cellAreas = new Float64Array(ROCK_CLASSES);

/** Resolves the current chunk's `m` candidates into `rocks`. */
function flush(body: Body, region: Readonly<Region>, m: number, rocks: Rock[]): void {
  // The drawn ground under the chunk at once. drawnBatch and boulderFieldBatch are bit-identical to
  // their point forms, so each slot still depends on its own direction alone.
  drawnBatch(body, candDirs, m, candH, candG);
  boulderFieldBatch(body, candDirs, m, candE);
  for (let c = 0; c < m; c++) {
    const rock = resolveRock(body, region, c, cellAreas);
    if (rock) rocks.push(rock);
  }
}

/**
 * The rocks of `region` among slots [start, end) (default all REGION_SLOTS: every class, which on
 * rocky ground is hundreds of thousands of candidates; ask for class or cell ranges, see
 * rockClasses.ts), in slot order. Throws on an unknown face, i or j out of the body's grid, or a
 * bad slot range.
 */
export function regionScatter(
  body: Body,
  region: Readonly<Region>,
  slots?: readonly [number, number],
): Rock[] {
  checkRegion(body, region);
  const [start, end] = checkSlots(slots);
  const n = regionGrid(body);
  const kMax = maxRockAbundance(body);
  const area = regionAreaM2(body, region);
  for (let c = 0; c < cellAreas.length; c++) {
    const e = rockClassCells(c);
    cellAreas[c] = area / (e * e);
  }
  const rocks: Rock[] = [];
  let m = 0;
  for (let o = start; o < end; o++) {
    const h = slotHash(body, region, o);
    slotPlace(o, place);
    const sc = place.sizeClass;
    const diameter = classProposalDiameter(sc, unitFromHash(rehash(h, 1)));
    // Cheap rejection: the acceptance grows with k, so a slot that fails at the body's largest k fails.
    if (!(unitFromHash(h) < classAcceptance(sc, kMax, diameter, cellAreas[sc]))) continue;
    const e = rockClassCells(sc);
    const s = -1 + (2 * (region.i + (place.ci + unitFromHash(rehash(h, 2))) / e)) / n;
    const t = -1 + (2 * (region.j + (place.cj + unitFromHash(rehash(h, 3))) / e)) / n;
    faceToDirection(region.face, s, t, dirScratch);
    candSlots[m] = o;
    candClass[m] = sc;
    candD[m] = diameter;
    candDirs[3 * m] = dirScratch.x;
    candDirs[3 * m + 1] = dirScratch.y;
    candDirs[3 * m + 2] = dirScratch.z;
    m++;
    if (m === CHUNK) {
      flush(body, region, m, rocks);
      m = 0;
    }
  }
  if (m > 0) flush(body, region, m, rocks);
  return rocks;
}
