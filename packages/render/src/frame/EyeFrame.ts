/**
 * Camera-relative coordinates (ADR-0011). The eye and every anchor stay float64 on the CPU; the
 * GPU sees only `anchor − eye` offsets (float32), so a vertex's error scales with its distance
 * from the eye, never with the body's radius. The camera sits at the origin of "render space":
 * body-fixed axes translated by −eye.
 */
import type { Vector3 } from 'three/webgpu';

export class EyeFrame {
  /** Eye position, body-fixed, m (float64). */
  readonly eye = new Float64Array(3);

  setEye(x: number, y: number, z: number): this {
    if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(z)) {
      throw new RangeError(`EyeFrame: eye must be finite, got (${x}, ${y}, ${z})`);
    }
    this.eye[0] = x;
    this.eye[1] = y;
    this.eye[2] = z;
    return this;
  }

  /** `anchor − eye` (float64 subtraction) into a three vector: the object's render-space position. */
  offsetOf(anchor: ArrayLike<number>, out: Vector3): Vector3 {
    out.x = anchor[0] - this.eye[0];
    out.y = anchor[1] - this.eye[1];
    out.z = anchor[2] - this.eye[2];
    return out;
  }

  /** Distance from the body centre to the eye, m. */
  radius(): number {
    const e = this.eye;
    return Math.sqrt(e[0] * e[0] + e[1] * e[1] + e[2] * e[2]);
  }
}

/**
 * Emulates what the GPU computes for one vertex (float32 throughout): clip = VP · (offset + local),
 * where the CPU rounds `offset` and the matrix to float32 on upload. Returns NDC x, y into `out`.
 * Used by tests to measure projected stability; mirrors three's modelView upload path.
 */
export function projectFloat32(
  viewProjection: ArrayLike<number>,
  offset: ArrayLike<number>,
  local: ArrayLike<number>,
  out: Float64Array,
): Float64Array {
  const f = Math.fround;
  const px = f(f(offset[0]) + f(local[0]));
  const py = f(f(offset[1]) + f(local[1]));
  const pz = f(f(offset[2]) + f(local[2]));
  const m = viewProjection;
  const cx = f(f(f(f(m[0]) * px) + f(f(m[4]) * py)) + f(f(m[8]) * pz) + f(m[12]));
  const cy = f(f(f(f(m[1]) * px) + f(f(m[5]) * py)) + f(f(m[9]) * pz) + f(m[13]));
  const cw = f(f(f(f(m[3]) * px) + f(f(m[7]) * py)) + f(f(m[11]) * pz) + f(m[15]));
  out[0] = cx / cw;
  out[1] = cy / cw;
  return out;
}
