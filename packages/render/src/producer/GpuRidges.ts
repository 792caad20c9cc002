/**
 * Europa's double ridges and ridge sets (universe icyRidges.ts) for the GPU producer (ADR-0020
 * item 24): per patch, every arc of every ridge octave in the lattice blocks its samples fall in
 * (`latticeArcs`), without those the filter removes (fw = 0), sorted by age — the order
 * `icyRidgesD` folds a sample's hits in (oldest first; ties by octave, then cell and slot, the
 * order found), so the kernel folds h ← h·(1 − w) + f over the list and an arc that misses the
 * sample leaves h as it is. The kernel admits an arc by |P − C|² < reach² (each ridge's and set's
 * support lies inside the reach, icyRidges.ts `ridgeOctaves`).
 *
 * The batch buffer (vec4 of f32): per patch a header (0, first arc, arc count, 0), then
 * RIDGE_RECORD_VEC4 vec4 per arc: (C_hi.xyz, c·n − k), (C_lo.xyz, c·t), (n, 1/σ), (t, kind), then
 * for a double ridge (reach² m², 1/sHalf, uHalf, 0), (0, 0, 0, 0), and for a set (reach² m², U, S,
 * width), (spacing, φ, 0, 0); last (height, fw, hash low 16 bits, hash high 16 bits) — the hash
 * only for a set, whose members' shapes are drawn per slot in the kernel.
 *
 * This item is the ridges alone: Europa stays refused (`gpuPatchRefusal`) until its chaos and its
 * dark-material cover are ported too; `ridgesCheck` runs the kernel for the browser spec.
 */
import {
  bodyLandforms,
  ridgeArcTerms,
  ridgeOctaves,
  ridgeProfileConstants,
  RIDGE_SET_ASPECT,
  RIDGE_SET_MEMBER_MIN,
  RIDGE_TAPER,
  type Body,
  type RidgeArcTerms,
  type RidgeOctave,
} from '@landfall/universe';
import { arcCentreWords, latticeArcs } from './GpuArcs';
import { runSampleCheck } from './sampleCheck';
import { HASH_WGSL, REHASH_WGSL } from './hashWgsl';
import { SMOOTHSTEP_D_WGSL } from './smoothWgsl';

/** vec4 of one ridge record. */
export const RIDGE_RECORD_VEC4 = 7;

/** One arc a patch's ridges fold: its words, octave and terms under the patch's filter. */
interface RidgeArc {
  arc: Float64Array;
  oct: RidgeOctave;
  terms: RidgeArcTerms;
}

const blankTerms = (): RidgeArcTerms => ({
  fw: 0,
  age: 0,
  height: 0,
  sHalf: 0,
  uHalf: 0,
  width: 0,
  spacing: 0,
  phase: 0,
});

/** The ridge arcs of `dirs` (unit directions) of `body` under `filterM`, in fold order; none without ridges. */
export function patchRidges(body: Body, dirs: Float64Array, filterM: number): RidgeArc[] {
  if (!bodyLandforms(body).ridges) return [];
  const out: RidgeArc[] = [];
  for (const oct of ridgeOctaves(body))
    for (const arc of latticeArcs(oct.lattice, dirs)) {
      const terms = ridgeArcTerms(body, oct, arc[11], filterM, blankTerms());
      if (terms.fw !== 0) out.push({ arc, oct, terms });
    }
  // Array.prototype.sort is stable: equal ages keep the order found (octave, cell, slot).
  return out.sort((a, b) => a.terms.age - b.terms.age);
}

/** The packed batch of `patches` (one body): headers (one vec4 per patch), then the records. */
export function ridgeBatch(
  patches: readonly { body: Body; dirs: Float64Array; filterM: number }[],
): Float32Array {
  const lists = patches.map((p) => patchRidges(p.body, p.dirs, p.filterM));
  const total = lists.reduce((n, l) => n + l.length, 0);
  const out = new Float32Array(4 * (patches.length + RIDGE_RECORD_VEC4 * Math.max(1, total)));
  let next = 0;
  patches.forEach((p, i) => {
    out[4 * i + 1] = next;
    out[4 * i + 2] = lists[i].length;
    for (const r of lists[i])
      ridgeRecord(out, 4 * (patches.length + RIDGE_RECORD_VEC4 * next++), r, p.body.radius);
  });
  return out;
}

function ridgeRecord(f: Float32Array, o: number, r: RidgeArc, R: number): void {
  const a = r.arc;
  const t = r.terms;
  arcCentreWords(f, o, a, 0, R);
  f.set(a.subarray(3, 6), o + 8);
  f[o + 11] = a[10];
  f.set(a.subarray(6, 9), o + 12);
  f[o + 15] = r.oct.set ? 1 : 0;
  const reach = r.oct.lattice.reach;
  f[o + 16] = reach * reach * R * R;
  if (r.oct.set) {
    f[o + 17] = t.uHalf;
    f[o + 18] = RIDGE_SET_ASPECT * t.uHalf;
    f[o + 19] = t.width;
    f[o + 20] = t.spacing;
    f[o + 21] = t.phase;
    f[o + 26] = a[11] & 0xffff;
    f[o + 27] = a[11] >>> 16;
  } else {
    f[o + 17] = 1 / t.sHalf;
    f[o + 18] = t.uHalf;
  }
  f[o + 24] = t.height;
  f[o + 25] = t.fw;
}

const PROFILE = ridgeProfileConstants();

/**
 * The fold of icyRidges.ts in WGSL: `icyRidges(base, first, count, hi, lo3, R)` over the records
 * at vec4 `base + first·RIDGE_RECORD_VEC4` of `ridges` (which the including kernel declares),
 * as (h, ∇h) with ∇h 3-D, with respect to the direction. Needs HASH_WGSL, REHASH_WGSL and
 * SMOOTHSTEP_D_WGSL.
 */
export const RIDGES_WGSL = /* wgsl */ `
const RIDGE_TAU: f32 = ${PROFILE.tau};
const RIDGE_INV_PEAK: f32 = ${1 / PROFILE.peak};
const RIDGE_TAPER: f32 = ${RIDGE_TAPER};
const RIDGE_MEMBER_MIN: f32 = ${RIDGE_SET_MEMBER_MIN};
const RV: u32 = ${RIDGE_RECORD_VEC4}u;

// icyRidges.ts profile: P(a) and dP/da.
fn ridgeProfile(a: f32) -> vec2<f32> {
  let q = a * a;
  let om = 1.0 - q;
  return vec2<f32>(om * om * (RIDGE_TAU + q) * RIDGE_INV_PEAK, 2.0 * a * (om * om - 2.0 * om * (RIDGE_TAU + q)) * RIDGE_INV_PEAK);
}

fn icyRidges(base: u32, first: u32, count: u32, hi: vec3<f32>, lo3: vec3<f32>, R: f32) -> vec4<f32> {
  var v = 0.0;
  var g = vec3<f32>(0.0);
  for (var i = 0u; i < count; i = i + 1u) {
    let b = base + (first + i) * RV;
    let v0 = ridges[b];
    let v1 = ridges[b + 1u];
    let v4 = ridges[b + 4u];
    let pw = (hi - v0.xyz) + (lo3 - v1.xyz);
    if (!(dot(pw, pw) < v4.x)) {
      continue;
    }
    let v2 = ridges[b + 2u];
    let v3 = ridges[b + 3u];
    let v6 = ridges[b + 6u];
    let n = v2.xyz;
    let t = v3.xyz;
    let s = (dot(pw, n) / R + v0.w) * v2.w;
    let u = dot(pw, t) / R + v1.w;
    let fw = v6.y;
    var f = 0.0;
    var fs = 0.0;
    var fu = 0.0;
    var w = 0.0;
    var ws = 0.0;
    var wu = 0.0;
    if (v3.w == 0.0) {
      // ridgeHit: a double ridge.
      let a = s * v4.y;
      if (!(a > -1.0 && a < 1.0)) {
        continue;
      }
      let uHalf = v4.z;
      let au = abs(u);
      if (!(au < uHalf)) {
        continue;
      }
      let e = smoothstepD((1.0 - RIDGE_TAPER) * uHalf, uHalf, au);
      let ev = 1.0 - e.x;
      let ed = select(-e.y, e.y, u < 0.0);
      let p = ridgeProfile(a);
      let om = 1.0 - a * a;
      f = v6.x * p.x * ev;
      fs = v6.x * p.y * ev * v4.y;
      fu = v6.x * p.x * ed;
      w = fw * om * om * ev;
      ws = fw * -4.0 * a * om * ev * v4.y;
      wu = fw * om * om * ed;
    } else {
      // setHit: member j of a ridge set, in the set's elliptical window.
      let U = v4.y;
      let S = v4.z;
      let q = (u * u) / (U * U) + (s * s) / (S * S);
      if (!(q < 1.0)) {
        continue;
      }
      let v5 = ridges[b + 5u];
      let width = v4.w;
      let spacing = v5.x;
      let tt = s / spacing + v5.y;
      let j = floor(tt);
      let h = u32(v6.z) | (u32(v6.w) << 16u);
      let hj = hashCombine(h, 64u + (bitcast<u32>(i32(j)) & 0xffffu));
      let wj = width * (RIDGE_MEMBER_MIN + (1.0 - RIDGE_MEMBER_MIN) * unitFromHash(hashCombine(hj, 1u)));
      let room = 0.5 - wj / (2.0 * spacing);
      let centre = 0.5 + room * (2.0 * unitFromHash(hashCombine(hj, 2u)) - 1.0);
      let a = ((tt - j - centre) * 2.0 * spacing) / wj;
      if (!(a > -1.0 && a < 1.0)) {
        continue;
      }
      let e = smoothstepD(0.25, 1.0, q);
      let wv = 1.0 - e.x;
      let wq = -e.y;
      let wsd = (wq * 2.0 * s) / (S * S);
      let wud = (wq * 2.0 * u) / (U * U);
      let height = v6.x * (0.5 + 0.5 * unitFromHash(hj));
      let sHalf = wj / 2.0;
      let p = ridgeProfile(a);
      let om = 1.0 - a * a;
      let pf = om * om;
      f = height * p.x * wv;
      fs = height * ((p.y * wv) / sHalf + p.x * wsd);
      fu = height * p.x * wud;
      w = fw * pf * wv;
      ws = fw * ((-4.0 * a * om * wv) / sHalf + pf * wsd);
      wu = fw * pf * wud;
    }
    // pushHit: ∂s/∂x = n/σ; the fold, oldest first.
    let ns = n * v2.w;
    g = g * (1.0 - w) - v * (ws * ns + wu * t) + (fs * ns + fu * t);
    v = v * (1.0 - w) + f;
  }
  return vec4<f32>(v, g);
}
`;

/**
 * Runs the ridge fold alone on `device` over `patches` (one body, `samplesPerPatch` directions
 * each): (h, ∇h) per sample, for the browser spec to compare with `icyRidgesD`.
 */
export function ridgesCheck(
  device: GPUDevice,
  patches: readonly { body: Body; dirs: Float64Array; filterM: number }[],
  samplesPerPatch: number,
): Promise<Float32Array> {
  const check = {
    label: 'landfall ridges check',
    binding: 'ridges',
    wgsl: `${HASH_WGSL}\n${REHASH_WGSL}\n${SMOOTHSTEP_D_WGSL}\n${RIDGES_WGSL}`,
    body: `let head = ridges[k / params.samplesPerPatch];
  out[k] = icyRidges(params.patches, u32(head.y), u32(head.z), hi, lo3, R);`,
    outVec4: 1,
  };
  return runSampleCheck(device, check, patches, samplesPerPatch, ridgeBatch(patches));
}

/** Largest |P′| and |P″| of a profile sampled on [−1, 1], 1 % over (the sampling's margin). */
function profileBounds(P: (a: number) => number): { slope: number; curve: number } {
  const n = 4000;
  const d = 2 / n;
  let slope = 0;
  let curve = 0;
  for (let i = 1; i < n; i++) {
    const a = -1 + i * d;
    slope = Math.max(slope, Math.abs(P(a + d) - P(a - d)) / (2 * d));
    curve = Math.max(curve, Math.abs(P(a + d) - 2 * P(a) + P(a - d)) / (d * d));
  }
  return { slope: 1.01 * slope, curve: 1.01 * curve };
}

const RIDGE_BOUNDS = profileBounds((a) => ((1 - a * a) ** 2 * (PROFILE.tau + a * a)) / PROFILE.peak);
const WEIGHT_BOUNDS = profileBounds((a) => (1 - a * a) ** 2);

/**
 * Float32 error of a profile term H·P(a)·E (E the taper or window, slope ≤ e1, curvature ≤ e2 per
 * unit of direction) with a off by `da` and the along coordinate by `du`; `gs` ∂a per unit of
 * direction: h by H·(P′·Δa + e1·Δu) + 2⁻²¹·H, the gradient by H·((P″·Δa + P′·e1·Δu)·gs + P′·e1·Δa
 * + e2·Δu) + 2⁻²¹·H·(P′·gs + e1).
 */
function termError(
  b: { slope: number; curve: number },
  H: number,
  da: number,
  du: number,
  e1: number,
  e2: number,
  gs: number,
): { h: number; gradient: number; size: number } {
  return {
    h: H * (b.slope * da + e1 * du) + 2 ** -21 * H,
    gradient:
      H * ((b.curve * da + b.slope * e1 * du) * gs + b.slope * e1 * da + e2 * du) +
      2 ** -21 * H * (b.slope * gs + e1),
    size: H * (b.slope * gs + e1),
  };
}

/**
 * The stated float32 tolerance of the ridge fold at unit direction (x, y, z) over `list`
 * (`patchRidges` of its patch): h (m) and each gradient component (m per unit of direction). Per
 * arc reaching the sample: s = ((P − C)·n/R + c·n − k)/σ from a metre offset within the reach, off
 * by ≤ 2⁻²¹ (σ ≥ 1.5·reach, as the scarps'); a double ridge's a = s/sHalf; a set's slot coordinate
 * s/spacing + φ adds its own rounding 2⁻²³·(|s|/spacing + 1), times 2·spacing/w_j (w_j ≥
 * RIDGE_SET_MEMBER_MIN·width), plus 2⁻²⁰ for the member's hashed centre and width in float32; u
 * off by 2⁻²¹·reach (and a set's window by the s error too). The taper's slope ≤ 1.5/(RIDGE_TAPER·
 * uHalf) and curvature ≤ 6/(RIDGE_TAPER·uHalf)²; the window's ≤ 4/m and 48/m², m = min(U, S). The
 * fold h ← h(1 − w) + f with 0 ≤ w ≤ 1 passes each error on: Δh ≤ Σ (Δf + V·Δw) + 2⁻²¹·V per arc,
 * V = Σ H; the gradient Σ (Δ∇f + V·Δ∇w + G·Δw + Δh·|∇w|) + 2⁻²¹·(G + V·|∇w|), G = Σ |∇f| + V·|∇w|.
 */
export function ridgeTolerance(
  list: readonly RidgeArc[],
  R: number,
  x: number,
  y: number,
  z: number,
): { h: number; gradient: number } {
  const terms: { H: number; f: ReturnType<typeof termError>; w: ReturnType<typeof termError> }[] = [];
  for (const r of list) {
    const a = r.arc;
    const reach = r.oct.lattice.reach;
    const dx = x - a[0];
    const dy = y - a[1];
    const dz = z - a[2];
    // The kernel's reach test in metres, with a float32 margin.
    if (!(dx * dx + dy * dy + dz * dz < reach * reach * (1 + 2 ** -18))) continue;
    const t = r.terms;
    const ds = 2 ** -21;
    const du = ds * reach;
    const inv = a[10];
    // Only an arc whose support holds the sample (within its own errors) is folded in (w, f ≠ 0).
    const sc = (x * a[3] + y * a[4] + z * a[5] - a[9]) * inv;
    const uc = Math.abs(x * a[6] + y * a[7] + z * a[8]);
    if (r.oct.set) {
      const U = t.uHalf + du + ds;
      const S = RIDGE_SET_ASPECT * t.uHalf + du + ds;
      if (!((uc * uc) / (U * U) + (sc * sc) / (S * S) < 1)) continue;
    } else if (!(Math.abs(sc) < t.sHalf + 2 * ds && uc < t.uHalf + 2 * du)) continue;
    let da: number;
    let gs: number;
    let e1: number;
    let e2: number;
    if (r.oct.set) {
      const m = Math.min(t.uHalf, RIDGE_SET_ASPECT * t.uHalf);
      const wMin = RIDGE_SET_MEMBER_MIN * t.width;
      da = ((ds / t.spacing + 2 ** -23 * (Math.abs(sc) / t.spacing + 1)) * 2 * t.spacing) / wMin + 2 ** -20;
      gs = (2 * inv) / wMin;
      e1 = 4 / m;
      e2 = 48 / (m * m);
    } else {
      da = ds / t.sHalf;
      gs = inv / t.sHalf;
      e1 = 1.5 / (RIDGE_TAPER * t.uHalf);
      e2 = 6 / (RIDGE_TAPER * t.uHalf) ** 2;
    }
    const dAlong = r.oct.set ? du + ds : du;
    terms.push({
      H: t.height,
      f: termError(RIDGE_BOUNDS, t.height, da, dAlong, e1, e2, gs),
      w: termError(WEIGHT_BOUNDS, t.fw, da, dAlong, e1, e2, gs),
    });
  }
  const V = terms.reduce((n, e) => n + e.H, 0);
  const G = terms.reduce((n, e) => n + e.f.size + V * e.w.size, 0);
  let h = 0;
  for (const e of terms) h += e.f.h + V * e.w.h + 2 ** -21 * V;
  let gradient = 0;
  for (const e of terms)
    gradient += e.f.gradient + V * e.w.gradient + G * e.w.h + h * e.w.size + 2 ** -21 * (G + V * e.w.size);
  return { h, gradient };
}
