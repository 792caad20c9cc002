/**
 * The one sky of both apps (ADR-0012, ADR-0013): a dome drawn first (no depth) whose colour is an
 * atmosphere gradient for bodies with air — zenith to horizon, dimmed by the sun's elevation and
 * by the air over the eye (`airAtEye`: the body's air and scale height) — plus the sun disc;
 * stars as camera-facing instanced quads (WebGPU points are one pixel), dimmed by the air's
 * transmission, hidden once the sky is brighter than STAR_SKY_MASK_LUMA (so Venus and Titan
 * show none by day, Venus none at all) and by the sunlit ground's glare (STAR_GLARE_COVER_*: no
 * stars over the day side near a body, airless or not). The body's limb from orbit is the terrain itself drawn
 * over the dome. The camera sits at the origin of render space, so the dome and the star sphere
 * are centred there; `setRadius` keeps them between a camera's near and far planes.
 */
import {
  AdditiveBlending,
  BackSide,
  BufferAttribute,
  BufferGeometry,
  Color,
  Group,
  Mesh,
  MeshBasicNodeMaterial,
  SphereGeometry,
  Vector3,
} from 'three/webgpu';
import {
  attribute,
  cross,
  dot,
  float,
  length,
  max,
  mix,
  normalize,
  positionGeometry,
  positionWorld,
  pow,
  select,
  smoothstep,
  uniform,
  vec3,
  vec4,
} from 'three/tsl';
import { hash2, unitFromHash, type Body } from '@landfall/universe';
import type { BodyPalette } from '../material/bodyPalette';
import { STAR_COUNT, SUN_DISC_RADIUS_RAD } from '../renderConstants';
import { airAtEye, type AirAtEye } from './skyAir';

/**
 * Zenith sky luminance (linear) at which stars are gone (ADR-0013): about sRGB 39/255, a
 * twilight sky; the brightest star quads are drawn at linear 1 but are 2.5 px, so a sky this
 * bright or brighter hides them in a photograph exposed for the ground.
 */
export const STAR_SKY_MASK_LUMA = 0.02;
/**
 * Share of the eye's sky the body covers, (1 − cos θ)/2 with sin θ = R/(R + h), over which the
 * sunlit ground's glare hides the stars (ADR-0013): from START (h ≈ 5.4 R) to FULL (h ≈ 0.25 R)
 * the stars fade out while the sun is up at the eye. A frame exposed for sunlit ground holds no
 * stars (every Apollo surface and orbital frame: a black sky); over the night side, or far from
 * the body, they show. At 0.5 (on the ground) the glare is full.
 */
export const STAR_GLARE_COVER_START = 0.01;
export const STAR_GLARE_COVER_FULL = 0.2;
/** Sun elevation (sine) over which daylight rises from 0 to 1: civil twilight, about ±8.6°. */
const TWILIGHT_SINE = 0.15;
/** Rec. 709 luma weights. */
const LUMA_R = 0.2126;
const LUMA_G = 0.7152;
const LUMA_B = 0.0722;

const smooth = (e0: number, e1: number, x: number): number => {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
};

const DOME_RADIUS_M = 1000;
const STAR_RADIUS_M = 900;

function starGeometry(): BufferGeometry {
  const pos = new Float32Array(STAR_COUNT * 4 * 3);
  const corner = new Float32Array(STAR_COUNT * 4 * 2);
  const mag = new Float32Array(STAR_COUNT * 4);
  const index = new Uint16Array(STAR_COUNT * 6);
  const corners = [-1, -1, 1, -1, 1, 1, -1, 1];
  for (let s = 0; s < STAR_COUNT; s++) {
    // Deterministic directions: uniform on the sphere from two hashed unit numbers.
    const z = unitFromHash(hash2(0x5a7, s)) * 2 - 1;
    const a = unitFromHash(hash2(0x5a8, s)) * Math.PI * 2;
    const r = Math.sqrt(1 - z * z);
    const b = unitFromHash(hash2(0x5a9, s));
    for (let c = 0; c < 4; c++) {
      const v = s * 4 + c;
      pos[v * 3] = r * Math.cos(a) * STAR_RADIUS_M;
      pos[v * 3 + 1] = r * Math.sin(a) * STAR_RADIUS_M;
      pos[v * 3 + 2] = z * STAR_RADIUS_M;
      corner[v * 2] = corners[c * 2];
      corner[v * 2 + 1] = corners[c * 2 + 1];
      mag[v] = 0.25 + 0.75 * b * b * b;
    }
    index.set([s * 4, s * 4 + 1, s * 4 + 2, s * 4, s * 4 + 2, s * 4 + 3], s * 6);
  }
  const g = new BufferGeometry();
  g.setAttribute('position', new BufferAttribute(pos, 3));
  g.setAttribute('starCorner', new BufferAttribute(corner, 2));
  g.setAttribute('starMag', new BufferAttribute(mag, 1));
  g.setIndex(new BufferAttribute(index, 1));
  return g;
}

export class Sky {
  readonly group = new Group();
  private readonly sunDir = uniform(new Vector3(0, 0, 1));
  private readonly up = uniform(new Vector3(1, 0, 0));
  private readonly zenith = uniform(new Color(0, 0, 0));
  private readonly horizon = uniform(new Color(0, 0, 0));
  /** Sky radiance over the datum's, times daylight (0 … 1). */
  private readonly skyGain = uniform(0);
  /** Star brightness factor: transmission times the bright-sky mask (0 … 1). */
  private readonly starGain = uniform(1);
  private readonly starSize = uniform(0.003);
  private readonly air: AirAtEye = { brightness: 0, transmission: 1, tau: 0 };
  private zenithLuma = 0;
  private body: Body | null = null;
  private readonly dome: Mesh;
  private readonly stars: Mesh;

  constructor() {
    const d = normalize(positionWorld);
    const h = dot(d, this.up);
    const grad = mix(this.horizon, this.zenith, smoothstep(-0.02, 0.45, h));
    const glow = pow(max(dot(d, this.sunDir), 0), 12).mul(0.6);
    const air = grad.add(this.horizon.mul(glow)).mul(this.skyGain);
    const cosDisc = Math.cos(SUN_DISC_RADIUS_RAD);
    const disc = smoothstep(cosDisc - 2e-5, cosDisc + 2e-5, dot(d, this.sunDir)).mul(30);
    const domeMat = new MeshBasicNodeMaterial();
    domeMat.name = 'landfall-sky';
    domeMat.colorNode = vec4(air.add(vec3(disc)), 1);
    domeMat.side = BackSide;
    domeMat.depthTest = false;
    domeMat.depthWrite = false;
    this.dome = new Mesh(new SphereGeometry(DOME_RADIUS_M, 48, 24), domeMat);
    this.dome.renderOrder = -20;
    this.dome.frustumCulled = false;
    this.dome.name = 'sky-dome';

    const starMat = new MeshBasicNodeMaterial();
    starMat.name = 'landfall-stars';
    const dir = normalize(positionGeometry);
    const ref = select(dir.z.abs().greaterThan(0.9), vec3(1, 0, 0), vec3(0, 0, 1));
    const t1 = normalize(cross(dir, ref));
    const t2 = cross(dir, t1);
    const corner = attribute('starCorner', 'vec2');
    const size = this.starSize.mul(STAR_RADIUS_M);
    starMat.positionNode = positionGeometry.add(t1.mul(corner.x.mul(size))).add(t2.mul(corner.y.mul(size)));
    const fall = max(float(1).sub(length(corner)), 0);
    const b = attribute('starMag', 'float').mul(fall).mul(this.starGain);
    starMat.colorNode = vec4(vec3(b), 1);
    // Added to the dome, never painted over it: a star dimmed by daylight (b → 0 under a bright
    // sky) and the quad's dark corners must leave the sky as it is, not draw black squares. Not
    // `transparent`: the stars stay in the opaque pass, drawn before the ground (renderOrder), so
    // the ground covers them; three applies additive blending to opaque materials too.
    starMat.blending = AdditiveBlending;
    // The quads' winding faces outwards (t1 × t2 = dir), away from the eye at the centre.
    starMat.side = BackSide;
    starMat.depthTest = false;
    starMat.depthWrite = false;
    this.stars = new Mesh(starGeometry(), starMat);
    this.stars.renderOrder = -10;
    this.stars.frustumCulled = false;
    this.stars.name = 'sky-stars';
    this.group.add(this.dome, this.stars);
  }

  setBody(body: Body, p: BodyPalette): void {
    this.body = body;
    this.zenith.value.setRGB(p.skyZenith[0], p.skyZenith[1], p.skyZenith[2]);
    this.horizon.value.setRGB(p.skyHorizon[0], p.skyHorizon[1], p.skyHorizon[2]);
    this.zenithLuma = LUMA_R * p.skyZenith[0] + LUMA_G * p.skyZenith[1] + LUMA_B * p.skyZenith[2];
  }

  /**
   * Per frame: body-fixed sun direction, local up at the eye, the eye's altitude above the datum
   * (m), radians per pixel. Returns the sky's daylight radiance factor (0 … 1) for the ground's
   * sky light.
   */
  update(sun: Readonly<Vector3>, up: ArrayLike<number>, altitude: number, pixelAngle: number): number {
    if (!this.body) throw new Error('Sky.update: setBody first');
    this.sunDir.value.copy(sun).normalize();
    this.up.value.set(up[0], up[1], up[2]);
    const s = this.sunDir.value;
    const daylight = smooth(-TWILIGHT_SINE, TWILIGHT_SINE, s.x * up[0] + s.y * up[1] + s.z * up[2]);
    const air = airAtEye(this.body, altitude, this.air);
    const gain = air.brightness * daylight;
    this.skyGain.value = gain;
    const ratio = this.body.radius / (this.body.radius + Math.max(0, altitude));
    const cover = (1 - Math.sqrt(1 - ratio * ratio)) / 2;
    const glare = daylight * smooth(STAR_GLARE_COVER_START, STAR_GLARE_COVER_FULL, cover);
    this.starGain.value =
      air.transmission * (1 - smooth(0, STAR_SKY_MASK_LUMA, gain * this.zenithLuma)) * (1 - glare);
    // Stars cover about 2.5 px whatever the viewport.
    this.starSize.value = pixelAngle * 1.25;
    return gain;
  }

  /** Star brightness factor of the last update (transmission × bright-sky mask × glare), for tests. */
  starVisibility(): number {
    return this.starGain.value;
  }

  /** Sky radiance factor of the last update (air over the eye × daylight), for tests. */
  skyBrightness(): number {
    return this.skyGain.value;
  }

  /** Scales the dome and stars to `radius` m (keep it between the camera's near and far). */
  setRadius(radius: number): void {
    this.group.scale.setScalar(radius / DOME_RADIUS_M);
  }

  dispose(): void {
    for (const m of [this.dome, this.stars]) {
      m.geometry.dispose();
      (m.material as MeshBasicNodeMaterial).dispose();
    }
  }
}
