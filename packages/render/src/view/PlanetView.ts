/**
 * `PlanetView`: everything needed to draw one body around a float64 eye (ADR-0011). Given a
 * renderer, a body and a streamer, each `frame()` takes the eye and a camera orientation, updates
 * the streamer with an eye-relative view, syncs patch meshes, rocks, sky and the sun's shadow box,
 * and renders. The game and the observatory both drive it, so both draw the one `Sky`;
 * `dispose()` frees every geometry and material it created.
 */
import { PerspectiveCamera, Quaternion, Scene, Vector3, type WebGPURenderer } from 'three/webgpu';
import { getBody, tailCraterShare, type Body } from '@landfall/universe';
import type { ViewState } from '@landfall/streamer';
import { EyeFrame } from '../frame/EyeFrame';
import { PatchMeshes, type DrawItem } from '../patch/PatchMeshes';
import { createTerrainMaterial, type TerrainDetail, type TerrainMaterial } from '../material/TerrainMaterial';
import { bodyPalette } from '../material/bodyPalette';
import { Sky } from '../sky/Sky';
import { SunShadow } from '../light/SunShadow';
import { ScatterRocks, type ScatterSource } from '../scatter/ScatterRocks';
import { FAR_PLANE_M, NEAR_PLANE_M, RENDER_KEEPALIVE_MS } from '../renderConstants';
import { FrameSignature } from './FrameSignature';
import type { StreamerLike } from './StreamerLike';

export interface PlanetViewOptions {
  renderer: WebGPURenderer;
  body: Body | string;
  streamer: StreamerLike;
  /** Rocks to scatter (omit for none). */
  scatter?: ScatterSource;
  /** Sun shadows cast by terrain, rocks and objects near the eye (ADR-0012); default on. */
  shadows?: boolean;
  /** Detail below the mesh (ADR-0012); default `on`. */
  detail?: TerrainDetail;
}

export interface FrameInput {
  /** Eye, body-fixed float64 m. */
  eye: ArrayLike<number>;
  /** Camera orientation in body-fixed axes (looks down −Z). */
  orientation: Quaternion;
  /** Vertical field of view, degrees. */
  fovDeg: number;
  /** Drawing-buffer size, px. */
  width: number;
  height: number;
  velocity?: Float64Array;
  /** Centre of the sun's shadow box, body-fixed float64 m (default: the eye). */
  shadowFocus?: ArrayLike<number>;
}

export interface FrameStats {
  drawn: number;
  triangles: number;
  rocks: number;
  updateMs: number;
  /** The frame was drawn (false: `onChange` found it the same as the last one drawn). */
  rendered: boolean;
}

/** A fixed orientation for the shadow signature: the map does not depend on where the eye looks. */
const NO_TURN = new Quaternion();
/** The frame signature's draw set: the shadow signature carries the scene's. */
const NO_ITEMS: readonly DrawItem[] = [];

export class PlanetView {
  readonly body: Body;
  readonly scene = new Scene();
  readonly camera = new PerspectiveCamera(60, 1, NEAR_PLANE_M, FAR_PLANE_M);
  readonly eyeFrame = new EyeFrame();
  readonly patches: PatchMeshes;
  readonly terrain: TerrainMaterial;
  readonly sky = new Sky();
  readonly rocks: ScatterRocks | null;
  readonly sunShadow: SunShadow;
  private readonly sun = new Vector3(0, 0, 1);
  /** Removes the eviction listener from the streamer. */
  private readonly offEvicted: () => void;
  private viewReady = false;
  private readonly view: ViewState = {
    eye: new Float64Array(3),
    viewProjection: new Float64Array(16),
    fovY: 1,
    viewportHeight: 1,
  };

  constructor(private readonly options: PlanetViewOptions) {
    this.body = typeof options.body === 'string' ? getBody(options.body) : options.body;
    this.sunShadow = new SunShadow(options.renderer, options.shadows ?? true);
    this.terrain = createTerrainMaterial({ sunShadow: this.sunShadow.factor, detail: options.detail });
    const palette = bodyPalette(this.body);
    this.terrain.setBody(palette, this.body.grammar.air, this.body.seed, tailCraterShare(this.body));
    this.sky.setBody(this.body, palette);
    this.patches = new PatchMeshes(this.terrain.material);
    this.rocks = options.scatter ? new ScatterRocks(this.body, options.scatter, this.terrain.material) : null;
    this.scene.add(this.sky.group, this.patches.group, ...this.sunShadow.objects());
    if (this.rocks) this.scene.add(this.rocks.group);
    this.scene.add(this.camera);
    this.offEvicted = options.streamer.on('evicted', (e) => this.patches.evict(e.payload.address));
  }

  /** Shows or hides the rocks (they are drawn only over ground either way). */
  setRocksVisible(on: boolean): void {
    this.rocksOn = on;
    if (this.rocks && !on) this.rocks.group.visible = false;
  }
  private rocksOn = true;

  /** Body-fixed direction towards the sun. */
  setSun(dir: Readonly<{ x: number; y: number; z: number }>): void {
    this.sun.set(dir.x, dir.y, dir.z).normalize();
    this.terrain.setSun(this.sun);
  }

  /**
   * Updates streaming and every drawn object for this eye, without rendering; the caller renders
   * `scene` with objects of its own in it (the game's lander), so the sun's shadow map is drawn
   * again at that render (`frame` keeps it while its inputs stay).
   */
  update(input: FrameInput): FrameStats {
    const stats = this.prepare(input);
    this.sunShadow.keep(false);
    return stats;
  }

  private prepare(input: FrameInput): FrameStats {
    const t0 = performance.now();
    const e = input.eye;
    this.eyeFrame.setEye(e[0], e[1], e[2]);
    const cam = this.camera;
    cam.fov = input.fovDeg;
    cam.aspect = input.width / Math.max(1, input.height);
    cam.position.set(0, 0, 0);
    cam.quaternion.copy(input.orientation);
    cam.updateProjectionMatrix();
    cam.updateMatrixWorld(true);
    const vp = cam.projectionMatrix.clone().multiply(cam.matrixWorldInverse).elements;
    const v = this.view;
    v.eye.set(this.eyeFrame.eye);
    for (let i = 0; i < 16; i++) v.viewProjection[i] = vp[i];
    v.fovY = (input.fovDeg * Math.PI) / 180;
    v.viewportHeight = input.height;
    v.velocity = input.velocity;
    const streamer = this.options.streamer;
    streamer.update(v);
    this.viewReady = true;
    const drawSet = streamer.drawSet();
    const triangles = this.patches.sync(drawSet, this.eyeFrame);
    const pixelAngle = v.fovY / Math.max(1, input.height);
    this.terrain.setView(this.eyeFrame.eye, pixelAngle);
    const r = this.eyeFrame.radius();
    const up = [e[0] / r, e[1] / r, e[2] / r];
    this.terrain.setSkyLight(this.sky.update(this.sun, up, r - this.body.radius, pixelAngle));
    this.sunShadow.update(e, input.shadowFocus ?? e, this.sun);
    const rocks = this.rocks ? this.rocks.update(this.eyeFrame, drawSet) : 0;
    // Rocks are drawn once there is ground under them: before the first patch they would float in
    // the void, and a warm start that reads its rocks before its patches drew them alone, at full
    // frame cost, while the patches' read waited (ADR-0019).
    if (this.rocks) this.rocks.group.visible = this.rocksOn && drawSet.length > 0;
    return { drawn: drawSet.length, triangles, rocks, updateMs: performance.now() - t0, rendered: false };
  }

  /**
   * Runs the streamer once more on the last frame's view (integrates arrivals, schedules work)
   * without touching meshes: call it between frames when rendering is slow, so workers never
   * wait for the next frame to receive jobs.
   */
  pumpStreamer(): void {
    if (this.viewReady) this.options.streamer.update(this.view);
  }

  /**
   * `update` then render. With `onChange` (a frame loop), a frame whose inputs equal the last
   * frame's (FrameSignature) is not drawn again — the canvas keeps showing it — except for one
   * settle frame after a change and one at least every RENDER_KEEPALIVE_MS; without it (a capture,
   * a timed frame) it is always drawn.
   */
  frame(input: FrameInput, onChange = false): FrameStats {
    const stats = this.prepare(input);
    const now = performance.now();
    // The shadow map shows the ground and rocks around the focus under the sun: kept while none
    // of those (nor the eye, which places them in render space) changed, whatever the camera's
    // orientation, field of view or size (issue 13: its pass cost ~2.7 ms CPU and ~1 ms GPU of
    // an H200 frame, redrawn identical every still frame).
    const focus = input.shadowFocus ?? input.eye;
    const rocksVersion = this.rocks?.group.visible ? this.rocks.version : -1;
    const sceneSame = this.shadowSignature.same(
      input.eye,
      NO_TURN,
      0,
      0,
      0,
      this.sun,
      focus,
      this.options.streamer.drawSet(),
      rocksVersion,
    );
    this.sunShadow.keep(sceneSame);
    // The frame is the same when the scene is and the camera is: the draw set is walked once.
    const cameraSame = this.signature.same(
      input.eye,
      input.orientation,
      input.fovDeg,
      input.width,
      input.height,
      this.sun,
      focus,
      NO_ITEMS,
      rocksVersion,
    );
    const same = sceneSame && cameraSame;
    const settle = !same || !this.settled;
    this.settled = same;
    if (onChange && !settle && now - this.renderedAt < RENDER_KEEPALIVE_MS) return stats;
    this.options.renderer.render(this.scene, this.camera);
    this.renderedAt = now;
    stats.rendered = true;
    return stats;
  }
  private readonly signature = new FrameSignature();
  /** The shadow map's inputs at its last drawing (FrameSignature with a fixed camera). */
  private readonly shadowSignature = new FrameSignature();
  /** The last frame equalled the one before it (its settle frame has been drawn). */
  private settled = false;
  private renderedAt = -Infinity;

  dispose(): void {
    this.offEvicted();
    this.patches.dispose();
    this.rocks?.dispose();
    this.sky.dispose();
    this.sunShadow.dispose();
    this.terrain.dispose();
    this.scene.clear();
  }
}
