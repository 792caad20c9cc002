/**
 * Per-sample cover bytes (ADR-0007), packed by the streamer into each vertex
 * (`packages/streamer/src/patch/PatchFormat.ts`, OFFSET_COVER):
 *
 *   byte 0 = slope class (high nibble, 0–15) | fresh-ejecta brightness (low nibble, 0–15)
 *   byte 1 = terrain unit (high nibble, see groundClass.ts) | rock cover (low nibble, 0–15)
 *
 * Slope class c: the slope is in [3c°, 3c + 3°) (class 15: ≥ 45°), from the drawn field's analytic
 * gradient. Fresh ejecta: floor(16 × the micro ladder's fresh-ejecta signal), clamped to 15. Rock
 * cover: round(15 × k / ROCK_COVER_FULL_K), clamped, k from `rockAbundance`. Computed from the field
 * value and gradient at the sample, never from a mesh, so cover does not step at LOD boundaries.
 */
import type { Body } from '../body/Body';
import type { Vec3 } from '../math/vec3';
import { elevationSample } from '../field/elevation';
import { drawnGroundAtD, freshEjectaBatch } from '../tail/drawn';
import { rockAbundance, slopeTangent, terrainUnit } from './groundClass';

/** Rock abundance k that maps to rock-cover nibble 15. */
export const ROCK_COVER_FULL_K = 0.3;
/** Slope class width, degrees. */
export const SLOPE_CLASS_STEP_DEG = 3;

/** tan(3°·c) for c = 1 … 15: slope-class thresholds on the slope tangent. */
const SLOPE_TAN = [
  0.05240777928304121, 0.10510423526567647, 0.15838444032453627, 0.21255656167002213, 0.2679491924311227,
  0.3249196962329063, 0.3838640350354158, 0.4452286853085362, 0.5095254494944288, 0.5773502691896257,
  0.6494075931975106, 0.7265425280053609, 0.809784033195007, 0.9004040442978399, 0.9999999999999999,
];

/** Slope class 0 … 15 of a slope tangent. */
export function slopeClass(tanSlope: number): number {
  let c = 0;
  while (c < 15 && tanSlope >= SLOPE_TAN[c]) c++;
  return c;
}

function nibble(x: number): number {
  return x >= 15 ? 15 : x <= 0 ? 0 : Math.floor(x);
}

/** Packs one sample's cover into out[o], out[o + 1]. */
function packCover(
  body: Body,
  h: number,
  gx: number,
  gy: number,
  gz: number,
  ejecta: number,
  out: Uint8Array,
  o: number,
): void {
  const tan = slopeTangent(body, h, gx, gy, gz);
  const unit = terrainUnit(body, h);
  const k = rockAbundance(body, unit, ejecta, tan);
  out[o] = (slopeClass(tan) << 4) | nibble(16 * ejecta);
  out[o + 1] = (unit << 4) | nibble((15 * k) / ROCK_COVER_FULL_K + 0.5);
}

const drawn = elevationSample();

/** Cover bytes of the drawn ground at unit direction `dir` into out[0], out[1]; returns `out`. */
export function coverAt(body: Body, dir: Readonly<Vec3>, out: Uint8Array): Uint8Array {
  if (out.length < 2) throw new RangeError(`coverAt: out has ${out.length} bytes; 2 are needed`);
  const ejectaAt = drawnGroundAtD(body, dir, drawn);
  packCover(body, drawn.h, drawn.gx, drawn.gy, drawn.gz, ejectaAt, out, 0);
  return out;
}

let ejecta = new Float64Array(0);

/**
 * Cover for `count` samples: `dirs` (x, y, z interleaved), the drawn `heights` and gradients
 * `grads` (as filled by `drawnBatch`), 2 bytes per sample into `out`. Equal to `coverAt` per sample
 * when heights and grads come from `drawnBatch` on the same directions. `filterM`: the level
 * filter the heights were drawn with (the fresh-ejecta signal is read under the same filter).
 */
export function coverBatch(
  body: Body,
  dirs: Float64Array,
  count: number,
  heights: Float64Array,
  grads: Float64Array,
  out: Uint8Array,
  filterM = 0,
): void {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`coverBatch: bad count ${count}`);
  if (
    dirs.length < 3 * count ||
    heights.length < count ||
    grads.length < 3 * count ||
    out.length < 2 * count
  ) {
    throw new RangeError(
      `coverBatch: ${count} samples need dirs ≥ ${3 * count}, heights ≥ ${count}, grads ≥ ${3 * count}, out ≥ ${2 * count} (got ${dirs.length}, ${heights.length}, ${grads.length}, ${out.length})`,
    );
  }
  if (ejecta.length < count) ejecta = new Float64Array(count);
  freshEjectaBatch(body, dirs, count, ejecta, filterM);
  for (let i = 0; i < count; i++) {
    packCover(body, heights[i], grads[3 * i], grads[3 * i + 1], grads[3 * i + 2], ejecta[i], out, 2 * i);
  }
}
