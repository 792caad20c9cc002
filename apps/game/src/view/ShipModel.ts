/**
 * A simple solid lander: descent stage, cabin, nozzle, four legs with pads at the sim's feet
 * (FOOT_SPREAD_M, LEG_HEIGHT_M) and an exhaust flame scaled by throttle. Ship axes as the sim:
 * +Y up (thrust), +Z forward. Lit by the scene's sun like the ground.
 */
import {
  BoxGeometry,
  ConeGeometry,
  CylinderGeometry,
  Group,
  Mesh,
  MeshBasicNodeMaterial,
  MeshStandardNodeMaterial,
  Quaternion,
  Vector3,
  type BufferGeometry,
  type Material,
} from 'three/webgpu';
import { FOOT_SPREAD_M, LEG_HEIGHT_M } from '../sim/flightLimits';

export class ShipModel {
  readonly group = new Group();
  private readonly flame: Mesh;
  private readonly geometries: BufferGeometry[] = [];
  private readonly materials: Material[] = [];

  constructor() {
    const hull = this.mat(new MeshStandardNodeMaterial({ color: 0xe0c98a, roughness: 0.6, metalness: 0 }));
    const cabin = this.mat(new MeshStandardNodeMaterial({ color: 0xc4c8d0, roughness: 0.5, metalness: 0 }));
    const dark = this.mat(new MeshStandardNodeMaterial({ color: 0x383a40, roughness: 0.7, metalness: 0 }));
    const flameMat = this.mat(
      new MeshBasicNodeMaterial({ color: 0xffb060, transparent: true, opacity: 0.85 }),
    );
    // Descent stage: an octagonal drum from y = −1.2 to 0.4.
    this.add(new CylinderGeometry(1.5, 1.5, 1.6, 8), hull, 0, -0.4, 0);
    // Cabin and window.
    this.add(new CylinderGeometry(1.0, 1.25, 1.4, 8), cabin, 0, 1.1, 0);
    this.add(new BoxGeometry(0.9, 0.45, 0.1), dark, 0, 1.25, 1.1);
    this.add(new ConeGeometry(0.35, 0.6, 8), cabin, 0, 2.1, 0);
    // Nozzle.
    this.add(new ConeGeometry(0.55, 0.7, 12, 1, true), dark, 0, -1.5, 0);
    // Legs and pads at the feet.
    const up = new Vector3(0, 1, 0);
    for (const [fx, fz] of [
      [FOOT_SPREAD_M, 0],
      [-FOOT_SPREAD_M, 0],
      [0, FOOT_SPREAD_M],
      [0, -FOOT_SPREAD_M],
    ]) {
      const top = new Vector3(fx * 0.55, -0.6, fz * 0.55);
      const foot = new Vector3(fx, -LEG_HEIGHT_M + 0.08, fz);
      const d = foot.clone().sub(top);
      const leg = this.add(new CylinderGeometry(0.07, 0.07, d.length(), 6), cabin, 0, 0, 0);
      leg.position.copy(top).addScaledVector(d, 0.5);
      leg.quaternion.copy(new Quaternion().setFromUnitVectors(up, d.normalize()));
      this.add(new CylinderGeometry(0.35, 0.4, 0.08, 10), dark, fx, -LEG_HEIGHT_M + 0.04, fz);
    }
    this.flame = this.add(new ConeGeometry(0.5, 1, 12), flameMat, 0, 0, 0);
    this.flame.rotation.x = Math.PI; // apex down
    this.setThrottle(0);
  }

  /** Flame length follows the throttle. */
  setThrottle(throttle: number): void {
    // Always in the scene (its shader compiles with the first frame, not at ignition); an idle
    // engine's flame is scaled to nothing.
    const len = throttle > 0.001 ? 1 + 5 * throttle : 1e-4;
    const w = throttle > 0.001 ? 0.6 + 0.4 * throttle : 1e-4;
    this.flame.scale.set(w, len, w);
    this.flame.position.set(0, -1.85 - len / 2, 0);
  }

  dispose(): void {
    for (const g of this.geometries) g.dispose();
    for (const m of this.materials) m.dispose();
  }

  private mat<M extends Material>(m: M): M {
    this.materials.push(m);
    return m;
  }

  private add(g: BufferGeometry, m: Material, x: number, y: number, z: number): Mesh {
    this.geometries.push(g);
    const mesh = new Mesh(g, m);
    mesh.position.set(x, y, z);
    // The lander's solid parts cast the sun's shadow on the ground (render's SunShadow).
    mesh.castShadow = !m.transparent;
    this.group.add(mesh);
    return mesh;
  }
}
