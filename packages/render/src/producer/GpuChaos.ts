/**
 * Europa's chaos terrain (universe chaos.ts) for the GPU producer (ADR-0020 item 25): the matrix
 * weight M = P·(1 − R) and the matrix height, as `chaosD` forms them.
 *  - P, the patches: per patch every arc of the chaos lattice in the blocks its samples fall in
 *    (`latticeArcs`), in the order found; the kernel forms q0 from the metre offset to each centre
 *    and, once one arc is near enough, the lobed outline's two value noises.
 *  - R, the rafts and plates: two hashed lattices, each cell's box turned by its own quaternion,
 *    evaluated in lattice units from the split position; the draw "this cell holds a raft" is
 *    compared as integers (`hashThreshold`), exactly as the CPU's.
 *  - the matrix height: −CHAOS_MATRIX_DEPTH_M + CHAOS_HUMMOCK_M·n, n value noise.
 *
 * The batch buffer (vec4 of f32): CHAOS_BODY_VEC4 vec4 of the body's streams and frequencies, then
 * per patch a header (0, first arc, arc count, 0), then CHAOS_RECORD_VEC4 vec4 per arc: (C_hi.xyz,
 * L²), (C_lo.xyz, 1/ρ² in m⁻²), (t, 0). Seeds travel as 16-bit halves (exact in float32).
 *
 * This item is the chaos alone: Europa stays refused (`gpuPatchRefusal`) until its dark-material
 * cover is ported too; `chaosCheck` runs the kernel for the browser spec.
 */
import {
  chaosArcTerms,
  chaosD,
  chaosLattice,
  chaosSample,
  chaosSetup,
  bodyLandforms,
  LANDFORM_TUNABLES,
  type Body,
} from '@landfall/universe';
import { arcCentreWords, latticeArcs } from './GpuArcs';
import { runSampleCheck } from './sampleCheck';
import { HASH_WGSL, REHASH_WGSL, hashThreshold } from './hashWgsl';
import { VALUE_NOISE_WGSL } from './noiseWgsl';
import { SMOOTHSTEP_D_WGSL } from './smoothWgsl';

/** vec4 of one chaos arc record. */
export const CHAOS_RECORD_VEC4 = 3;
/** vec4 of the body block at the head of a chaos batch. */
export const CHAOS_BODY_VEC4 = 7;

const T = LANDFORM_TUNABLES;
const QMAX = (1 + T.chaosOutline) / (1 - T.chaosOutline);

const split16 = (h: number): number[] => [h & 0xffff, h >>> 16];

/**
 * The body block (CHAOS_BODY_VEC4 vec4): the seeds as 16-bit halves — hummock streams 0 and 1;
 * hummock 2 and the rafts; the plates and the rafts' cell threshold; the plates' threshold — then
 * the frequencies per metre (outline, ragged, hummock, rafts), (plates; per unit of direction:
 * outline, ragged, hummock), (rafts, plates per unit of direction, 0, 0).
 */
function bodyBlock(body: Body): number[] {
  const s = chaosSetup(body);
  const R = body.radius;
  return [
    ...split16(s.hummockSeed[0]),
    ...split16(s.hummockSeed[1]),
    ...split16(s.hummockSeed[2]),
    ...split16(s.raftSeed),
    ...split16(s.plateSeed),
    ...split16(hashThreshold(T.chaosRaftChance)),
    ...split16(hashThreshold(T.chaosPlateChance)),
    0,
    0,
    s.outlineFreq / R,
    s.raggedFreq / R,
    s.hummockFreq / R,
    s.raftFreq / R,
    s.plateFreq / R,
    s.outlineFreq,
    s.raggedFreq,
    s.hummockFreq,
    s.raftFreq,
    s.plateFreq,
    0,
    0,
  ];
}

const shape = { rho: 0, L: 0 };

/** The chaos arcs of `dirs` (unit directions) of `body`, in the order found; none without chaos. */
export function patchChaos(body: Body, dirs: Float64Array): Float64Array[] {
  return bodyLandforms(body).chaos ? latticeArcs(chaosLattice(body), dirs) : [];
}

/** The packed batch of `patches` (one body): the body block, headers (one vec4 per patch), the records. */
export function chaosBatch(patches: readonly { body: Body; dirs: Float64Array }[]): Float32Array {
  const body = patches[0].body;
  if (patches.some((p) => p.body !== body)) throw new RangeError('chaosBatch: one body a batch');
  const lists = patches.map((p) => patchChaos(p.body, p.dirs));
  const total = lists.reduce((n, l) => n + l.length, 0);
  const head = CHAOS_BODY_VEC4 + patches.length;
  const out = new Float32Array(4 * (head + CHAOS_RECORD_VEC4 * Math.max(1, total)));
  out.set(bodyBlock(body), 0);
  const R = body.radius;
  let next = 0;
  lists.forEach((list, i) => {
    out[4 * (CHAOS_BODY_VEC4 + i) + 1] = next;
    out[4 * (CHAOS_BODY_VEC4 + i) + 2] = list.length;
    for (const a of list) {
      const o = 4 * (head + CHAOS_RECORD_VEC4 * next++);
      arcCentreWords(out, o, a, 0, R);
      chaosArcTerms(body, a[11], shape);
      const rhoM = shape.rho * R;
      out[o + 3] = shape.L * shape.L;
      out[o + 7] = 1 / (rhoM * rhoM);
      out.set(a.subarray(6, 9), o + 8);
    }
  });
  return out;
}

/**
 * chaos.ts in WGSL: `chaosAt(base, first, count, hi, lo3, R)` over the arc records at vec4
 * `base + first·CHAOS_RECORD_VEC4` of `chaos` (which the including kernel declares, the body block at its head) → (M, ∇M), (h, ∇h),
 * gradients 3-D with respect to the direction. Needs HASH_WGSL, REHASH_WGSL, VALUE_NOISE_WGSL and
 * SMOOTHSTEP_D_WGSL.
 */
export const CHAOS_WGSL = /* wgsl */ `
const CHAOS_A: f32 = ${T.chaosOutline};
const CHAOS_QMAX: f32 = ${QMAX};
const CHAOS_RAGGED: f32 = ${T.chaosRagged};
const CHAOS_HALF_MIN: f32 = ${T.chaosRaftHalfMin};
const CHAOS_HALF_SPAN: f32 = ${T.chaosRaftHalfMax - T.chaosRaftHalfMin};
const CHAOS_JITTER: f32 = ${T.chaosRaftJitter};
const CHAOS_DEPTH: f32 = ${T.chaosDepth};
const CHAOS_HUMMOCK: f32 = ${T.chaosHummock};
const CV: u32 = ${CHAOS_RECORD_VEC4}u;
const CB: u32 = ${CHAOS_BODY_VEC4}u;

struct ChaosOut {
  m: vec4<f32>,
  h: vec4<f32>,
}

fn chaosSeed(v: vec2<f32>) -> u32 {
  return u32(v.x) | (u32(v.y) << 16u);
}

// chaos.ts latticeRaftD in lattice units (p = position × f): R and ∇R per lattice unit.
fn chaosRaft(seed: u32, threshold: u32, p: vec3<f32>) -> vec4<f32> {
  let fl = floor(p);
  let h = hashCell3(seed, vec3<i32>(fl));
  if (!(h < threshold)) {
    return vec4<f32>(0.0);
  }
  let r = CHAOS_HALF_MIN + CHAOS_HALF_SPAN * vec3<f32>(
    unitFromHash(hashCombine(h, 1u)),
    unitFromHash(hashCombine(h, 5u)),
    unitFromHash(hashCombine(h, 6u)),
  );
  let b = 0.5 + CHAOS_JITTER * (2.0 * vec3<f32>(
    unitFromHash(hashCombine(h, 2u)),
    unitFromHash(hashCombine(h, 3u)),
    unitFromHash(hashCombine(h, 4u)),
  ) - 1.0);
  var q = 2.0 * vec4<f32>(
    unitFromHash(hashCombine(h, 7u)),
    unitFromHash(hashCombine(h, 8u)),
    unitFromHash(hashCombine(h, 9u)),
    unitFromHash(hashCombine(h, 10u)),
  ) - 1.0;
  let qn = sqrt(dot(q, q));
  if (qn > 1e-3) {
    q = q / qn;
  } else {
    q = vec4<f32>(1.0, 0.0, 0.0, 0.0);
  }
  let row1 = vec3<f32>(1.0 - 2.0 * (q.z * q.z + q.w * q.w), 2.0 * (q.y * q.z - q.x * q.w), 2.0 * (q.y * q.w + q.x * q.z));
  let row2 = vec3<f32>(2.0 * (q.y * q.z + q.x * q.w), 1.0 - 2.0 * (q.y * q.y + q.w * q.w), 2.0 * (q.z * q.w - q.x * q.y));
  let row3 = vec3<f32>(2.0 * (q.y * q.w - q.x * q.z), 2.0 * (q.z * q.w + q.x * q.y), 1.0 - 2.0 * (q.y * q.y + q.z * q.z));
  let d = (p - fl) - b;
  let t = vec3<f32>(dot(row1, d), dot(row2, d), dot(row3, d));
  let sx = smoothstepD(0.6 * r.x, r.x, abs(t.x));
  let sy = smoothstepD(0.6 * r.y, r.y, abs(t.y));
  let sz = smoothstepD(0.6 * r.z, r.z, abs(t.z));
  let e = 1.0 - vec3<f32>(sx.x, sy.x, sz.x);
  let gx = select(-sx.y, sx.y, t.x < 0.0) * e.y * e.z;
  let gy = select(-sy.y, sy.y, t.y < 0.0) * e.x * e.z;
  let gz = select(-sz.y, sz.y, t.z < 0.0) * e.x * e.y;
  return vec4<f32>(e.x * e.y * e.z, gx * row1 + gy * row2 + gz * row3);
}

fn chaosAt(base: u32, first: u32, count: u32, hi: vec3<f32>, lo3: vec3<f32>, R: f32) -> ChaosOut {
  let b0 = chaos[0];
  let b1 = chaos[1];
  let b2 = chaos[2];
  let b3 = chaos[3];
  let fm = chaos[4];
  let f5 = chaos[5];
  let f6 = chaos[6];
  // patchD: P = 1 − Π(1 − P_i), the outline's noise formed once a patch is near enough.
  var k = 1.0;
  var kg = vec3<f32>(0.0);
  var outlined = false;
  var n = 0.0;
  var ng = vec3<f32>(0.0);
  var f = 0.0;
  var fd = 0.0;
  for (var i = 0u; i < count; i = i + 1u) {
    let b = base + (first + i) * CV;
    let v0 = chaos[b];
    let v1 = chaos[b + 1u];
    let t = chaos[b + 2u].xyz;
    let pw = (hi - v0.xyz) + (lo3 - v1.xyz);
    let L2 = v0.w;
    let st = dot(pw, t);
    let q0 = (L2 * dot(pw, pw) - (L2 - 1.0) * st * st) * v1.w;
    if (!(q0 < CHAOS_QMAX)) {
      continue;
    }
    if (!outlined) {
      let lobe = valueNoise(chaosSeed(b0.zw), hi * fm.x + lo3 * fm.x);
      let ragged = valueNoise(chaosSeed(b1.xy), hi * fm.y + lo3 * fm.y);
      n = (1.0 - CHAOS_RAGGED) * lobe.x + CHAOS_RAGGED * ragged.x;
      ng = (1.0 - CHAOS_RAGGED) * f5.y * lobe.yzw + CHAOS_RAGGED * f5.z * ragged.yzw;
      let den = 1.0 + CHAOS_A * n;
      f = (1.0 - CHAOS_A * n) / den;
      fd = (-2.0 * CHAOS_A) / (den * den);
      outlined = true;
    }
    let q = q0 * f;
    if (!(q < 1.0)) {
      continue;
    }
    let sw = smoothstepD(0.5, 1.0, q);
    // ∇q = f·∇q0 + q0·f′(n)·∇n, ∇q0 = 2R(L²·d − (L² − 1)(d·t)·t)/ρ² with d in metres.
    let gq = 2.0 * sw.y * f * R * v1.w * (L2 * pw - (L2 - 1.0) * st * t);
    kg = kg * sw.x + k * (gq + sw.y * q0 * fd * ng);
    k = k * sw.x;
  }
  var out: ChaosOut;
  if (k == 1.0) {
    out.m = vec4<f32>(0.0);
    out.h = vec4<f32>(0.0);
    return out;
  }
  let P = 1.0 - k;
  let gP = -kg;
  // raftD: R = 1 − (1 − a)(1 − b), the rafts' lattice and the plates'.
  let a = chaosRaft(chaosSeed(b1.zw), chaosSeed(b2.zw), hi * fm.w + lo3 * fm.w);
  let c = chaosRaft(chaosSeed(b2.xy), chaosSeed(b3.xy), hi * f5.x + lo3 * f5.x);
  let ga = a.yzw * f6.x;
  let gc = c.yzw * f6.y;
  let rv = 1.0 - (1.0 - a.x) * (1.0 - c.x);
  let gr = (1.0 - c.x) * ga + (1.0 - a.x) * gc;
  out.m = vec4<f32>(P * (1.0 - rv), gP * (1.0 - rv) - P * gr);
  let hum = valueNoise(chaosSeed(b0.xy), hi * fm.z + lo3 * fm.z);
  out.h = vec4<f32>(-CHAOS_DEPTH + CHAOS_HUMMOCK * hum.x, CHAOS_HUMMOCK * f5.w * hum.yzw);
  return out;
}
`;

/**
 * Runs the chaos alone on `device` over `patches` (one body, `samplesPerPatch` directions each):
 * (M, ∇M), (h, ∇h) per sample, for the browser spec to compare with `chaosD`.
 */
export function chaosCheck(
  device: GPUDevice,
  patches: readonly { body: Body; dirs: Float64Array }[],
  samplesPerPatch: number,
): Promise<Float32Array> {
  const check = {
    label: 'landfall chaos check',
    binding: 'chaos',
    wgsl: `${HASH_WGSL}\n${REHASH_WGSL}\n${VALUE_NOISE_WGSL}\n${SMOOTHSTEP_D_WGSL}\n${CHAOS_WGSL}`,
    body: `let head = chaos[CB + k / params.samplesPerPatch];
  let c = chaosAt(CB + params.patches, u32(head.y), u32(head.z), hi, lo3, R);
  out[2u * k] = c.m;
  out[2u * k + 1u] = c.h;`,
    outVec4: 2,
  };
  return runSampleCheck(device, check, patches, samplesPerPatch, chaosBatch(patches));
}

const probe = chaosSample();

/**
 * The stated float32 tolerance of the chaos at unit direction (x, y, z) of `body`, for M and h and
 * each gradient component (per unit of direction). The GPU evaluates at a position off by at most
 * 2⁻²³ (the lattice coordinates P·f formed from the split words; the metre offsets to the patch
 * centres, ≈ 2⁻²⁴ of the reach): covered by the change of `chaosD` itself over ±2⁻²¹ along each
 * axis (4× the offset, room for the curvature), summed over the axes. Then the rounding of ≈ 40
 * float32 operations: 2⁻¹⁸ on M (≤ 1) and 2⁻¹⁸·(CHAOS_MATRIX_DEPTH_M + CHAOS_HUMMOCK_M) on h; on
 * the gradients 2⁻¹⁶ of their parts' scale — ∇M: 3·(2L²√QMAX/ρ_min·QMAX + QMAX·2A/(1 − A)²·|∇n|)
 * for a patch's weight (|∇n| ≤ 3.75·√3 lattice units × the ragged frequency) plus 1.5/(0.4·
 * CHAOS_RAFT_HALF_MIN)·√3 × the rafts' frequency; ∇h: CHAOS_HUMMOCK_M × 3.75·√3 × its frequency.
 */
export function chaosTolerance(
  body: Body,
  x: number,
  y: number,
  z: number,
): { m: number; mGradient: number; h: number; hGradient: number } {
  const s = chaosSetup(body);
  const d = 2 ** -21;
  const at = [x, y, z];
  chaosD(body, x, y, z, probe);
  const base = [probe.m, probe.mx, probe.my, probe.mz, probe.h, probe.hx, probe.hy, probe.hz];
  const span = new Float64Array(8);
  for (let axis = 0; axis < 3; axis++)
    for (const sign of [-1, 1]) {
      const p = [...at];
      p[axis] += sign * d;
      chaosD(body, p[0], p[1], p[2], probe);
      const v = [probe.m, probe.mx, probe.my, probe.mz, probe.h, probe.hx, probe.hy, probe.hz];
      for (let q = 0; q < 8; q++) span[q] += Math.abs(v[q] - base[q]) / 2;
    }
  const nGrad = 3.75 * Math.sqrt(3);
  const rhoMin = T.chaosRadiusMin / Math.sqrt(QMAX) / body.radius;
  const L2 = T.chaosElongation ** 2;
  const A = T.chaosOutline;
  const patchScale =
    3 * ((2 * L2 * Math.sqrt(QMAX) * QMAX) / rhoMin + ((QMAX * 2 * A) / (1 - A) ** 2) * nGrad * s.raggedFreq);
  const raftScale = (1.5 / (0.4 * T.chaosRaftHalfMin)) * Math.sqrt(3) * s.raftFreq;
  const humScale = T.chaosHummock * nGrad * s.hummockFreq;
  const maxOf = (a: number, b: number, c: number) => Math.max(a, b, c);
  return {
    m: 2 * span[0] + 2 ** -18,
    mGradient: 2 * maxOf(span[1], span[2], span[3]) + 2 ** -16 * (patchScale + raftScale),
    h: 2 * span[4] + 2 ** -18 * (T.chaosDepth + T.chaosHummock),
    hGradient: 2 * maxOf(span[5], span[6], span[7]) + 2 ** -16 * humScale,
  };
}
