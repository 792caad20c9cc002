/**
 * The sun's cast shadows near the eye (ADR-0012): one `DirectionalLight` whose orthographic shadow
 * camera spans ±SUN_SHADOW_RANGE_M around the eye (or a focus) (SUN_SHADOW_MAP_PX texels a side, PCF
 * filter), rendered by three's `ShadowNode` for both backends of `three/webgpu`. The light gives
 * no light of its own (intensity 0): the terrain material reads `factor` (1 lit … 0 shadowed)
 * and multiplies its sun term by it. Render space is eye-centred, so the box is re-centred on the
 * eye each frame, snapped to whole texels in the light's plane (float64 eye) so shadow edges stay
 * put while the eye moves. With shadows off, `factor` is the constant 1 and nothing renders.
 * three clears the shadow map only when `renderer.autoClear` is on during the render that uses it.
 * Reference: three.js r187 `src/nodes/lighting/ShadowNode.js` (shadow(light, shadow)).
 */
import { DirectionalLight, PCFShadowMap, type Node, type Object3D, type WebGPURenderer } from 'three/webgpu';
import { float, shadow } from 'three/tsl';
import { SUN_SHADOW_DEPTH_M, SUN_SHADOW_MAP_PX, SUN_SHADOW_RANGE_M } from '../renderConstants';

/** Shadow depth bias (map depth units): clears acne on ground lit at a grazing angle. */
const SHADOW_BIAS = -0.003;
/** Distance of the light from the box centre along the sun, m (the box's up-sun face). */
const LIGHT_DISTANCE_M = SUN_SHADOW_DEPTH_M;

export class SunShadow {
  readonly light = new DirectionalLight(0xffffff, 0);
  /** Node: 1 where the sun reaches the fragment, 0 in a cast shadow (constant 1 when off). */
  readonly factor: Node<'float'>;
  private readonly texel = (2 * SUN_SHADOW_RANGE_M) / SUN_SHADOW_MAP_PX;

  constructor(
    renderer: WebGPURenderer,
    readonly enabled: boolean,
  ) {
    this.light.name = 'landfall-sun-shadow';
    if (!enabled) {
      this.factor = float(1);
      return;
    }
    renderer.shadowMap.enabled = true;
    renderer.shadowMap.type = PCFShadowMap;
    const l = this.light;
    l.castShadow = true;
    const cam = l.shadow.camera;
    cam.left = -SUN_SHADOW_RANGE_M;
    cam.right = SUN_SHADOW_RANGE_M;
    cam.top = SUN_SHADOW_RANGE_M;
    cam.bottom = -SUN_SHADOW_RANGE_M;
    cam.near = 0;
    cam.far = LIGHT_DISTANCE_M + 2 * SUN_SHADOW_RANGE_M;
    cam.updateProjectionMatrix();
    l.shadow.mapSize.set(SUN_SHADOW_MAP_PX, SUN_SHADOW_MAP_PX);
    l.shadow.bias = SHADOW_BIAS;
    l.shadow.normalBias = 0;
    // Drawn again only when what it shows changed (keep): a still eye, or one only turning its
    // head, reuses the map (three draws a map with autoUpdate off when needsUpdate is set).
    l.shadow.autoUpdate = false;
    l.shadow.needsUpdate = true;
    this.factor = shadow(l, l.shadow) as unknown as Node<'float'>;
  }

  /** The objects to add to the scene (the light and its target). */
  objects(): Object3D[] {
    return [this.light, this.light.target];
  }

  /**
   * Re-centres the box on `focus` (body-fixed float64; the eye, or what the eye watches, such as
   * the game's lander) in render space around `eye`, the sun along unit `sun`.
   */
  update(
    eye: ArrayLike<number>,
    focus: ArrayLike<number>,
    sun: Readonly<{ x: number; y: number; z: number }>,
  ): void {
    if (!this.enabled) return;
    // The shadow camera's axes as three's lookAt builds them (camera up = +Y): x = up × z.
    const zx = sun.x;
    const zy = sun.y;
    const zz = sun.z;
    let xx = zz;
    let xz = -zx;
    let xl = Math.sqrt(xx * xx + xz * xz);
    if (xl < 1e-6) {
      // Sun along ±Y: three's lookAt nudges z; any axis in the plane serves.
      xx = 1;
      xz = 0;
      xl = 1;
    }
    xx /= xl;
    xz /= xl;
    // y = z × x, with x = (xx, 0, xz).
    const yx = zy * xz;
    const yy = zz * xx - zx * xz;
    const yz = -zy * xx;
    const ex = focus[0] * xx + focus[2] * xz;
    const ey = focus[0] * yx + focus[1] * yy + focus[2] * yz;
    // Offset from the focus to the nearest texel corner in the light's plane.
    const dx = Math.round(ex / this.texel) * this.texel - ex;
    const dy = Math.round(ey / this.texel) * this.texel - ey;
    const cx = focus[0] - eye[0] + xx * dx + yx * dy;
    const cy = focus[1] - eye[1] + yy * dy;
    const cz = focus[2] - eye[2] + xz * dx + yz * dy;
    this.light.target.position.set(cx, cy, cz);
    this.light.position.set(
      cx + zx * LIGHT_DISTANCE_M,
      cy + zy * LIGHT_DISTANCE_M,
      cz + zz * LIGHT_DISTANCE_M,
    );
  }

  /**
   * The map is kept for the next render when `unchanged` (the eye, the focus, the sun, the draw
   * set with its morph state and the rocks all as at the map's last drawing: PlanetView's
   * shadow signature), else drawn again in it.
   */
  keep(unchanged: boolean): void {
    if (this.enabled && !unchanged) this.light.shadow.needsUpdate = true;
  }

  dispose(): void {
    this.light.shadow.dispose();
    this.light.dispose();
  }
}
