/**
 * What a rendered frame showed, so an unchanged frame need not be drawn again (ADR-0011: render on
 * change). A frame is the same as the last one drawn when the camera (eye, orientation, field of
 * view, drawing-buffer size), the sun, the shadow box's focus, the draw set (each patch's payload
 * and morph state) and the rocks' version all equal theirs. The caller still draws the frame after
 * a change once more (a settle frame) and at least every RENDER_KEEPALIVE_MS, for anything that
 * changes outside these inputs.
 */
import type { Quaternion, Vector3 } from 'three/webgpu';
import type { DrawItem } from '../patch/PatchMeshes';

export class FrameSignature {
  private primed = false;
  private readonly scalars: number[] = [];
  private payloads: unknown[] = [];
  private morphs: number[] = [];
  private readonly nextScalars: number[] = [];
  private nextPayloads: unknown[] = [];
  private nextMorphs: number[] = [];

  /**
   * Records this frame's inputs and returns true when they equal the previous call's (false on
   * the first call).
   */
  same(
    eye: ArrayLike<number>,
    orientation: Quaternion,
    fovDeg: number,
    width: number,
    height: number,
    sun: Vector3,
    focus: ArrayLike<number>,
    drawSet: readonly DrawItem[],
    rocksVersion: number,
  ): boolean {
    const s = this.nextScalars;
    s.length = 0;
    s.push(eye[0], eye[1], eye[2], orientation.x, orientation.y, orientation.z, orientation.w);
    s.push(fovDeg, width, height, sun.x, sun.y, sun.z, focus[0], focus[1], focus[2], rocksVersion);
    const p = this.nextPayloads;
    const m = this.nextMorphs;
    p.length = 0;
    m.length = 0;
    for (const d of drawSet) {
      p.push(d.payload);
      m.push(d.morphStart, d.morphEnd);
      pushFour(m, d.edgeMorph);
      pushFour(m, d.cornerMorph);
    }
    const same = this.primed && equal(s, this.scalars) && equal(p, this.payloads) && equal(m, this.morphs);
    this.primed = true;
    this.scalars.length = 0;
    this.scalars.push(...s);
    [this.payloads, this.nextPayloads] = [p, this.payloads];
    [this.morphs, this.nextMorphs] = [m, this.morphs];
    return same;
  }
}

/** Element-wise identity (Object.is: NaN equals NaN, so a NaN input does not force frames). */
function equal(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

/** Four morph factors (absent: −1, free). */
function pushFour(out: number[], v: ArrayLike<number> | undefined): void {
  for (let i = 0; i < 4; i++) out.push(v ? v[i] : -1);
}
