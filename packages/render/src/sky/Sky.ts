/**
 * The sky (ADR-0012, ADR-0013): a dome drawn first (no depth) whose colour is an atmosphere
 * gradient for bodies with air — zenith to horizon, dimmed by the sun's elevation and thinned
 * with the eye's altitude — plus the sun disc; stars as camera-facing instanced quads (WebGPU
 * points are one pixel), faded out by a bright sky. The body's limb from orbit is the terrain
 * itself drawn over the dome. The camera sits at the origin of render space, so the dome and the
 * star sphere are centred there.
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
import { hash2, unitFromHash } from '@landfall/universe';
import type { BodyPalette } from '../material/bodyPalette';
import { STAR_COUNT, SUN_DISC_RADIUS_RAD } from '../renderConstants';

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
  private readonly airAtEye = uniform(0);
  private readonly starSize = uniform(0.003);
  private readonly dome: Mesh;
  private readonly stars: Mesh;

  constructor() {
    const d = normalize(positionWorld);
    const h = dot(d, this.up);
    const sunEl = dot(this.sunDir, this.up);
    const daylight = smoothstep(-0.15, 0.15, sunEl);
    const grad = mix(this.horizon, this.zenith, smoothstep(-0.02, 0.45, h));
    const glow = pow(max(dot(d, this.sunDir), 0), 12).mul(0.6);
    const air = grad.add(this.horizon.mul(glow)).mul(daylight).mul(this.airAtEye);
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
    const skyBright = this.airAtEye.mul(daylight);
    const b = attribute('starMag', 'float').mul(fall).mul(float(1).sub(skyBright));
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

  setBody(p: BodyPalette): void {
    this.zenith.value.setRGB(p.skyZenith[0], p.skyZenith[1], p.skyZenith[2]);
    this.horizon.value.setRGB(p.skyHorizon[0], p.skyHorizon[1], p.skyHorizon[2]);
  }

  /**
   * Per frame: body-fixed sun direction, local up at the eye, the fraction of the air column above
   * the eye (1 on the ground of a body with air, 0 airless or in orbit), radians per pixel.
   */
  update(sun: Readonly<Vector3>, up: ArrayLike<number>, airAtEye: number, pixelAngle: number): void {
    this.sunDir.value.copy(sun).normalize();
    this.up.value.set(up[0], up[1], up[2]);
    this.airAtEye.value = airAtEye;
    // Stars cover about 2.5 px whatever the viewport.
    this.starSize.value = pixelAngle * 1.25;
  }

  dispose(): void {
    for (const m of [this.dome, this.stars]) {
      m.geometry.dispose();
      (m.material as MeshBasicNodeMaterial).dispose();
    }
  }
}
