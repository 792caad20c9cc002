/**
 * The registry compiled for the field (ADR-0018): each named place of a body that has relief
 * becomes one feature record — its centre direction (from latitude and longitude through the
 * exact-arithmetic sine and cosine, so the same bits on every engine), its radius as a chord, its
 * support (beyond which it contributes exactly nothing) and the parameters of its class. Compiled
 * once per body and memoised; a pure function of the body and the registry.
 */
import type { Body } from '../body/Body';
import { craterShape, craterShapeNew, CRATER_EJECTA_REACH, type CraterShape } from '../math/craterProfile';
import { sinCosDeg, sinCosRad } from '../math/exactTrig';
import { hashString, unitFromHash } from '../math/hash';
import { NAMED_PLACES } from './namedPlaces';
import type { NamedPlace } from './placeTypes';
import {
  PLACE_BASIN_KEEP,
  PLACE_CALDERA_RADIUS,
  PLACE_CANYON_FLOOR,
  PLACE_CANYON_FLOOR_MIN,
  PLACE_CANYON_WALL_TAN,
  PLACE_CRATER_KEEP,
  PLACE_ESCARPMENT_WIDTH,
  PLACE_MONS_KEEP,
  PLACE_SHORE_WIDTH,
} from './placeTunables';

/** Feature classes: flood (mare, basin, a mons' footprint), crater, shield, canyon, scarp. */
export const FEATURE_FLOOD = 0;
export const FEATURE_CRATER = 1;
export const FEATURE_SHIELD = 2;
export const FEATURE_CANYON = 3;
export const FEATURE_SCARP = 4;
/** A named caldera: a flat-floored pit cut into its shield after the knee. */
export const FEATURE_CALDERA = 5;

/** One compiled feature. Lengths are chords of the unit sphere (radians for small angles). */
export interface PlaceFeature {
  kind: number;
  /** 1 when it is a mare (counts in `placeMareWeight`). */
  mare: number;
  cx: number;
  cy: number;
  cz: number;
  /** 1 / ρ², ρ the chord of the feature's angular radius. */
  invRho2: number;
  /** Chord² beyond which the feature contributes nothing; compare (d − c)² < this. */
  support2: number;
  /** Flood level (m above the datum), shield height (m) or canyon depth (m). */
  level: number;
  /** Share of the ladder relief kept where the feature covers the ground. */
  keep: number;
  shape: CraterShape;
  /** Canyon: great-circle normal n, along-axis tangent t, half-length in t, half-width in n. */
  nx: number;
  ny: number;
  nz: number;
  tx: number;
  ty: number;
  tz: number;
  uHalf: number;
  sHalf: number;
  /** Shield: (R / caldera radius)², so q·calderaK is the caldera's own q (0: named calderas instead). */
  calderaK: number;
  /** Scarp: flat floor half-width over half-width (unused). */
  floor: number;
  /**
   * Canyon segment (chords): the wall's inner (floor edge) and outer (rim) distance from the axis
   * at its a end (u = −uHalf) and b end (u = +uHalf), its depth (m) at each end; between, each
   * blends by smoothstep(τ), τ = (u + uHalf)/(2·uHalf) (zero slope at the vertices), and beyond
   * an end the distance is to the end vertex (a rounded head or joint). `fCap`: the largest
   * level-filter width (chord) the segment takes, 2·√(min inner·outer) (the floor edge stays ≥ 0).
   */
  inA: number;
  inB: number;
  outA: number;
  outB: number;
  depA: number;
  depB: number;
  fCap: number;
  /** Shield: basal escarpment height (m) and the q where its face starts. */
  escarp: number;
  escarpQ: number;
}

const sc = { s: 0, c: 0 };

/** Unit direction of (lat, lon) in degrees: z north, x at longitude 0, y at 90° E. */
export function placeDirection(latDeg: number, lonDeg: number, out: { x: number; y: number; z: number }) {
  sinCosDeg(latDeg, sc);
  const cl = sc.c;
  const sl = sc.s;
  sinCosDeg(lonDeg, sc);
  out.x = cl * sc.c;
  out.y = cl * sc.s;
  out.z = sl;
  return out;
}

function feature(kind: number): PlaceFeature {
  return {
    kind,
    mare: 0,
    cx: 0,
    cy: 0,
    cz: 0,
    invRho2: 0,
    support2: 0,
    level: 0,
    keep: 1,
    shape: craterShapeNew(),
    nx: 0,
    ny: 0,
    nz: 0,
    tx: 0,
    ty: 0,
    tz: 0,
    uHalf: 0,
    sHalf: 0,
    calderaK: 0,
    floor: PLACE_CANYON_FLOOR,
    inA: 0,
    inB: 0,
    outA: 0,
    outB: 0,
    depA: 0,
    depB: 0,
    fCap: 0,
    escarp: 0,
    escarpQ: 1,
  };
}

function centre(f: PlaceFeature, p: Pick<NamedPlace, 'latDeg' | 'lonDeg' | 'sizeM'>, body: Body): number {
  const d = placeDirection(p.latDeg, p.lonDeg, { x: 0, y: 0, z: 0 });
  f.cx = d.x;
  f.cy = d.y;
  f.cz = d.z;
  sinCosRad(p.sizeM / (4 * body.radius), sc);
  const rho = 2 * sc.s;
  f.invRho2 = 1 / (rho * rho);
  return rho;
}

/** The great-circle frame of the arc a → b into `f`: centre m, normal n, tangent t, half-length. */
function arcFrame(f: PlaceFeature, a: Vec, b: Vec): void {
  let mx = a.x + b.x;
  let my = a.y + b.y;
  let mz = a.z + b.z;
  const ml = Math.sqrt(mx * mx + my * my + mz * mz);
  mx /= ml;
  my /= ml;
  mz /= ml;
  let nx = a.y * b.z - a.z * b.y;
  let ny = a.z * b.x - a.x * b.z;
  let nz = a.x * b.y - a.y * b.x;
  const nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
  nx /= nl;
  ny /= nl;
  nz /= nl;
  f.cx = mx;
  f.cy = my;
  f.cz = mz;
  f.nx = nx;
  f.ny = ny;
  f.nz = nz;
  // t = n × m: along the axis, from a towards b.
  f.tx = ny * mz - nz * my;
  f.ty = nz * mx - nx * mz;
  f.tz = nx * my - ny * mx;
  f.uHalf = Math.abs(b.x * f.tx + b.y * f.ty + b.z * f.tz);
}

type Vec = { x: number; y: number; z: number };

/** A rupes: one two-point arc of constant width (the scarp profile across it, tapered ends). */
function scarp(p: NamedPlace, body: Body): PlaceFeature {
  const f = feature(FEATURE_SCARP);
  const path = p.path;
  if (!path || path.length !== 2 || !(p.widthM! > 0))
    throw new Error(`namedPlaces: rupes "${p.id}" needs a two-point path and a width`);
  const a = placeDirection(path[0][0], path[0][1], { x: 0, y: 0, z: 0 });
  const b = placeDirection(path[1][0], path[1][1], { x: 0, y: 0, z: 0 });
  arcFrame(f, a, b);
  f.sHalf = p.widthM! / (2 * body.radius);
  const dx = a.x - f.cx;
  const dy = a.y - f.cy;
  const dz = a.z - f.cz;
  const reach = Math.sqrt(dx * dx + dy * dy + dz * dz) + 2 * f.sHalf;
  f.support2 = reach * reach;
  f.level = p.reliefM ?? 0;
  return f;
}

/**
 * A vallis: one canyon segment per arc of its path and of each branch. At a vertex the wall spans
 * depth / PLACE_CANYON_WALL_TAN horizontally, the floor the rest of the half-width, within
 * [PLACE_CANYON_FLOOR_MIN, PLACE_CANYON_FLOOR] of it.
 */
function vallis(p: NamedPlace, body: Body, out: PlaceFeature[]): void {
  for (const path of [p.path ?? [], ...(p.branches ?? [])] as (readonly (readonly number[])[])[]) {
    if (path.length < 2 || path.some((v) => v.length !== 4 || !(v[2] > 0) || !(v[3] > 0)))
      throw new Error(
        `namedPlaces: vallis "${p.id}" needs paths of ≥ 2 [lat, lon, widthKm, depthKm] vertices`,
      );
    const edges = path.map((v) => {
      const half = (v[2] * 1000) / (2 * body.radius);
      const wall = (v[3] * 1000) / ((PLACE_CANYON_WALL_TAN * (v[2] * 1000)) / 2);
      const floor = Math.min(PLACE_CANYON_FLOOR, Math.max(PLACE_CANYON_FLOOR_MIN, 1 - wall));
      return { inner: floor * half, outer: half, depth: v[3] * 1000 };
    });
    for (let i = 0; i + 1 < path.length; i++) {
      const f = feature(FEATURE_CANYON);
      const a = placeDirection(path[i][0], path[i][1], { x: 0, y: 0, z: 0 });
      const b = placeDirection(path[i + 1][0], path[i + 1][1], { x: 0, y: 0, z: 0 });
      arcFrame(f, a, b);
      const [ea, eb] = [edges[i], edges[i + 1]];
      f.inA = ea.inner;
      f.inB = eb.inner;
      f.outA = ea.outer;
      f.outB = eb.outer;
      f.depA = ea.depth;
      f.depB = eb.depth;
      f.level = Math.max(ea.depth, eb.depth);
      f.sHalf = Math.max(ea.outer, eb.outer);
      f.fCap = 2 * Math.sqrt(Math.min(ea.inner * ea.outer, eb.inner * eb.outer));
      const dx = a.x - f.cx;
      const dy = a.y - f.cy;
      const dz = a.z - f.cz;
      // Beyond the segment the rim reaches at most 2·outer (the filter keeps the wall's middle).
      const reach = Math.sqrt(dx * dx + dy * dy + dz * dz) + 2 * f.sHalf;
      f.support2 = reach * reach;
      out.push(f);
    }
  }
}

/** The features of one place (none for a point or a kind without relief). */
function compile(p: NamedPlace, body: Body, out: PlaceFeature[]): void {
  if (p.reliefM === undefined || !(p.sizeM > 0)) return;
  if (p.kind === 'vallis') {
    vallis(p, body, out);
    return;
  }
  if (p.kind === 'rupes') {
    out.push(scarp(p, body));
    return;
  }
  const f = feature(p.kind === 'crater' ? FEATURE_CRATER : FEATURE_FLOOD);
  const rho = centre(f, p, body);
  if (p.kind === 'crater') {
    const g = body.grammar;
    craterShape(f.shape, p.sizeM, g.crater, 1);
    const fresh = Math.min(1, p.reliefM / f.shape.depth);
    craterShape(f.shape, p.sizeM, g.crater, fresh);
    f.shape.spin = unitFromHash(hashString(p.id));
    f.keep = 1 - fresh * (1 - PLACE_CRATER_KEEP);
    const reach = rho * CRATER_EJECTA_REACH;
    f.support2 = reach * reach;
    out.push(f);
    return;
  }
  const shore = rho * (1 + PLACE_SHORE_WIDTH);
  f.support2 = shore * shore;
  if (p.kind === 'mons') {
    // The footprint floods to the datum, then the shield rises reliefM above it.
    f.level = 0;
    f.keep = PLACE_MONS_KEEP;
    out.push(f);
    const s = feature(FEATURE_SHIELD);
    s.cx = f.cx;
    s.cy = f.cy;
    s.cz = f.cz;
    s.invRho2 = f.invRho2;
    s.support2 = rho * rho;
    s.level = p.reliefM;
    s.calderaK = p.calderas ? 0 : 1 / (PLACE_CALDERA_RADIUS * PLACE_CALDERA_RADIUS);
    s.escarp = p.escarpmentM ?? 0;
    s.escarpQ = (1 - PLACE_ESCARPMENT_WIDTH) * (1 - PLACE_ESCARPMENT_WIDTH);
    out.push(s);
    for (const [lat, lon, diameterM, depthM] of p.calderas ?? []) {
      if (!(diameterM > 0) || !(depthM > 0))
        throw new Error(`namedPlaces: caldera of "${p.id}" needs a positive diameter and depth`);
      const c = feature(FEATURE_CALDERA);
      const cr = centre(c, { latDeg: lat, lonDeg: lon, sizeM: diameterM }, body);
      c.support2 = cr * cr;
      c.level = depthM;
      out.push(c);
    }
    return;
  }
  f.level = p.reliefM;
  f.mare = p.kind === 'mare' ? 1 : 0;
  f.keep = p.kind === 'mare' ? 1 : PLACE_BASIN_KEEP; // a mare is the young unit (units.ts), unmasked
  out.push(f);
}

const compiled = new WeakMap<Body, PlaceFeature[]>();

/** The compiled features of `body`, floods first (registry order), then shields, craters, canyons. */
export function placeFeatures(body: Body, places: readonly NamedPlace[] = NAMED_PLACES): PlaceFeature[] {
  let list = places === NAMED_PLACES ? compiled.get(body) : undefined;
  if (list) return list;
  const all: PlaceFeature[] = [];
  for (const p of places) if (p.body === body.id) compile(p, body, all);
  list = [...all].sort((a, b) => a.kind - b.kind);
  if (places === NAMED_PLACES) compiled.set(body, list);
  return list;
}
