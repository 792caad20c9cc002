/**
 * Request and draw culling (ADR-0008): the view frustum and the body's horizon.
 *
 * Frustum: the four side planes of the eye-relative view-projection (Gribb & Hartmann 2001,
 * "Fast Extraction of Viewing Frustum Planes from the World-View-Projection Matrix") plus w > 0
 * (in front of the eye); near/far are left out so the test holds for either depth convention.
 *
 * Horizon: the solid ball of radius R − maxRelief lies below every surface point. A point at
 * radius ρ is hidden from an eye at radius e > R_o when the angle between them at the centre
 * exceeds acos(R_o/e) + acos(R_o/ρ); a node is culled when even its nearest direction (centre
 * angle − cap angle) is beyond that with ρ = R + the node's highest possible elevation.
 */
import type { NodeGeometry } from './NodeGeometry';

export class Culler {
  /** Normalised planes (a, b, c, d) over eye-relative coordinates: inside when ≥ −r. */
  private readonly planes = new Float64Array(20);
  private ex = 0;
  private ey = 0;
  private ez = 0;
  private eyeR = 0;
  private eyeHorizon = 0;
  private cosEye = 1;
  private sinEye = 0;
  private occluderR = 0;

  /** Sets the view: `vp` eye-relative view-projection (column-major), eye body-fixed. */
  setView(eye: Float64Array, vp: Float64Array, occluderRadius: number): void {
    this.ex = eye[0];
    this.ey = eye[1];
    this.ez = eye[2];
    this.eyeR = Math.sqrt(this.ex * this.ex + this.ey * this.ey + this.ez * this.ez);
    this.occluderR = occluderRadius;
    this.eyeHorizon = this.eyeR > occluderRadius ? Math.acos(occluderRadius / this.eyeR) : Math.PI;
    this.cosEye = Math.cos(this.eyeHorizon);
    this.sinEye = Math.sin(this.eyeHorizon);
    // Row r of a column-major matrix: vp[r], vp[4 + r], vp[8 + r], vp[12 + r].
    const rows = (r: number, k: number) => vp[4 * k + r];
    const combos: [number, number][] = [
      [0, 1],
      [0, -1],
      [1, 1],
      [1, -1],
    ];
    let p = 0;
    for (const [r, sign] of combos) {
      this.setPlane(p++, (k) => rows(3, k) + sign * rows(r, k));
    }
    this.setPlane(p, (k) => rows(3, k));
  }

  private setPlane(i: number, coef: (k: number) => number): void {
    const a = coef(0);
    const b = coef(1);
    const c = coef(2);
    const d = coef(3);
    const len = Math.sqrt(a * a + b * b + c * c) || 1;
    this.planes.set([a / len, b / len, c / len, d / len], 4 * i);
  }

  /** True when a body-fixed sphere (x, y, z, r) may intersect the frustum. */
  inFrustum(x: number, y: number, z: number, r: number): boolean {
    const rx = x - this.ex;
    const ry = y - this.ey;
    const rz = z - this.ez;
    const pl = this.planes;
    for (let i = 0; i < 20; i += 4) {
      if (pl[i] * rx + pl[i + 1] * ry + pl[i + 2] * rz + pl[i + 3] < -r) return false;
    }
    return true;
  }

  /**
   * True when node `g` holds the direction of the eye (the ground under the feet). The selection
   * keeps that column of nodes whatever the frustum says: the HUD's height above the mesh, the
   * rocks seated beside the feet and the shadows cast there need the patch under the eye even
   * when it is out of view (looking at the horizon from 2 m, the deepest patches under the eye
   * lie wholly below the frustum's lower plane).
   */
  underEye(g: NodeGeometry): boolean {
    return (g.cx * this.ex + g.cy * this.ey + g.cz * this.ez) / this.eyeR >= g.capCos;
  }

  /** True when some point of node `g` at radius ≤ `maxRadius` may be above the horizon. */
  aboveHorizon(g: NodeGeometry, maxRadius: number): boolean {
    if (this.eyeHorizon >= Math.PI || maxRadius <= this.occluderR) return true;
    const cosC = (g.cx * this.ex + g.cy * this.ey + g.cz * this.ez) / this.eyeR;
    const angle = Math.acos(Math.max(-1, Math.min(1, cosC)));
    return angle - g.capAngle <= this.eyeHorizon + Math.acos(this.occluderR / maxRadius);
  }

  /** Node term of the horizon test: capAngle + acos(R_o/ρ) (π when ρ ≤ R_o). */
  nodeHorizon(g: NodeGeometry, maxRadius: number): number {
    return maxRadius <= this.occluderR ? Math.PI : g.capAngle + Math.acos(this.occluderR / maxRadius);
  }

  /**
   * `aboveHorizon` without trigonometry per call: `b` = nodeHorizon(g, ρ), `cosB`/`sinB` its cosine
   * and sine (cached by the caller per payload). angle ≤ eyeHorizon + b ⇔ cos(angle) ≥ cos(eyeHorizon + b).
   */
  aboveHorizonCached(g: NodeGeometry, b: number, cosB: number, sinB: number): boolean {
    if (this.eyeHorizon + b >= Math.PI) return true;
    const cosC = (g.cx * this.ex + g.cy * this.ey + g.cz * this.ez) / this.eyeR;
    return cosC >= this.cosEye * cosB - this.sinEye * sinB;
  }

  /** Distance from the eye to a sphere's surface (0 inside it). */
  distance(x: number, y: number, z: number, r: number): number {
    const dx = x - this.ex;
    const dy = y - this.ey;
    const dz = z - this.ez;
    return Math.max(0, Math.sqrt(dx * dx + dy * dy + dz * dz) - r);
  }
}
