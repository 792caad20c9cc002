/**
 * Named places in the canonical field (ADR-0018), between the bands and the relief knee:
 *
 *   flood (mare, basin, a mons' footprint), in registry order, with w = 1 − smoothstep(1 − b, 1 + b, r),
 *   r = |d − c| / ρ:   B ← B + w·(L − B)   (the band height floods to the level L)
 *                      M ← M·(1 − w·(1 − keep))   (the ladder keeps `keep` of its relief)
 *   crater:            B ← B + profile(r²);  M ← M·(1 − e·(1 − keep)), e = 1 − smoothstep(1, reach, r)
 *   canyon segment:    w = 1 − smootherstep(i, o, d), d the distance from the segment (to its end
 *                      vertex beyond an end: a rounded head or joint), the floor edge i, rim o and
 *                      depth D blended between the vertices by smoothstep (zero slope at each); the
 *                      segments and chasmata join as cut ← cut + w·(D − cut) in registry order (C¹,
 *                      no double depth where they overlap); B ← B − cut. Under a level filter the
 *                      wall widens to √((o − i)² + (PLACE_CANYON_FILTER_CELLS·filter)²) about its
 *                      middle (what the patch's cells can carry)
 *   scarp (rupes):     B ← B + H·rise(a)·(1 − fall(a))·taper(u), a = s / half-width: a steep face
 *                      over PLACE_SCARP_FACE of the width, a long gentle back limb
 *   after the knee:    A = Σ shield − Σ caldera: a shield (H − E)·(1 − 3q² + 2q³) plus a basal
 *                      escarpment E·(1 − smoothstep(q_e, 1, q)); a named caldera
 *                      D·(1 − smoothstep((1 − PLACE_CALDERA_WALL)², 1, q_c)), flat floor, steep wall
 *
 * so h = K(B + M·ladder) + A: craters and canyons stay inside the body's relief bound like the
 * ladder's, and only shields (Olympus Mons, 21.9 km on a 14.7 km bound) add after the knee. Every term is C¹ (smoothstep joins), and a feature contributes
 * exactly nothing outside its support, so the batch cull (features whose support meets the
 * batch's cap) changes no bit. Gradients are 3-D, with respect to the direction.
 */
import type { Body } from '../body/Body';
import { CRATER_SCALLOP_REACH, craterAzimuth, craterAzimuthAt, craterProfileD } from '../math/craterProfile';
import { smoothstepD, smootherstepD, valueD } from '../math/smooth';
import {
  FEATURE_CALDERA,
  FEATURE_CANYON,
  FEATURE_FLOOD,
  FEATURE_SCARP,
  FEATURE_SHIELD,
  placeFeatures,
  type PlaceFeature,
} from '../places/placeFeatures';
import {
  PLACE_CALDERA_DEPTH,
  PLACE_CALDERA_WALL,
  PLACE_CANYON_FILTER_CELLS,
  PLACE_CANYON_TAPER,
  PLACE_SCARP_FACE,
  PLACE_SHORE_WIDTH,
} from '../places/placeTunables';
import { CRATER_EJECTA_REACH } from '../math/craterProfile';
import type { BandSample } from './bands';

/**
 * The post-knee additive term of the places and its 3-D gradient; and k = Π(1 − w) over the named
 * maria (1 off every mare) with its gradient, which joins the young unit's weight (units.ts).
 */
export interface PlaceAdd {
  v: number;
  gx: number;
  gy: number;
  gz: number;
  k: number;
  kx: number;
  ky: number;
  kz: number;
}

export function placeAdd(): PlaceAdd {
  return { v: 0, gx: 0, gy: 0, gz: 0, k: 1, kx: 0, ky: 0, kz: 0 };
}

let active: PlaceFeature[] = [];
let activeN = 0;
/** The canyon walls' level-filter width, chord (0: the full field). */
let filterChord = 0;
const sw = valueD();
const pr = valueD();

/**
 * Selects the features of `body` whose support meets the cap of the batch's `count` directions:
 * the rest contribute exactly nothing to any of them. Margin 1e-9 (chord) ≫ rounding of the cap.
 * `filterM` > 0: the batch is drawn under that level filter (math/detailFilter.ts), which widens
 * the canyon walls.
 */
export function placesBegin(body: Body, dirs: Float64Array, count: number, filterM = 0): void {
  const all = placeFeatures(body);
  activeN = 0;
  filterChord = filterM > 0 ? (PLACE_CANYON_FILTER_CELLS * filterM) / body.radius : 0;
  if (all.length === 0 || count === 0) return;
  let sx = 0;
  let sy = 0;
  let sz = 0;
  for (let i = 0; i < count; i++) {
    sx += dirs[3 * i];
    sy += dirs[3 * i + 1];
    sz += dirs[3 * i + 2];
  }
  const l = Math.sqrt(sx * sx + sy * sy + sz * sz);
  let cap = 2;
  if (l > 1e-6) {
    sx /= l;
    sy /= l;
    sz /= l;
    let r2 = 0;
    for (let i = 0; i < count; i++) {
      const dx = dirs[3 * i] - sx;
      const dy = dirs[3 * i + 1] - sy;
      const dz = dirs[3 * i + 2] - sz;
      r2 = Math.max(r2, dx * dx + dy * dy + dz * dz);
    }
    cap = Math.sqrt(r2) + 1e-9;
  }
  if (active.length < all.length) active = new Array<PlaceFeature>(all.length);
  for (const f of all) {
    const dx = f.cx - sx;
    const dy = f.cy - sy;
    const dz = f.cz - sz;
    const reach = Math.sqrt(f.support2) + cap;
    if (cap >= 2 || dx * dx + dy * dy + dz * dz < reach * reach) active[activeN++] = f;
  }
}

/**
 * Applies the active features at direction (x, y, z): floods and masks `band` in place (its h, g,
 * m and ∇m) and writes the post-knee additive term into `add`.
 */
export function placesD(x: number, y: number, z: number, band: BandSample, add: PlaceAdd): void {
  add.v = 0;
  add.gx = 0;
  add.gy = 0;
  add.gz = 0;
  add.k = 1;
  add.kx = 0;
  add.ky = 0;
  add.kz = 0;
  cut.v = 0;
  cut.gx = 0;
  cut.gy = 0;
  cut.gz = 0;
  for (let k = 0; k < activeN; k++) {
    const f = active[k];
    const dx = x - f.cx;
    const dy = y - f.cy;
    const dz = z - f.cz;
    const c2 = dx * dx + dy * dy + dz * dz;
    if (!(c2 < f.support2)) continue;
    const kind = f.kind;
    if (kind === FEATURE_CANYON || kind === FEATURE_SCARP) {
      canyonD(f, x, y, z, band, kind === FEATURE_SCARP);
      continue;
    }
    const q = c2 * f.invRho2;
    // ∇q = 2·(d − c)/ρ²
    const qx = 2 * dx * f.invRho2;
    const qy = 2 * dy * f.invRho2;
    const qz = 2 * dz * f.invRho2;
    if (kind === FEATURE_SHIELD) {
      shieldD(f, q, qx, qy, qz, add);
      continue;
    }
    if (kind === FEATURE_CALDERA) {
      // −D·(1 − smoothstep(a, 1, q)): flat floor D deep for q < a, a steep wall up to the rim.
      const a = (1 - PLACE_CALDERA_WALL) * (1 - PLACE_CALDERA_WALL);
      smoothstepD(a, 1, q, sw);
      add.v -= f.level * (1 - sw.v);
      add.gx += f.level * sw.d * qx;
      add.gy += f.level * sw.d * qy;
      add.gz += f.level * sw.d * qz;
      continue;
    }
    const r = Math.sqrt(q);
    const b = PLACE_SHORE_WIDTH;
    if (kind === FEATURE_FLOOD) smoothstepD(1 - b, 1 + b, r, sw);
    else smoothstepD(1, CRATER_EJECTA_REACH, r, sw);
    const w = 1 - sw.v;
    // ∇w = −s′·∇r, ∇r = ∇q / (2r); s′ = 0 wherever r = 0 could occur (inside the flat part).
    const wd = sw.d === 0 ? 0 : -sw.d / (2 * r);
    const wx = wd * qx;
    const wy = wd * qy;
    const wz = wd * qz;
    if (kind === FEATURE_FLOOD) {
      const diff = f.level - band.h;
      band.gx = (1 - w) * band.gx + diff * wx;
      band.gy = (1 - w) * band.gy + diff * wy;
      band.gz = (1 - w) * band.gz + diff * wz;
      band.h += w * diff;
      if (f.mare === 1) {
        // A named mare is the young unit (its crater statistics, units.ts), not a ladder mask.
        add.kx = (1 - w) * add.kx - add.k * wx;
        add.ky = (1 - w) * add.ky - add.k * wy;
        add.kz = (1 - w) * add.kz - add.k * wz;
        add.k *= 1 - w;
        continue;
      }
    } else {
      const wall = f.shape.terraces > 0 && q < CRATER_SCALLOP_REACH;
      if (wall) craterAzimuthAt(f.shape.spin, f.cx, f.cy, f.cz, dx, dy, dz);
      craterProfileD(q, f.shape, pr);
      band.h += pr.v;
      band.gx += pr.d * qx;
      band.gy += pr.d * qy;
      band.gz += pr.d * qz;
      if (wall) {
        // Terraced walls and lobed peaks vary round the crater: ∂h/∂θ·∇θ.
        const t = craterAzimuth[2];
        band.gx += t * craterAzimuth[3];
        band.gy += t * craterAzimuth[4];
        band.gz += t * craterAzimuth[5];
      }
    }
    const lose = 1 - f.keep;
    const s = 1 - w * lose;
    band.mx = band.mx * s - band.m * lose * wx;
    band.my = band.my * s - band.m * lose * wy;
    band.mz = band.mz * s - band.m * lose * wz;
    band.m *= s;
  }
  band.h -= cut.v;
  band.gx -= cut.gx;
  band.gy -= cut.gy;
  band.gz -= cut.gz;
}

/**
 * Shield (H − E)·(1 − 3q² + 2q³) + E·(1 − smoothstep(q_e, 1, q)) on q < 1 (flat top, a basal
 * escarpment E high, zero slope at the foot), less a generic summit pit where no caldera is named.
 */
function shieldD(f: PlaceFeature, q: number, qx: number, qy: number, qz: number, add: PlaceAdd): void {
  const hgt = f.level;
  const dome = hgt - f.escarp;
  let v = dome * (1 - 3 * q * q + 2 * q * q * q);
  let d = dome * (6 * q * q - 6 * q);
  if (f.escarp > 0) {
    smoothstepD(f.escarpQ, 1, q, sw);
    v += f.escarp * (1 - sw.v);
    d -= f.escarp * sw.d;
  }
  const qc = q * f.calderaK;
  if (f.calderaK > 0 && qc < 1) {
    const a = 1 - qc;
    const dc = PLACE_CALDERA_DEPTH * hgt;
    v -= dc * a * a;
    d += 2 * dc * a * f.calderaK;
  }
  add.v += v;
  add.gx += d * qx;
  add.gy += d * qy;
  add.gz += d * qz;
}

const rise = valueD();
/** The joined cut of the chasmata at the current direction and its gradient. */
const cut = { v: 0, gx: 0, gy: 0, gz: 0 };
const seg = { w: 0, ws: 0, wu: 0, dep: 0, depU: 0 };

/**
 * Canyon segment `f` at (x, y, z) under filter width `fw` (chord) into `seg`: its weight w (1 on
 * the floor, 0 beyond the rim) with ∂w/∂s, ∂w/∂u, and its depth with ∂/∂u. False outside.
 */
function segmentD(f: PlaceFeature, x: number, y: number, z: number, fw: number): boolean {
  if (!(x * f.cx + y * f.cy + z * f.cz > 0)) return false;
  const s = x * f.nx + y * f.ny + z * f.nz;
  const u = x * f.tx + y * f.ty + z * f.tz;
  const uh = f.uHalf;
  // du: past an end, the distance along the axis to it (d is then the distance to the vertex).
  const du = u > uh ? u - uh : u < -uh ? u + uh : 0;
  const d2 = s * s + du * du;
  smoothstepD(-uh, uh, u, sw);
  const b = sw.v;
  const bu = sw.d;
  const inner0 = f.inA + (f.inB - f.inA) * b;
  const outer0 = f.outA + (f.outB - f.outA) * b;
  const mid = (inner0 + outer0) / 2;
  const midU = ((f.inB - f.inA + f.outB - f.outA) * bu) / 2;
  const wall0 = outer0 - inner0;
  const wall0U = (f.outB - f.inB - f.outA + f.inA) * bu;
  const cap = fw < f.fCap ? fw : f.fCap;
  const wall = cap > 0 ? Math.sqrt(wall0 * wall0 + cap * cap) : wall0;
  const wallU = cap > 0 ? (wall0 * wall0U) / wall : wall0U;
  const outer = mid + wall / 2;
  if (!(d2 < outer * outer)) return false;
  const inner = mid - wall / 2;
  const innerU = midU - wallU / 2;
  const d = Math.sqrt(d2);
  const t = (d - inner) / wall;
  smootherstepD(0, 1, t, rise);
  seg.w = 1 - rise.v;
  // ∂t/∂s = (s/d)/wall; ∂t/∂u = ((du/d) − ∂inner/∂u − t·∂wall/∂u)/wall (rise.d = 0 where d = 0).
  const k = rise.d === 0 ? 0 : -rise.d / wall;
  seg.ws = k === 0 ? 0 : (k * s) / d;
  seg.wu = k === 0 ? 0 : k * (du / d - innerU - t * wallU);
  seg.dep = f.depA + (f.depB - f.depA) * b;
  seg.depU = (f.depB - f.depA) * bu;
  return true;
}

/**
 * A canyon segment: cut ← cut + w·(D − cut); or a scarp H·r(a)·(1 − f(a))·e(|u|), a = s/sHalf: a
 * steep face rising over [−1, −1 + 2·face], then a long fall to 0 at a = 1, tapered ends.
 */
function canyonD(f: PlaceFeature, x: number, y: number, z: number, band: BandSample, scarp: boolean): void {
  if (!scarp) {
    if (!segmentD(f, x, y, z, filterChord)) return;
    const w = seg.w;
    const diff = seg.dep - cut.v;
    const ks = diff * seg.ws;
    const ku = diff * seg.wu + w * seg.depU;
    cut.gx = (1 - w) * cut.gx + ks * f.nx + ku * f.tx;
    cut.gy = (1 - w) * cut.gy + ks * f.ny + ku * f.ty;
    cut.gz = (1 - w) * cut.gz + ks * f.nz + ku * f.tz;
    cut.v += w * diff;
    return;
  }
  const s = x * f.nx + y * f.ny + z * f.nz;
  const u = x * f.tx + y * f.ty + z * f.tz;
  const as = Math.abs(s) / f.sHalf;
  const au = Math.abs(u);
  if (as >= 1 || au >= f.uHalf || x * f.cx + y * f.cy + z * f.cz <= 0) return;
  const a = s / f.sHalf;
  const knee = -1 + 2 * PLACE_SCARP_FACE;
  smoothstepD(-1, knee, a, rise);
  smoothstepD(knee, 1, a, sw);
  const c = rise.v * (1 - sw.v);
  const cd = (rise.d * (1 - sw.v) - rise.v * sw.d) / f.sHalf;
  smoothstepD(f.uHalf * (1 - PLACE_CANYON_TAPER), f.uHalf, au, pr);
  const e = 1 - pr.v;
  const ed = -pr.d * (u < 0 ? -1 : 1);
  const dep = f.level;
  band.h += dep * c * e;
  const ks = dep * cd * e;
  const ku = dep * c * ed;
  band.gx += ks * f.nx + ku * f.tx;
  band.gy += ks * f.ny + ku * f.ty;
  band.gz += ks * f.nz + ku * f.tz;
}

/**
 * k = Π(1 − w) over the named maria of `body` at unit direction (x, y, z), with its 3-D gradient,
 * into out.k, out.kx … (its other fields untouched): the same products in the same order as
 * `placesD`, so the same bits. The point form the cover and the census read the unit with.
 */
export function namedMareKD(body: Body, x: number, y: number, z: number, out: PlaceAdd): PlaceAdd {
  out.k = 1;
  out.kx = 0;
  out.ky = 0;
  out.kz = 0;
  for (const f of placeFeatures(body)) {
    if (f.mare !== 1 || f.kind !== FEATURE_FLOOD) continue;
    const dx = x - f.cx;
    const dy = y - f.cy;
    const dz = z - f.cz;
    const c2 = dx * dx + dy * dy + dz * dz;
    if (!(c2 < f.support2)) continue;
    const q = c2 * f.invRho2;
    const r = Math.sqrt(q);
    smoothstepD(1 - PLACE_SHORE_WIDTH, 1 + PLACE_SHORE_WIDTH, r, sw);
    const w = 1 - sw.v;
    const wd = sw.d === 0 ? 0 : -sw.d / (2 * r);
    const wx = wd * (2 * dx * f.invRho2);
    const wy = wd * (2 * dy * f.invRho2);
    const wz = wd * (2 * dz * f.invRho2);
    out.kx = (1 - w) * out.kx - out.k * wx;
    out.ky = (1 - w) * out.ky - out.k * wy;
    out.kz = (1 - w) * out.kz - out.k * wz;
    out.k *= 1 - w;
  }
  return out;
}

const mareK = placeAdd();

/**
 * The named-mare weight at unit direction (x, y, z) of `body`: 0 off every mare, 1 inside one,
 * smooth across the shoreline (1 − Π(1 − w) over the maria). The mare / plain signal for terrain
 * units (field/units.ts).
 */
export function mareWeightAt(body: Body, x: number, y: number, z: number): number {
  return 1 - namedMareKD(body, x, y, z, mareK).k;
}

/**
 * The chasmata's joined floor weight at unit direction (x, y, z) of `body`: 1 − Π(1 − c·e) over
 * its canyons (1 on a floor, 0 off every canyon, C¹ between), its walls widened as the relief's
 * under the level filter `filterM` m. Read by the albedo tone.
 */
export function chasmaWeightAt(body: Body, x: number, y: number, z: number, filterM = 0): number {
  const fw = filterM > 0 ? (PLACE_CANYON_FILTER_CELLS * filterM) / body.radius : 0;
  let keep = 1;
  for (const f of placeFeatures(body)) {
    if (f.kind !== FEATURE_CANYON) continue;
    const dx = x - f.cx;
    const dy = y - f.cy;
    const dz = z - f.cz;
    if (!(dx * dx + dy * dy + dz * dz < f.support2)) continue;
    if (segmentD(f, x, y, z, fw)) keep *= 1 - seg.w;
  }
  return 1 - keep;
}
