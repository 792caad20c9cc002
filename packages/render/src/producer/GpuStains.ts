/**
 * Europa's stained bands for the GPU producer's cover (ADR-0020 item 26): the lineae (universe
 * lineae.ts `lineaeStain`, eleven octaves) and the double ridges' dark margins (`ridgeStain`), each
 * a band amp·(1 − (s/me)²)²·e(u) joined as 1 − Π(1 − band). Per patch every arc of those octaves
 * in the blocks its samples fall in (`latticeArcs`), with the band universe's `lineaBand` and
 * `ridgeMarginBand` give it under the set's filter; a band that misses a sample multiplies by
 * exactly 1 there.
 *
 * The batch buffer (vec4 of f32): per patch a header (0, first band, band count, 0), then
 * STAIN_RECORD_VEC4 vec4 per band: (C_hi.xyz, c·n − k), (C_lo.xyz, c·t), (n, 1/σ), (t, 0),
 * (reach² m², 1/me, uHalf, amp).
 *
 * The lenticulae spots (lenticulae.ts `lenticulaStain`): per patch the pits of the stained ladder
 * rungs gathered over the patch's cap as the crater ladder's (`gatherRung`, GpuLadder.ts), each
 * amp·(1 − q)², q = |P − C|²/re², SPOT_RECORD_VEC4 vec4: (C_hi.xyz, 1/re² in m⁻²), (C_lo.xyz, amp).
 *
 * The chaos matrix M (GpuChaos.ts) completes the dark material; the cover kernel's use of it comes
 * with Europa's port. `stainsCheck` runs the kernels for the browser spec.
 */
import {
  CandidatePool,
  gatherRung,
  ladderPlan,
  lenticulaRungs,
  lenticulaSpot,
  bodyLandforms,
  lineaBand,
  lineaOctaves,
  ridgeMarginBand,
  ridgeOctaves,
  RIDGE_TAPER,
  type Body,
  type StainBand,
} from '@landfall/universe';
import { arcCentreWords, latticeArcs } from './GpuArcs';
import { SMOOTHSTEP_D_WGSL } from './smoothWgsl';
import { boundingCap, CAP_PAD } from './GpuLadder';
import { runSampleCheck } from './sampleCheck';

/** vec4 of one stained band's record. */
export const STAIN_RECORD_VEC4 = 5;
/** vec4 of one lenticula spot's record. */
export const SPOT_RECORD_VEC4 = 2;

/** One lenticula spot: its centre (unit direction), drawn radius (direction units) and peak stain. */
interface Spot {
  x: number;
  y: number;
  z: number;
  re: number;
  amp: number;
}

/** The lenticula spots that may touch `dirs` (unit directions) of `body` under `filterM`. */
export function patchSpots(body: Body, dirs: Float64Array, filterM: number): Spot[] {
  const rungs = lenticulaRungs(body);
  if (rungs.length === 0) return [];
  const plan = ladderPlan(body);
  const [mx, my, mz, chord] = boundingCap(dirs);
  const cap = new Float64Array(4);
  const pool = new CandidatePool();
  const out: Spot[] = [];
  const spot = { re: 0, amp: 0 };
  for (const k of rungs) {
    pool.count = 0;
    cap.set([mx, my, mz, chord * (1 + 2 ** -30) + CAP_PAD * plan.reach[k]]);
    gatherRung(pool, body, plan, k, cap, 0);
    for (let j = 0; j < pool.count; j++)
      if (lenticulaSpot(body, k, pool, j, filterM, spot))
        out.push({ x: pool.nx[j], y: pool.ny[j], z: pool.nz[j], re: spot.re, amp: spot.amp });
  }
  return out;
}

/** The packed spots of `patches` (one body): headers (one vec4 per patch), then the records. */
export function spotBatch(
  patches: readonly { body: Body; dirs: Float64Array; filterM: number }[],
): Float32Array {
  const lists = patches.map((p) => patchSpots(p.body, p.dirs, p.filterM));
  const total = lists.reduce((n, l) => n + l.length, 0);
  const out = new Float32Array(4 * (patches.length + SPOT_RECORD_VEC4 * Math.max(1, total)));
  let next = 0;
  patches.forEach((p, i) => {
    const R = p.body.radius;
    out[4 * i + 1] = next;
    out[4 * i + 2] = lists[i].length;
    for (const sp of lists[i]) {
      const o = 4 * (patches.length + SPOT_RECORD_VEC4 * next++);
      [sp.x, sp.y, sp.z].forEach((c, q) => {
        const P = c * R;
        const hi = Math.fround(P);
        out[o + q] = hi;
        out[o + 4 + q] = P - hi;
      });
      const reM = sp.re * R;
      out[o + 3] = 1 / (reM * reM);
      out[o + 7] = sp.amp;
    }
  });
  return out;
}

/** One band a patch's stain multiplies: its arc's words, the lattice reach, the band. */
interface Stain {
  arc: Float64Array;
  reach: number;
  band: StainBand;
}

/** The stained bands of `dirs` (unit directions) of `body` under `filterM`; none without lineae. */
export function patchStains(body: Body, dirs: Float64Array, filterM: number): Stain[] {
  if (!bodyLandforms(body).lineae) return [];
  const out: Stain[] = [];
  for (const oct of lineaOctaves(body))
    for (const arc of latticeArcs(oct.lattice, dirs))
      out.push({
        arc,
        reach: oct.lattice.reach,
        band: lineaBand(body, oct, arc[11], filterM, { me: 0, uHalf: 0, amp: 0 }),
      });
  for (const oct of ridgeOctaves(body)) {
    if (!oct.stained) continue;
    for (const arc of latticeArcs(oct.lattice, dirs))
      out.push({
        arc,
        reach: oct.lattice.reach,
        band: ridgeMarginBand(body, oct, arc[11], filterM, { me: 0, uHalf: 0, amp: 0 }),
      });
  }
  return out;
}

/** The packed batch of `patches` (one body): headers (one vec4 per patch), then the records. */
export function stainBatch(
  patches: readonly { body: Body; dirs: Float64Array; filterM: number }[],
): Float32Array {
  const lists = patches.map((p) => patchStains(p.body, p.dirs, p.filterM));
  const total = lists.reduce((n, l) => n + l.length, 0);
  const out = new Float32Array(4 * (patches.length + STAIN_RECORD_VEC4 * Math.max(1, total)));
  let next = 0;
  patches.forEach((p, i) => {
    const R = p.body.radius;
    out[4 * i + 1] = next;
    out[4 * i + 2] = lists[i].length;
    for (const st of lists[i]) {
      const o = 4 * (patches.length + STAIN_RECORD_VEC4 * next++);
      const a = st.arc;
      arcCentreWords(out, o, a, 0, R);
      out.set(a.subarray(3, 6), o + 8);
      out[o + 11] = a[10];
      out.set(a.subarray(6, 9), o + 12);
      out[o + 16] = st.reach * st.reach * R * R;
      out[o + 17] = 1 / st.band.me;
      out[o + 18] = st.band.uHalf;
      out[o + 19] = st.band.amp;
    }
  });
  return out;
}

/**
 * The bands' keep Π(1 − band) in WGSL: `stainKeep(base, first, count, hi, lo3, R)` over the
 * records at vec4 `base + first·STAIN_RECORD_VEC4` of `stains` (which the including kernel
 * declares). Needs SMOOTHSTEP_D_WGSL.
 */
export const STAINS_WGSL = /* wgsl */ `
const STAIN_TAPER: f32 = ${RIDGE_TAPER};
const SV: u32 = ${STAIN_RECORD_VEC4}u;

fn stainKeep(base: u32, first: u32, count: u32, hi: vec3<f32>, lo3: vec3<f32>, R: f32) -> f32 {
  var keep = 1.0;
  for (var i = 0u; i < count; i = i + 1u) {
    let b = base + (first + i) * SV;
    let v0 = stains[b];
    let v1 = stains[b + 1u];
    let v4 = stains[b + 4u];
    let pw = (hi - v0.xyz) + (lo3 - v1.xyz);
    if (!(dot(pw, pw) < v4.x)) {
      continue;
    }
    let v2 = stains[b + 2u];
    let a = (dot(pw, v2.xyz) / R + v0.w) * v2.w * v4.y;
    let q = a * a;
    if (!(q < 1.0)) {
      continue;
    }
    let au = abs(dot(pw, stains[b + 3u].xyz) / R + v1.w);
    let uHalf = v4.z;
    if (!(au < uHalf)) {
      continue;
    }
    let e = smoothstepD((1.0 - STAIN_TAPER) * uHalf, uHalf, au);
    keep = keep * (1.0 - v4.w * (1.0 - q) * (1.0 - q) * (1.0 - e.x));
  }
  return keep;
}
`;

/**
 * The lenticula spots' keep Π(1 − amp·(1 − q)²) in WGSL: `spotKeep(base, first, count, hi, lo3)`
 * over the records at vec4 `base + first·SPOT_RECORD_VEC4` of `spots` (which the including kernel
 * declares).
 */
export const SPOTS_WGSL = /* wgsl */ `
// lenticulae.ts: the spots' keep Π(1 − amp·(1 − q)²) as lenticulaStain forms it.
fn spotKeep(base: u32, first: u32, count: u32, hi: vec3<f32>, lo3: vec3<f32>) -> f32 {
  var keep = 1.0;
  for (var i = 0u; i < count; i = i + 1u) {
    let b = base + (first + i) * ${SPOT_RECORD_VEC4}u;
    let v0 = spots[b];
    let v1 = spots[b + 1u];
    let pw = (hi - v0.xyz) + (lo3 - v1.xyz);
    let q = dot(pw, pw) * v0.w;
    if (q < 1.0) {
      keep = keep * (1.0 - v1.w * (1.0 - q) * (1.0 - q));
    }
  }
  return keep;
}

`;

/**
 * Runs the spots alone on `device` over `patches` (one body, `samplesPerPatch` directions each):
 * 1 − Π(1 − spot) per sample (the first word of a vec4), for the browser spec to compare with
 * `lenticulaStain`.
 */
export function spotsCheck(
  device: GPUDevice,
  patches: readonly { body: Body; dirs: Float64Array; filterM: number }[],
  samplesPerPatch: number,
): Promise<Float32Array> {
  const check = {
    label: 'landfall spots check',
    binding: 'spots',
    wgsl: SPOTS_WGSL,
    body: `let head = spots[k / params.samplesPerPatch];
  out[k] = vec4<f32>(1.0 - spotKeep(params.patches, u32(head.y), u32(head.z), hi, lo3), 0.0, 0.0, 0.0);`,
    outVec4: 1,
  };
  return runSampleCheck(device, check, patches, samplesPerPatch, spotBatch(patches));
}

/**
 * The stated float32 tolerance of the spots at unit direction (x, y, z) over `list` (`patchSpots`
 * of its patch): per spot whose support holds the sample (q < 1 + 2⁻¹⁸), q = |P − C|²/re² from the
 * metre offset (≈ 2⁻²³ relative) and 1/re² in float32 is off by ≤ 2⁻²⁰, the profile's slope in q
 * is ≤ 2, and its rounding 2⁻²¹: amp·(2·2⁻²⁰ + 2⁻²¹) a spot, plus 2⁻²² a product.
 */
export function spotTolerance(list: readonly Spot[], x: number, y: number, z: number): number {
  let tol = 0;
  for (const sp of list) {
    const dx = x - sp.x;
    const dy = y - sp.y;
    const dz = z - sp.z;
    if (!((dx * dx + dy * dy + dz * dz) / (sp.re * sp.re) < 1 + 2 ** -18)) continue;
    tol += sp.amp * (2 * 2 ** -20 + 2 ** -21) + 2 ** -22;
  }
  return tol;
}

/**
 * Runs the bands alone on `device` over `patches` (one body, `samplesPerPatch` directions each):
 * the stain 1 − Π(1 − band) per sample (the first word of a vec4), for the browser spec to compare
 * with 1 − (1 − `lineaeStain`)(1 − `ridgeStain`).
 */
export function stainsCheck(
  device: GPUDevice,
  patches: readonly { body: Body; dirs: Float64Array; filterM: number }[],
  samplesPerPatch: number,
): Promise<Float32Array> {
  const check = {
    label: 'landfall stains check',
    binding: 'stains',
    wgsl: `${SMOOTHSTEP_D_WGSL}\n${STAINS_WGSL}`,
    body: `let head = stains[k / params.samplesPerPatch];
  out[k] = vec4<f32>(1.0 - stainKeep(params.patches, u32(head.y), u32(head.z), hi, lo3, R), 0.0, 0.0, 0.0);`,
    outVec4: 1,
  };
  return runSampleCheck(device, check, patches, samplesPerPatch, stainBatch(patches));
}

/**
 * The stated float32 tolerance of the stain at unit direction (x, y, z) over `list` (`patchStains`
 * of its patch). Per band whose support holds the sample (widened by its errors): a = s/me from a
 * metre offset within the reach, off by 2⁻²¹/me (as the ridges' s); u off by 2⁻²¹·reach; the band
 * amp·(1 − a²)²·e(u) has slope ≤ 1.54·amp in a and ≤ 1.5·amp/(RIDGE_TAPER·uHalf) in u, plus 2⁻²¹·amp
 * for its rounding. Each factor lies in [0, 1], so the product's error is at most the sum of the
 * factors' errors, plus 2⁻²²·n for the n products' rounding.
 */
export function stainTolerance(list: readonly Stain[], R: number, x: number, y: number, z: number): number {
  let tol = 0;
  let n = 0;
  for (const st of list) {
    const a = st.arc;
    const dx = x - a[0];
    const dy = y - a[1];
    const dz = z - a[2];
    if (!(dx * dx + dy * dy + dz * dz < st.reach * st.reach * (1 + 2 ** -18))) continue;
    const ds = 2 ** -21;
    const du = ds * st.reach;
    const b = st.band;
    const s = (x * a[3] + y * a[4] + z * a[5] - a[9]) * a[10];
    const u = Math.abs(x * a[6] + y * a[7] + z * a[8]);
    if (!(Math.abs(s) < b.me + 2 * ds && u < b.uHalf + 2 * du)) continue;
    tol += b.amp * (1.54 * (ds / b.me) + (1.5 / (RIDGE_TAPER * b.uHalf)) * du + 2 ** -21);
    n++;
  }
  return tol + 2 ** -22 * n;
}
