// Camera-relative rendering keeps a vertex's projection stable under sub-millimetre eye moves on an
// Earth-sized body; the naive float32 body-fixed path does not (the test's teeth).
import { describe, expect, it } from 'vitest';
import { Matrix4, PerspectiveCamera, Quaternion } from 'three/webgpu';
import { EyeFrame, projectFloat32 } from './EyeFrame';
import { horizonFrame, horizonFrameScratch, lookQuaternion } from './lookFrame';

const R = 6371000; // Earth mean radius, m
const VIEWPORT_PX = 1080;

function setup() {
  // An eye 2 m above a sphere of Earth's radius, at an oblique direction (no axis-aligned luck).
  const d = [0.48, -0.61, 0.63];
  const l = Math.hypot(d[0], d[1], d[2]);
  const eye0 = d.map((c) => (c / l) * (R + 2));
  const hf = horizonFrame(eye0, horizonFrameScratch());
  // A ground vertex 10 m north, an anchor 300 m north-east (the patch anchor it is relative to).
  const ground = [0, 1, 2].map((i) => (d[i] / l) * R + 10 * hf.north[i]);
  const anchor = [0, 1, 2].map((i) => (d[i] / l) * R + 212 * hf.north[i] + 212 * hf.east[i]);
  const local = ground.map((g, i) => Math.fround(g - anchor[i]));
  const cam = new PerspectiveCamera(60, 16 / 9, 0.05, 1e8);
  cam.quaternion.copy(lookQuaternion(eye0, 0, -0.3, new Quaternion()));
  cam.updateMatrixWorld();
  const rot = new Matrix4().copy(cam.matrixWorldInverse);
  const vp = new Matrix4().multiplyMatrices(cam.projectionMatrix, rot).elements;
  return { eye0, hf, ground, anchor, local, vp, rot, proj: cam.projectionMatrix };
}

/** Exact (float64) NDC y of the ground vertex seen from `eye`. */
function exactY(vp: number[], ground: number[], eye: number[]): number {
  const p = [ground[0] - eye[0], ground[1] - eye[1], ground[2] - eye[2]];
  const cy = vp[1] * p[0] + vp[5] * p[1] + vp[9] * p[2] + vp[13];
  const cw = vp[3] * p[0] + vp[7] * p[1] + vp[11] * p[2] + vp[15];
  return cy / cw;
}

describe('camera-relative projection on an Earth-sized body', () => {
  it('moves a vertex smoothly across 0.1 mm eye steps (error < 0.01 px)', () => {
    const { eye0, hf, ground, anchor, local, vp } = setup();
    const frame = new EyeFrame();
    const ndc = new Float64Array(2);
    const off = new Float64Array(3);
    let worst = 0;
    for (let k = 0; k <= 200; k++) {
      const step = k * 1e-4; // 0.1 mm per step along north, 2 cm in all
      const eye = [0, 1, 2].map((i) => eye0[i] + step * hf.north[i]);
      frame.setEye(eye[0], eye[1], eye[2]);
      for (let i = 0; i < 3; i++) off[i] = anchor[i] - frame.eye[i];
      projectFloat32(vp, off, local, ndc);
      const errPx = (Math.abs(ndc[1] - exactY(vp, ground, eye)) * VIEWPORT_PX) / 2;
      worst = Math.max(worst, errPx);
    }
    console.log(`[camera-relative] worst projected error over 201 eye steps: ${worst.toExponential(2)} px`);
    // Tolerance: float32 rounding of a ≤ 300 m offset is ~2e-5 m; 0.01 px at 10 m is ~1e-4 m.
    expect(worst).toBeLessThan(0.01);
  });

  it('teeth: body-fixed float32 positions jitter by whole pixels on the same path', () => {
    const { eye0, hf, ground, vp, rot, proj } = setup();
    const ndc = new Float64Array(2);
    let worst = 0;
    for (let k = 0; k <= 200; k++) {
      const step = k * 1e-4;
      const eye = [0, 1, 2].map((i) => eye0[i] + step * hf.north[i]);
      // Naive: the view matrix carries −eye (rounded to float32 on upload), positions body-fixed.
      const view = new Matrix4().copy(rot).multiply(new Matrix4().makeTranslation(-eye[0], -eye[1], -eye[2]));
      const nvp = new Matrix4().multiplyMatrices(proj, view).elements;
      projectFloat32(nvp, [0, 0, 0], ground, ndc);
      worst = Math.max(worst, (Math.abs(ndc[1] - exactY(vp, ground, eye)) * VIEWPORT_PX) / 2);
    }
    expect(worst).toBeGreaterThan(1);
  });

  it('rejects a non-finite eye', () => {
    expect(() => new EyeFrame().setEye(NaN, 0, 0)).toThrow(RangeError);
  });
});
