/**
 * Draws a frame: a far pass (the globe, with a far-range camera) and, after a depth clear, a near
 * pass (the ship and the near terrain, with a close-range camera), both camera-relative in the
 * body-fixed frame and lit by one sun whose direction is fixed in the inertial frame. The sky is
 * render's one `Sky` (the body's air over the eye): drawn by the planet view's own scene, or here
 * in the far pass for the placeholder ground.
 */
import { vec3, type Body } from '@landfall/universe';
import { Sky, bodyPalette } from '@landfall/render';
import {
  AmbientLight,
  DirectionalLight,
  type Object3D,
  PerspectiveCamera,
  Scene,
  Vector3,
  type WebGPURenderer,
} from 'three/webgpu';
import type { FlightSim } from '../sim/FlightSim';
import { qmul, quat, qz, set3 } from '../sim/vecMath';
import { CameraRig } from './CameraRig';
import { ShipModel } from './ShipModel';
import type { TerrainView } from './TerrainView';

/** Sun direction in the inertial frame (lights the default sites at t = 0). */
const SUN_INERTIAL = (() => {
  const la = (25 * Math.PI) / 180;
  const lo = (65 * Math.PI) / 180;
  return { x: Math.cos(la) * Math.cos(lo), y: Math.cos(la) * Math.sin(lo), z: Math.sin(la) };
})();

const pBf = vec3();
const qBf = quat();
const qs = quat();
const sunBf = vec3();

export class GameView {
  readonly rig = new CameraRig();
  readonly camera: PerspectiveCamera;
  private readonly farCamera: PerspectiveCamera;
  private readonly nearScene = new Scene();
  private readonly farScene = new Scene();
  private readonly ship = new ShipModel();
  private readonly suns: DirectionalLight[] = [];
  private readonly shipP = new Float64Array(3);
  private readonly velocity = new Float64Array(3);
  /** The placeholder ground's sky (the planet view draws its own). */
  private readonly sky = new Sky();
  private readonly sunVec = new Vector3();
  private readonly upAtEye = new Float64Array(3);
  private readonly ambient: AmbientLight;
  /** What a terrain drawing its own scene adds to it: the ship, the near pass's sun, the ambient. */
  private readonly extras: readonly Object3D[];

  constructor(
    private readonly renderer: WebGPURenderer,
    private readonly body: Body,
    readonly terrain: TerrainView,
  ) {
    this.camera = new PerspectiveCamera(60, 1, 0.2, 1e5);
    this.farCamera = new PerspectiveCamera(60, 1, 10, 1e8);
    for (const scene of [this.nearScene, this.farScene]) {
      const sun = new DirectionalLight(0xfff4e8, 3.2);
      this.suns.push(sun);
      scene.add(sun);
    }
    this.ambient = new AmbientLight(0xffffff, body.grammar.air > 0 ? 0.35 : 0.06);
    this.nearScene.add(this.ambient, this.ship.group, terrain.near);
    this.extras = [this.ship.group, this.suns[0], this.ambient];
    this.farScene.add(this.sky.group, terrain.far);
    this.sky.setBody(body, bodyPalette(body));
    renderer.autoClear = false;
  }

  resize(w: number, h: number): void {
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
    this.farCamera.aspect = w / h;
    this.farCamera.updateProjectionMatrix();
  }

  render(sim: FlightSim, viewportHeight: number): void {
    const s = sim.state;
    // Body-fixed ship pose (float64).
    if (s.mode === 'flying') {
      sim.toBodyFixed(pBf, s.p);
      qmul(qBf, qz(qs, -sim.bodyAngle()), s.q);
    } else {
      Object.assign(pBf, s.pBf);
      Object.assign(qBf, s.qBf);
    }
    this.shipP[0] = pBf.x;
    this.shipP[1] = pBf.y;
    this.shipP[2] = pBf.z;
    sim.relativeVelocity(pBf);
    sim.toBodyFixed(pBf, pBf);
    this.velocity[0] = pBf.x;
    this.velocity[1] = pBf.y;
    this.velocity[2] = pBf.z;
    this.rig.update(this.camera, this.shipP, qBf);
    const eye = this.rig.eye;
    this.ship.group.position.set(this.shipP[0] - eye[0], this.shipP[1] - eye[1], this.shipP[2] - eye[2]);
    this.ship.group.quaternion.set(qBf.x, qBf.y, qBf.z, qBf.w);
    this.ship.setThrottle(s.mode === 'flying' && s.fuelKg > 0 ? s.throttle : 0);
    // Sun: inertial → body-fixed.
    const th = sim.bodyAngle();
    const c = Math.cos(th);
    const sn = Math.sin(th);
    const sx = c * SUN_INERTIAL.x + sn * SUN_INERTIAL.y;
    const sy = -sn * SUN_INERTIAL.x + c * SUN_INERTIAL.y;
    for (const sun of this.suns) sun.position.set(sx * 1000, sy * 1000, SUN_INERTIAL.z * 1000);
    const eyeR = Math.sqrt(eye[0] * eye[0] + eye[1] * eye[1] + eye[2] * eye[2]);
    const altitude = eyeR - this.body.radius;
    const frame = {
      eye,
      velocity: this.velocity,
      focus: this.shipP,
      altitude,
      camera: this.camera,
      viewportHeight,
      sun: set3(sunBf, sx, sy, SUN_INERTIAL.z),
      extras: this.extras,
      landed: s.mode === 'landed',
    };
    // A terrain with its own scene (render's camera and depth) draws the ship and its sun in it.
    if (this.terrain.update(frame)) return;
    // Near range follows the altitude; the far pass covers the globe.
    this.camera.near = 0.2;
    this.camera.far = Math.max(2e4, altitude * 12 + 5e4);
    this.camera.updateProjectionMatrix();
    this.farCamera.near = Math.max(10, altitude * 0.2);
    this.farCamera.far = eyeR + this.body.radius * 2;
    this.farCamera.fov = this.camera.fov;
    this.farCamera.quaternion.copy(this.camera.quaternion);
    this.farCamera.updateProjectionMatrix();
    this.farCamera.updateMatrixWorld();
    // Sky: the one Sky, centred on the eye, its dome between the far camera's near and far planes.
    this.upAtEye[0] = eye[0] / eyeR;
    this.upAtEye[1] = eye[1] / eyeR;
    this.upAtEye[2] = eye[2] / eyeR;
    this.sunVec.set(sx, sy, SUN_INERTIAL.z);
    const pixelAngle = (this.camera.fov * Math.PI) / 180 / Math.max(1, viewportHeight);
    this.sky.update(this.sunVec, this.upAtEye, altitude, pixelAngle);
    this.sky.setRadius(Math.sqrt(this.farCamera.near * this.farCamera.far));
    this.renderer.setClearColor(0x000000, 1);
    this.renderer.clear();
    this.renderer.render(this.farScene, this.farCamera);
    this.renderer.clearDepth();
    this.renderer.render(this.nearScene, this.camera);
  }

  dispose(): void {
    this.sky.dispose();
    this.ship.dispose();
    this.terrain.dispose();
  }
}
