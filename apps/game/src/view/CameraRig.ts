/**
 * Chase and cockpit cameras in the body-fixed frame. The eye is float64; the three.js camera sits
 * at the origin of a camera-relative scene and only its orientation is set here.
 * Chase: orbits the ship at `distance` around the local vertical (mouse drag / stick), looking at it.
 * Cockpit: at the cabin window looking forward and 25° down along the ship's axes.
 */
import { Matrix4, Quaternion, Vector3, type PerspectiveCamera } from 'three/webgpu';
import type { CameraMode } from '../app/urlParams';
import type { Quat } from '../sim/vecMath';

const m = new Matrix4();
const vEye = new Vector3();
const vTarget = new Vector3();
const vUp = new Vector3();
const q = new Quaternion();

export class CameraRig {
  mode: CameraMode = 'chase';
  /** Chase yaw around the local vertical from north, rad; pitch above the horizon, rad. */
  yaw = Math.PI * 1.15;
  pitch = 0.35;
  distance = 28;
  readonly eye = new Float64Array(3);

  orbit(dx: number, dy: number): void {
    this.yaw -= dx * 0.008;
    this.pitch = Math.max(-0.2, Math.min(1.45, this.pitch + dy * 0.006));
  }

  zoom(factor: number): void {
    this.distance = Math.max(8, Math.min(2e6, this.distance * factor));
  }

  /** Places the eye (float64, body-fixed) and orients `camera` for the ship's body-fixed pose. */
  update(camera: PerspectiveCamera, shipP: Float64Array, shipQ: Readonly<Quat>): void {
    const px = shipP[0];
    const py = shipP[1];
    const pz = shipP[2];
    const r = Math.sqrt(px * px + py * py + pz * pz);
    const ux = px / r;
    const uy = py / r;
    const uz = pz / r;
    if (this.mode === 'chase') {
      // Local east / north at the ship.
      let ex = -uy;
      let ey = ux;
      const el = Math.sqrt(ex * ex + ey * ey) || 1;
      ex /= el;
      ey /= el;
      const nx = -uz * ey;
      const ny = uz * ex;
      const nz = ux * ey - uy * ex;
      const ch = Math.cos(this.pitch);
      const sh = Math.sin(this.pitch);
      const cy = Math.cos(this.yaw);
      const sy = Math.sin(this.yaw);
      // Offset from the ship: horizontal direction (north·cos yaw + east·sin yaw), raised by pitch.
      const hx = nx * cy + ex * sy;
      const hy = ny * cy + ey * sy;
      const hz = nz * cy;
      const d = this.distance;
      this.eye[0] = px + d * (hx * ch + ux * sh);
      this.eye[1] = py + d * (hy * ch + uy * sh);
      this.eye[2] = pz + d * (hz * ch + uz * sh);
      vEye.set(0, 0, 0);
      vTarget.set(px - this.eye[0], py - this.eye[1], pz - this.eye[2]);
      vUp.set(ux, uy, uz);
    } else {
      q.set(shipQ.x, shipQ.y, shipQ.z, shipQ.w);
      const seat = new Vector3(0, 1.25, 1.2).applyQuaternion(q);
      this.eye[0] = px + seat.x;
      this.eye[1] = py + seat.y;
      this.eye[2] = pz + seat.z;
      vEye.set(0, 0, 0);
      vTarget.set(0, -Math.sin(0.44), Math.cos(0.44)).applyQuaternion(q);
      vUp.set(0, 1, 0).applyQuaternion(q);
    }
    camera.position.set(0, 0, 0);
    m.lookAt(vEye, vTarget, vUp);
    camera.quaternion.setFromRotationMatrix(m);
    camera.updateMatrixWorld();
  }
}
