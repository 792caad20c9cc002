/**
 * The GPU patch producer (ADR-0020): whole `PatchPayload`s (ADR-0009) from the ported kernels, for
 * bodies whose drawn field they cover entirely — no landforms, named places only floods and craters,
 * a young unit from band flooding (w = 1 − shore) and the named maria (its ladder uniform per rung,
 * or per feature on a dated unit). Every other body is refused by name (`gpuPatchRefusal`).
 *
 * Per batch of same-body requests: the band stage, the crater ladder's two units, the micro crater
 * band and the grit at the patch's G² vertices under its level filter, and again at the 33² even
 * vertices under twice the filter (the parent surface, streamer's parentSurface.ts; level 0 or an
 * unfiltered request has none); the compose kernel (composeKernel.ts) combines each set as
 * canonical.ts and drawn.ts do; the cover encode reads the patch's composed field; the assembler
 * writes the payloads — one chain of dispatches, one submit and one readback (item 21), packed by
 * `packBatch` in a module worker where one starts (`Packer`, item 22). Tolerance against `generateHeightfield`: the stages' own stated tolerances
 * with the places' and the unit blend's (`composeTolerance`), summed (the knee's slope is ≤ 1), plus the
 * assembler's (tools/e2e/gpuPatchProducer.spec.ts).
 */
import {
  getBody,
  ladderBatchD,
  BAND_TUNABLES,
  FEATURE_CALDERA,
  FEATURE_CANYON,
  FEATURE_CRATER,
  FEATURE_SCARP,
  FEATURE_SHIELD,
  ARC_STRIDE,
  blockArcs,
  bodyLandforms,
  landformSample,
  landformsD,
  RIDGE_TAPER,
  scarpOctaves,
  PLACE_CANYON_TAPER,
  PLACE_SCARP_FACE,
  PLACE_CALDERA_DEPTH,
  PLACE_CALDERA_WALL,
  placeFeatures,
  plainWeightSampleAt,
  unitSample,
  type Body,
  type PlaceFeature,
} from '@landfall/universe';
import {
  CancelledError,
  PATCH_GRID,
  type PatchPayload,
  type PatchProducer,
  type PatchRequest,
} from '@landfall/streamer';
import { GpuAssembler, type AssemblePatch, type AssembleRecorded } from './GpuAssembler';
import { GpuBands } from './GpuBands';
import { GpuCover } from './GpuCover';
import { GpuGrit } from './GpuGrit';
import { BANDS_F32_GRADIENT_UNITS, BANDS_F32_VALUE_UNITS } from './GpuBands';
import { GpuLadder, LADDER_F32_SLOPE_UNITS, LADDER_F32_VALUE_UNITS, ladderTolerance } from './GpuLadder';
import { GpuMicroCraters } from './GpuMicroCraters';
import { computePipeline, runChain, workgroups, type PassChain } from './compute';
import { hasUnitBlend, type PackedSet } from './packBatch';
import { Packer } from './Packer';
import { COMPOSE_OUT_WORDS, COMPOSE_WGSL, COMPOSE_WORKGROUP_SIZE } from './composeKernel';
import { COVER_SAMPLE_WORDS } from './coverKernel';
import { placesRefusal } from './GpuPlaces';

const G = PATCH_GRID;
const N = G * G;

/**
 * Why `body` cannot be produced on the GPU, or '' when it can. canonical.ts's terms the kernels do
 * not compute must be identically zero: named places other than floods and craters (shields,
 * canyons, scarps, calderas: `placesRefusal`) and the landforms — universe does not export its
 * per-body landform families, so the body's id must also be in the list checked by hand (Europa and
 * Mercury carry landforms today; the list keeps a new one out).
 */
export function gpuPatchRefusal(body: Body): string {
  const places = placesRefusal(body);
  if (places) return places;
  const lf = bodyLandforms(body);
  const kinds = (['chaos', 'lineae', 'ridges'] as const).filter((k) => lf[k]);
  if (kinds.length > 0) return `${body.id}'s landforms include ${kinds.join(', ')}`;
  if (!PORTED.has(body.id)) return `${body.id} is not among the ${PORTED.size} GPU-ported bodies`;
  return '';
}

/**
 * Bodies checked (tools/e2e/gpuPatchProducer.spec.ts) to have no landforms but Mercury's lobate
 * scarps and only the place kinds the compose kernel evaluates: Earth's continents, Venus's
 * tesserae, Io's volcanic and the icy moons' ridged shaping are band terms, not landforms; Earth's,
 * Venus's and Titan's air damps their grit and screens their small craters through the same plans;
 * Mars's albedo map is the cover's tone. Europa (ridges, chaos, lineae, dark material) is not.
 */
const PORTED: ReadonlySet<string> = new Set([
  'callisto',
  'iapetus',
  'miranda',
  'earth',
  'venus',
  'io',
  'titan',
  'enceladus',
  'triton',
  'pluto',
  'luna',
  'phobos',
  'vesta',
  'ceres',
  'ganymede',
  'mars',
  'mercury',
]);

/**
 * Error of a place's float32 weight (a flood's shore w or a crater's mask e) in weight units
 * (ADR-0020 item 18): r = √q is off by ≤ 2⁻²¹ of itself (q from metre offsets exact to 2⁻²³ of
 * themselves, its squares and products a few ulps), the steepest smoothstep slope is 1.5/(2·0.15)
 * = 5 per unit of r and r < 1.15 where it is not flat: 2⁻¹⁸·⁵, rounded up with margin to 2⁻¹⁶.
 */
export const PLACE_F32_WEIGHT_UNITS = 2 ** -16;
/**
 * Error of a place weight's gradient per unit of 1/ρ (ρ its radius in direction units): ∇w =
 * s′(r)·∇r with |∇r| = 1/ρ; s′ moves by |s″|·Δr ≤ (6/0.3²)·2⁻²¹·1.15 ≈ 2⁻¹⁴·⁷ and ∇r by 2⁻²¹ of
 * itself times 5: 2⁻¹⁴·⁴, rounded up to 2⁻¹³.
 */
export const PLACE_F32_WEIGHT_GRADIENT_UNITS = 2 ** -13;

/** A bound on |∇B| of the band fBm per metre of its amplitude (Σ octave frequency × value noise's 11.25 per cell, ≤ 80·11.25·2). */
export const BAND_GRADIENT_PER_AMPLITUDE = 2 ** 11;
/** Profile slope of one crater per unit of A/ρ: |dh/dq| ≤ 15·A times |∇q| ≤ 3.2/ρ, rounded up (item 17). */
export const CRATER_GRADIENT_PER_A_OVER_RHO = 64;

const unitAt = unitSample();
const form = landformSample();

/** Relative error of a place's float32 offset |pw| (m) and of the chords s, u formed from it (item 19). */
export const PLACE_F32_OFFSET_UNITS = 2 ** -20;
/** Steepest slope and curvature of the smootherstep ramp on [0, 1]: 15/8 and 10/√3 (< 5.78). */
const SMOOTHERSTEP_SLOPE = 1.875;
const SMOOTHERSTEP_CURVE = 5.78;

/**
 * Float32 error of one canyon segment at a sample it reaches (ADR-0020 item 19): its weight w, the
 * depth, ∂depth/∂u (per unit of direction), and the gradient of w; with D its deepest end, `slope` a
 * bound on |∇w| and `depU` on |∂depth/∂u|. The chords s, u come from the metre offset (error
 * PLACE_F32_OFFSET_UNITS of the segment's reach); the wall's ends blend by smoothstep in u (slope
 * ≤ 0.75/uHalf); t = (d − inner)/wall moves by ≤ 3·ε/wall with ε the distance's and the edges'
 * error, w by 15/8 of that; w's gradient by (10/√3 + 15/8)·Δt/wall, the s/d and du/d directions by
 * 2ε/d where w′ ≤ 30·(d/wall)² keeps it ≤ 60·ε/wall², times 1 + the edges' slope in u.
 */
function canyonF32Error(
  f: Pick<PlaceFeature, 'support2' | 'uHalf' | 'inA' | 'inB' | 'outA' | 'outB' | 'depA' | 'depB'>,
): {
  w: number;
  dep: number;
  depU: number;
  gradient: number;
  depGradient: number;
  D: number;
  slope: number;
} {
  const es = PLACE_F32_OFFSET_UNITS * Math.sqrt(f.support2);
  const blend = 0.75 / f.uHalf;
  const db = blend * es + 2 ** -22;
  const outer = Math.max(f.outA, f.outB);
  const edges = Math.abs(f.outB - f.outA) + Math.abs(f.inB - f.inA);
  const ex = 2 * es + 2 ** -21 * outer + edges * db;
  const wall = Math.min(f.outA - f.inA, f.outB - f.inB);
  const dt = (3 * ex) / wall;
  const along = 1 + 2 * edges * blend;
  const D = Math.max(f.depA, f.depB);
  const dD = Math.abs(f.depB - f.depA);
  return {
    w: SMOOTHERSTEP_SLOPE * dt,
    dep: dD * db + 2 ** -22 * D,
    depU: dD * blend,
    gradient: (along * ((SMOOTHERSTEP_CURVE + SMOOTHERSTEP_SLOPE) * dt + (60 * ex) / wall)) / wall,
    depGradient: dD * (1.5 / (f.uHalf * f.uHalf)) * es + 2 ** -22 * dD * blend,
    D,
    slope: (SMOOTHERSTEP_SLOPE * along) / wall,
  };
}

/**
 * Float32 error of a shield's or a named caldera's post-knee term at a sample it reaches (item 19):
 * q = |pw|²/ρ² is off by ≤ 2⁻²⁰ (q < 1); the term by its steepest dv/dq times that plus 2⁻²¹ of
 * its height, its gradient (dv/dq)·∇q (|∇q| ≤ 2/ρ) by the steepest d²v/dq² times 2⁻²⁰·2/ρ plus
 * the steepest dv/dq times 2⁻²¹·2/ρ. A shield: dome (H − E)·(1 − 3q² + 2q³) (slope ≤ 1.5, curve
 * ≤ 6 per unit of dome), the escarpment E·smoothstep over (1 − q_e) (1.5/(1 − q_e), 6/(1 − q_e)²),
 * the generic pit PLACE_CALDERA_DEPTH·H·(1 − qK)² (2K, 2K²); a caldera D over (1 − a)
 * (1.5/(1 − a), 6/(1 − a)²), a = (1 − PLACE_CALDERA_WALL)².
 */
function postKneeF32Error(
  f: Pick<PlaceFeature, 'kind' | 'level' | 'invRho2' | 'escarp' | 'escarpQ' | 'calderaK'>,
): { h: number; gradient: number } {
  const dq = 2 ** -20;
  const gq = 2 * Math.sqrt(f.invRho2);
  let slope: number;
  let curve: number;
  if (f.kind === FEATURE_SHIELD) {
    const dome = Math.abs(f.level - f.escarp);
    const span = 1 - f.escarpQ;
    const pit = PLACE_CALDERA_DEPTH * f.level;
    slope = 1.5 * dome + (f.escarp > 0 ? (1.5 * f.escarp) / span : 0) + 2 * pit * f.calderaK;
    curve = 6 * dome + (f.escarp > 0 ? (6 * f.escarp) / (span * span) : 0) + 2 * pit * f.calderaK ** 2;
  } else {
    const span = 1 - (1 - PLACE_CALDERA_WALL) ** 2;
    slope = (1.5 * f.level) / span;
    curve = (6 * f.level) / (span * span);
  }
  return {
    h: slope * dq + 2 ** -21 * Math.abs(f.level),
    gradient: curve * dq * gq + slope * 2 ** -21 * gq,
  };
}

/** Steepest slope and curvature of the scarp profile c(a) (rise on [−1, κ], fall on [κ, 1]). */
function scarpProfileBounds(): { slope: number; curve: number } {
  const up = 2 * PLACE_SCARP_FACE;
  const down = 2 - up;
  return {
    slope: 1.5 / up + 1.5 / down,
    curve: 6 / (up * up) + 6 / (down * down) + (2 * 1.5 * 1.5) / (up * down),
  };
}

/**
 * Float32 error of one scarp (a named rupes or a lobate-scarp arc, item 20) of height H at a sample
 * it reaches: its across coordinate a = s/sHalf off by `da`, along u off by `du` (chords), with the
 * end taper over `taper` (chords; slope ≤ 1.5/taper, curvature ≤ 6/taper²) and `gs` the gradient's
 * scale across (1/sHalf times 1/σ for an arc): h by H·(c′·Δa + e′·Δu) + 2⁻²¹·H, the gradient by
 * H·((c″·Δa + c′·e′·Δu)·gs + c′·e′·Δa + e″·Δu) + 2⁻²¹·H·(c′·gs + e′).
 */
function scarpF32Error(
  H: number,
  da: number,
  du: number,
  taper: number,
  gs: number,
): { h: number; gradient: number } {
  const { slope, curve } = scarpProfileBounds();
  const e1 = 1.5 / taper;
  const e2 = 6 / (taper * taper);
  return {
    h: H * (slope * da + e1 * du) + 2 ** -21 * H,
    gradient:
      H * ((curve * da + slope * e1 * du) * gs + slope * e1 * da + e2 * du) +
      2 ** -21 * H * (slope * gs + e1),
  };
}

/**
 * The lobate-scarp arcs of `body` reaching unit direction (x, y, z), as their float32 error terms
 * (item 20): the across coordinate s = ((P − C)·n/R + c·n − k)/σ from a metre offset of at most the
 * reach, so off by ≤ 2⁻²¹ (σ ≥ 1.5·reach); a = s/sHalf; u off by 2⁻²¹·reach.
 */
function arcF32Error(body: Body, x: number, y: number, z: number): { h: number; gradient: number } {
  let h = 0;
  let gradient = 0;
  if (!bodyLandforms(body).scarps) return { h, gradient };
  for (const oct of scarpOctaves(body)) {
    const o = oct.lattice;
    const b = blockArcs(
      o,
      Math.floor(o.freq * x - 0.5),
      Math.floor(o.freq * y - 0.5),
      Math.floor(o.freq * z - 0.5),
    );
    for (let i = 0; i < b.count; i++) {
      const at = ARC_STRIDE * i;
      const dx = x - b.arcs[at];
      const dy = y - b.arcs[at + 1];
      const dz = z - b.arcs[at + 2];
      if (!(dx * dx + dy * dy + dz * dz < o.reach * o.reach)) continue;
      const inv = b.arcs[at + 10];
      const e = scarpF32Error(
        oct.hMax,
        2 ** -21 / oct.sHalf,
        2 ** -21 * o.reach,
        RIDGE_TAPER * 0.5 * oct.uHalf,
        inv / oct.sHalf,
      );
      h += e.h;
      gradient += e.gradient;
    }
  }
  return { h, gradient };
}

/**
 * The stated tolerance of what the compose kernel forms before the knee, K = B + m·l (with its
 * gradient), beyond the band stage's own (which floods only shrink: a flood is a convex blend), per
 * sample of `patch`: h (m) and each gradient component (m per unit of direction). Terms:
 *  - the crater ladder (`ladderTolerance`: H, G per sample) blended into the young unit
 *    l = (1 − w)·L_old + w·L_young: convex, so H and G hold, plus the unit weight's error Δw times
 *    S = |L_young − L_old| + 2H, and for the gradient Δw·(max |∂L_young − ∂L_old| + 2G) + 2H·|∇w| +
 *    S·Δ∇w; Δw is the band shore's (BANDS_F32_VALUE_UNITS, BANDS_F32_GRADIENT_UNITS for ∇w) where the
 *    body has a flooded lowland unit, plus the named maria's Δk;
 *  - the named places reaching the sample (registry order): a crater's profile A·2⁻¹⁴ and
 *    (A/ρ)·2⁻⁹ as the ladder's (the same WGSL); a flood's weight error times |level − B| ≤ U =
 *    |level| + 2·maxRelief + Σ A (its gradient: U·PLACE_F32_WEIGHT_GRADIENT_UNITS/ρ, the weight
 *    error times the band's gradient bound 2¹¹·amplitude + Σ 64·A/ρ, and the error so far times
 *    |∇w| ≤ 5/ρ); the mask m (≤ 1) off by Δm = Σ (1 − keep)·PLACE_F32_WEIGHT_UNITS, ∇m by
 *    Σ (1 − keep)·PLACE_F32_WEIGHT_GRADIENT_UNITS/ρ, and k by the maria's share of the same;
 *  - K: the places' error + Δl + Δm·(|l| + Δl); ∇K: the places' + Δ∇l + Δm·|∇l| + |l|·Δ∇m + Δl·|∇m|
 *    (|∇m| ≤ Σ (1 − keep)·5/ρ); and 2⁻²²·(|L_old| + |L_young|) for the blend's rounding.
 * |L|, |∇L| and |∇w| are universe's own float64 values at the sample (`ladderBatchD` with the young
 * sums everywhere, `plainWeightSampleAt`): magnitudes of the true signal, not the GPU's.
 */
export function composeTolerance(patch: { body: Body; dirs: Float64Array; filterM: number }): {
  h: Float64Array;
  gradient: Float64Array;
} {
  const t = ladderTolerance(patch);
  const { body, dirs, filterM } = patch;
  const n = dirs.length / 3;
  const lh = new Float64Array(n);
  const lg = new Float64Array(3 * n);
  const ly = new Float64Array(n);
  const lgy = new Float64Array(3 * n);
  ladderBatchD(body, dirs, n, lh, lg, ly, lgy, new Float64Array(n), new Uint8Array(n).fill(1), true, filterM);
  const band = hasUnitBlend(body);
  const places = placeFeatures(body);
  const maxRelief = body.grammar.maxReliefM;
  const amp = BAND_TUNABLES.reliefShare * maxRelief;
  const h = new Float64Array(n);
  const gradient = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const x = dirs[3 * i];
    const y = dirs[3 * i + 1];
    const z = dirs[3 * i + 2];
    // The places reaching the sample.
    let eh = 0;
    let eg = 0;
    let sumA = 0;
    let gB = BAND_GRADIENT_PER_AMPLITUDE * amp;
    let dm = 0;
    let dgm = 0;
    let gm = 0;
    let dk = 0;
    let dgk = 0;
    let gk = 0;
    // Mercury's lobate scarps join B before the places: their own error, and their size in U, |∇B|.
    const arcs = arcF32Error(body, x, y, z);
    landformsD(body, x, y, z, form, filterM);
    eh += arcs.h;
    eg += arcs.gradient;
    sumA += Math.abs(form.v);
    gB += Math.hypot(form.gx, form.gy, form.gz);
    let cutH = 0;
    let cutG = 0;
    let cutSlope = 0;
    let cutDepth = 0;
    for (const f of places) {
      const dx = x - f.cx;
      const dy = y - f.cy;
      const dz = z - f.cz;
      if (!(dx * dx + dy * dy + dz * dz < f.support2)) continue;
      if (f.kind === FEATURE_CANYON) {
        const e = canyonF32Error(f);
        // cut ← cut + w·(D − cut): |D − cut| ≤ the deepest segment so far (cut is a convex blend).
        cutDepth = Math.max(cutDepth, e.D);
        cutG +=
          e.w * cutSlope + (e.dep + cutH) * e.slope + cutDepth * e.gradient + e.w * e.depU + e.depGradient;
        cutH += e.w * cutDepth + e.dep + 2 ** -23 * cutDepth;
        cutSlope += cutDepth * e.slope + e.depU;
        continue;
      }
      if (f.kind === FEATURE_SCARP) {
        const es = PLACE_F32_OFFSET_UNITS * Math.sqrt(f.support2);
        const e = scarpF32Error(
          Math.abs(f.level),
          es / f.sHalf,
          es,
          PLACE_CANYON_TAPER * f.uHalf,
          1 / f.sHalf,
        );
        eh += e.h;
        eg += e.gradient;
        sumA += Math.abs(f.level);
        gB += (Math.abs(f.level) * scarpProfileBounds().slope) / f.sHalf;
        continue;
      }
      if (f.kind === FEATURE_SHIELD || f.kind === FEATURE_CALDERA) {
        const e = postKneeF32Error(f);
        eh += e.h;
        eg += e.gradient;
        continue;
      }
      const invRho = Math.sqrt(f.invRho2);
      const lose = 1 - f.keep;
      if (f.kind === FEATURE_CRATER) {
        const A = Math.abs(f.shape.rim) + f.shape.depth + f.shape.peak;
        sumA += A;
        eh += A * LADDER_F32_VALUE_UNITS;
        eg += A * invRho * LADDER_F32_SLOPE_UNITS;
        gB += CRATER_GRADIENT_PER_A_OVER_RHO * A * invRho;
      } else {
        const U = Math.abs(f.level) + 2 * maxRelief + sumA;
        eg += U * PLACE_F32_WEIGHT_GRADIENT_UNITS * invRho + PLACE_F32_WEIGHT_UNITS * gB + 5 * invRho * eh;
        eh += U * PLACE_F32_WEIGHT_UNITS;
        if (f.mare === 1) {
          dk += PLACE_F32_WEIGHT_UNITS;
          dgk += PLACE_F32_WEIGHT_GRADIENT_UNITS * invRho;
          gk += 5 * invRho;
          continue;
        }
      }
      dm += lose * PLACE_F32_WEIGHT_UNITS;
      dgm += lose * PLACE_F32_WEIGHT_GRADIENT_UNITS * invRho;
      gm += lose * 5 * invRho;
    }
    const u = plainWeightSampleAt(body, { x, y, z }, unitAt);
    const gw = Math.hypot(u.wx, u.wy, u.wz) + gk;
    const dw = (band ? BANDS_F32_VALUE_UNITS : 0) + dk;
    const dgw = (band ? BANDS_F32_GRADIENT_UNITS : 0) + dgk + dk * gw + dw * gk;
    const H = t.h[i];
    const G = t.gradient[i];
    const S = Math.abs(ly[i] - lh[i]) + 2 * H;
    let dG = 0;
    let gl = 0;
    for (let q = 0; q < 3; q++) {
      dG = Math.max(dG, Math.abs(lgy[3 * i + q] - lg[3 * i + q]));
      gl = Math.max(gl, Math.abs(lg[3 * i + q]), Math.abs(lgy[3 * i + q]));
    }
    const l = Math.max(Math.abs(lh[i]), Math.abs(ly[i]));
    const dl = H + dw * S + 2 ** -22 * (Math.abs(lh[i]) + Math.abs(ly[i]));
    const dgl = G + dw * (dG + 2 * G) + 2 * H * gw + S * dgw;
    h[i] = eh + cutH + dl + dm * (l + dl);
    gradient[i] = eg + cutG + dgl + dm * (gl + S * gw) + l * dgm + dl * gm;
  }
  return { h, gradient };
}

/**
 * The composed field (COMPOSE_OUT_WORDS per sample) of a packed stage set, recorded in `chain` and
 * left on the GPU with the set's domain-split words (ADR-0020 item 21): the words uploaded once and
 * bound to every stage, the compose kernel and the assembler; each stage's output bound to the
 * compose kernel as it lies.
 */
function recordField(
  chain: PassChain,
  k: {
    bands: GpuBands;
    ladder: GpuLadder;
    micro: GpuMicroCraters;
    grit: GpuGrit;
    compose: GPUComputePipeline;
  },
  set: PackedSet,
): { field: GPUBuffer; samples: GPUBuffer } {
  const samples = chain.upload(set.words);
  const [bands] = k.bands.record(chain, set.bands, samples);
  const [ladder] = k.ladder.record(chain, set.ladder, samples);
  const [micro] = k.micro.record(chain, set.micro, samples);
  const [grit] = k.grit.record(chain, set.grit, samples);
  const total = set.samplesPerPatch * set.patchCount;
  const field = chain.dispatch(
    k.compose,
    set.params,
    [bands, ladder, micro, grit, samples, set.places, set.arcs],
    4 * COMPOSE_OUT_WORDS * total,
    workgroups(chain.device, total, COMPOSE_WORKGROUP_SIZE, 'GpuPatchProducer'),
  );
  return { field, samples };
}

// The cover reads the compose kernel's output as its samples, word for word (item 21).
if (COVER_SAMPLE_WORDS !== COMPOSE_OUT_WORDS)
  throw new Error(
    `GpuPatchProducer: cover samples (${COVER_SAMPLE_WORDS}) ≠ compose output (${COMPOSE_OUT_WORDS})`,
  );

/** Patches one GPU batch holds at most: the producer's slots, so a streamer's refill is one batch. */
export const GPU_BATCH_PATCHES = 16;

/** A request waiting for its batch. */
interface Waiting {
  req: PatchRequest;
  signal?: AbortSignal;
  resolve(p: PatchPayload): void;
  reject(err: unknown): void;
}

/**
 * The GPU producer of ADR-0020 for the ported bodies: `PatchProducer`'s shape, kind 'gpu'. Requests
 * made in one task are batched (GPU_BATCH_PATCHES, one body a batch) and one batch runs at a time;
 * a request aborted before or while its batch runs rejects with `CancelledError`.
 */
export class GpuPatchProducer {
  readonly kind = 'gpu' as const;
  /** Jobs the streamer keeps with it at once: one batch. */
  readonly slots = GPU_BATCH_PATCHES;
  /** Payloads made, batches run (for the HUD and the producer bench). */
  produced = 0;
  batches = 0;
  /** The first error a batch threw (not a cancellation): the app falls back to the workers on it. */
  failure: Error | null = null;
  /** A failure `plantFailure` asked the next batch to throw. */
  private planted: string | null = null;
  private readonly bands: GpuBands;
  private readonly ladder: GpuLadder;
  private readonly micro: GpuMicroCraters;
  private readonly grit: GpuGrit;
  private readonly assembler: GpuAssembler;
  private readonly compose: GPUComputePipeline;
  private readonly covers = new Map<string, GpuCover>();
  private readonly packer: Packer;
  /**
   * Main-thread ms of the last batch outside its packing: recording and submitting the chain, and
   * finishing the payloads (the packing itself runs in the pack worker where one started).
   */
  lastMainThreadMs = 0;
  private queue: Waiting[] = [];
  private running = false;
  private scheduled = false;
  private disposed = false;

  /** `options.packWorker` false: pack on the page (default: in a module worker where one exists). */
  constructor(
    private readonly device: GPUDevice,
    options: { packWorker?: boolean } = {},
  ) {
    this.bands = new GpuBands(device);
    this.ladder = new GpuLadder(device);
    this.micro = new GpuMicroCraters(device);
    this.grit = new GpuGrit(device);
    this.assembler = new GpuAssembler(device, COMPOSE_OUT_WORDS);
    this.compose = computePipeline(device, 'landfall compose', COMPOSE_WGSL);
    this.packer = new Packer(options.packWorker ?? typeof Worker !== 'undefined');
  }

  /**
   * Batches packed in the pack worker and on the page; why the worker is not used ('' while it is);
   * the last batch's packing ms.
   */
  get packing(): { inWorker: number; onPage: number; noWorker: string; lastMs: number } {
    return {
      inWorker: this.packer.packedInWorker,
      onPage: this.packer.packedOnPage,
      noWorker: this.packer.noWorker,
      lastMs: this.packer.lastPackMs,
    };
  }

  /**
   * The payload of one request (`PatchProducer.generate`), made in a batch with the requests of the
   * same task. A body the producer refuses, or a bad filter, rejects at once with a RangeError.
   */
  generate(req: PatchRequest, options: { signal?: AbortSignal } = {}): Promise<PatchPayload> {
    if (this.disposed) return Promise.reject(new Error('GpuPatchProducer: generate after dispose'));
    if (options.signal?.aborted) return Promise.reject(new CancelledError('aborted before it ran'));
    try {
      checkRequest(req);
    } catch (err) {
      return Promise.reject(err);
    }
    return new Promise<PatchPayload>((resolve, reject) => {
      this.queue.push({ req, signal: options.signal, resolve, reject });
      this.schedule();
    });
  }

  /**
   * Makes the next batch fail with `message`, as a lost device or a kernel error would: for the
   * apps' tests of their fallback to the workers (a browser gives no other way to fail a batch).
   */
  plantFailure(message: string): void {
    this.planted = message;
  }

  /**
   * This producer as one streamer's `PatchProducer`: the streamer's dispose leaves the producer (its
   * pipelines, compiled once) to its owner, who disposes it last.
   */
  forStreamer(): PatchProducer {
    return {
      kind: this.kind,
      slots: this.slots,
      generate: (req, options) => this.generate(req, options),
      dispose: () => {},
    };
  }

  private schedule(): void {
    if (this.running || this.scheduled || this.queue.length === 0 || this.disposed) return;
    this.scheduled = true;
    setTimeout(() => {
      this.scheduled = false;
      void this.runBatch();
    }, 0);
  }

  /** Runs the oldest live requests of one body as one batch; the rest wait for the next. */
  private async runBatch(): Promise<void> {
    const live: Waiting[] = [];
    for (const w of this.queue) {
      if (w.signal?.aborted) w.reject(new CancelledError('aborted before its batch'));
      else live.push(w);
    }
    if (live.length === 0) {
      this.queue = [];
      return;
    }
    const body = live[0].req.body;
    const batch: Waiting[] = [];
    this.queue = [];
    for (const w of live) {
      if (w.req.body === body && batch.length < GPU_BATCH_PATCHES) batch.push(w);
      else this.queue.push(w);
    }
    this.running = true;
    try {
      if (this.planted !== null) {
        const message = this.planted;
        this.planted = null;
        throw new Error(message);
      }
      const payloads = await this.generateBatch(batch.map((w) => w.req));
      this.produced += payloads.length;
      this.batches++;
      batch.forEach((w, i) =>
        w.signal?.aborted
          ? w.reject(new CancelledError('aborted while its batch ran'))
          : w.resolve(payloads[i]),
      );
    } catch (err) {
      if (!this.disposed) this.failure ??= err instanceof Error ? err : new Error(String(err));
      for (const w of batch) w.reject(this.disposed ? new CancelledError('producer disposed') : err);
    } finally {
      this.running = false;
      this.schedule();
    }
  }

  /**
   * The payloads of `requests` (one body), in order, from one dispatch per stage. `debug`, when
   * given, gets the composed field (COMPOSE_OUT_WORDS per vertex, all patches in order).
   */
  async generateBatch(
    requests: readonly PatchRequest[],
    debug: { field?: Float32Array } | null = null,
  ): Promise<PatchPayload[]> {
    if (this.disposed) throw new Error('GpuPatchProducer: generate after dispose');
    if (requests.length === 0) return [];
    const body = checkRequest(requests[0]);
    for (const r of requests) {
      checkRequest(r);
      if (r.body !== body.id)
        throw new RangeError(`GpuPatchProducer: a batch is one body (${body.id}, not ${r.body})`);
    }
    const kernels = {
      bands: this.bands,
      ladder: this.ladder,
      micro: this.micro,
      grit: this.grit,
      compose: this.compose,
    };
    // The CPU side off the main thread where a worker runs (item 22).
    const t0 = performance.now();
    const packed = await this.packer.pack(
      requests.map((r) => ({
        body: r.body,
        face: r.face,
        level: r.level,
        x: r.x,
        y: r.y,
        filterM: r.filterM ?? 0,
      })),
    );
    if (this.disposed) throw new CancelledError('producer disposed');
    const patches: AssemblePatch[] = requests.map((r, i) => ({
      body,
      face: r.face,
      level: r.level,
      x: r.x,
      y: r.y,
      dirs: packed.dirs[i],
      filtered: packed.filtered[i],
    }));
    // One chain: the stages, the compose kernel, the cover and the assembler on the GPU, each
    // reading the one before where it lies; one submit, one readback (ADR-0020 item 21).
    const fieldBytes = 4 * COMPOSE_OUT_WORDS * N * requests.length;
    const held: { assembled?: AssembleRecorded } = {};
    let recordMs = 0;
    const reads = await runChain(this.device, 'landfall patch batch', (chain) => {
      const t1 = performance.now();
      const mine = recordField(chain, kernels, packed.own);
      const parent = packed.parent ? recordField(chain, kernels, packed.parent).field : mine.field;
      const [cover] = this.coverFor(body).record(chain, packed.cover, mine.field, N, requests.length);
      held.assembled = this.assembler.record(chain, {
        patches,
        samples: mine.samples,
        field: mine.field,
        parentField: parent,
        cover,
        parentSlots: packed.parentOf,
      });
      recordMs = performance.now() - t1;
      return debug ? [...held.assembled.reads, [mine.field, fieldBytes] as const] : held.assembled.reads;
    });
    if (!held.assembled) throw new Error('GpuPatchProducer: the chain recorded nothing');
    if (debug) debug.field = new Float32Array(reads[2]);
    const t2 = performance.now();
    const out = held.assembled.finish(reads[0], reads[1], (t2 - t0) / requests.length);
    this.lastMainThreadMs = recordMs + (performance.now() - t2);
    return out;
  }

  /** Later calls throw; waiting requests reject with `CancelledError`. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const w of this.queue.splice(0)) w.reject(new CancelledError('producer disposed'));
    this.bands.dispose();
    this.ladder.dispose();
    this.micro.dispose();
    this.grit.dispose();
    this.assembler.dispose();
    this.packer.dispose();
    for (const c of this.covers.values()) c.dispose();
    this.covers.clear();
  }

  private coverFor(body: Body): GpuCover {
    let c = this.covers.get(body.id);
    if (!c) {
      c = new GpuCover(this.device, body);
      this.covers.set(body.id, c);
    }
    return c;
  }
}

/** `req`'s body, or a RangeError naming why the producer cannot make it. */
function checkRequest(req: PatchRequest): Body {
  const body = getBody(req.body);
  const why = gpuPatchRefusal(body);
  if (why) throw new RangeError(`GpuPatchProducer: ${why}`);
  const filterM = req.filterM ?? 0;
  if (!(filterM >= 0) || !Number.isFinite(filterM))
    throw new RangeError(`GpuPatchProducer: filterM ${filterM} is not a finite number ≥ 0`);
  return body;
}
