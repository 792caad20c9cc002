/**
 * The one node material for ground and rocks (ADR-0012). Vertex stage: unpacks the ADR-0009 words
 * (morph delta, octahedral normals, cover), applies the CDLOD morph in `positionNode` (three has
 * already applied any instance transform to `positionLocal`, so rocks share the graph), and carries
 * the grain domain (CPU-reduced origin + local offset). Fragment stage: one slope term picks
 * bedrock over regolith; the body palette, cover and a periodic per-pixel grain band give albedo;
 * lunar-Lambert (airless) blended to Lambert + sky ambient + aerial perspective by the body's air.
 * Per-object values (morph range, grain origin, facet, fade) come from `Object3D.userData`.
 */
import { Color, MeshBasicNodeMaterial, Vector3, Vector4, type Node, type Object3D } from 'three/webgpu';
import {
  abs,
  acos,
  attribute,
  clamp,
  cross,
  dFdx,
  dFdy,
  Discard,
  dot,
  exp,
  float,
  floor,
  fract,
  length,
  max,
  min,
  mix,
  mod,
  modelWorldMatrix,
  normalize,
  positionGeometry,
  positionLocal,
  positionWorld,
  round,
  select,
  screenCoordinate,
  sign,
  sin,
  smoothstep,
  step,
  uniform,
  varying,
  vertexIndex,
  vec2,
  vec3,
  vec4,
} from 'three/tsl';
import { PATCH_GRID } from '@landfall/streamer';
import type { BodyPalette, Rgb } from './bodyPalette';
import {
  AERIAL_DENSITY_PER_M,
  AIRLESS_AMBIENT,
  BEDROCK_SLOPE_FULL,
  BEDROCK_SLOPE_START,
  GRAIN_AMPLITUDE,
  GRAIN_OCTAVES,
  GRAIN_PERIOD_M,
  GRAIN_TOP_WAVELENGTH_M,
  SUN_INTENSITY,
  EXPOSURE_MAX,
  EXPOSURE_MIN,
  EXPOSURE_REFERENCE_LUMA,
} from '../renderConstants';
import { grainNoise } from './grainNoise';
import { morphFactor, morphPosition, type MorphArithmetic } from './vertexMorph';

type N = Node<'float'>;
type V3 = Node<'vec3'>;
type B = Node<'bool'>;

/** The shared vertex morph (vertexMorph.ts) in TSL nodes. */
const tslMorph: MorphArithmetic<N, B> = {
  lit: (v) => float(v),
  add: (x, y) => x.add(y),
  sub: (x, y) => x.sub(y),
  mul: (x, y) => x.mul(y),
  div: (x, y) => x.div(y),
  max: (x, y) => max(x, y),
  clamp01: (x) => clamp(x, 0, 1),
  eq: (x, y) => x.equal(y),
  ge: (x, y) => x.greaterThanEqual(y),
  and: (x, y) => x.and(y),
  select: (c, x, y) => select(c, x, y),
};

interface ObjectData {
  morphStart?: number;
  morphEnd?: number;
  morphScale?: number;
  grainOrigin?: Vector3;
  facet?: number;
  fadeStart?: number;
  fadeEnd?: number;
  edgeMorph?: ArrayLike<number>;
}
const ud = (o: Object3D | null): ObjectData => (o?.userData ?? {}) as ObjectData;
const ZERO = new Vector3();
const FREE_EDGES = new Vector4(-1, -1, -1, -1);
const edgeScratch = new Vector4();

/** unorm16 word → its integer value 0 … 65535 (exact: round of an exact-to-1e-3 product). */
const word = (f: N): N => round(f.mul(65535));
const lowByte = (w: N): N => mod(w, 256);
const highByte = (w: N): N => floor(w.div(256));
/** uint8 → int8. */
const signed8 = (b: N): N => b.sub(step(128, b).mul(256));
/** Two int8 octahedral components packed in one word → unit vector (Cigolle et al. 2014). */
function octDecode(w: N): V3 {
  const ex = clamp(signed8(lowByte(w)).div(127), -1, 1);
  const ey = clamp(signed8(highByte(w)).div(127), -1, 1);
  const nz = float(1).sub(abs(ex)).sub(abs(ey));
  const t = max(nz.negate(), 0);
  const nx = ex.add(step(0, ex).mul(-2).add(1).mul(t));
  const ny = ey.add(step(0, ey).mul(-2).add(1).mul(t));
  return normalize(vec3(nx, ny, nz));
}

export interface TerrainMaterial {
  material: MeshBasicNodeMaterial;
  /** Body-fixed unit vector towards the sun. */
  setSun(dir: Readonly<{ x: number; y: number; z: number }>): void;
  /** Eye position (float32 is enough: it only orients `up`), radians per pixel of the view. */
  setView(eye: ArrayLike<number>, pixelAngle: number): void;
  setBody(palette: BodyPalette, air: number): void;
  dispose(): void;
}

const rgb = (c: Rgb) => new Color(c[0], c[1], c[2]);

export function createTerrainMaterial(): TerrainMaterial {
  const sunDirection = uniform(new Vector3(0, 0, 1));
  const eyeBody = uniform(new Vector3(1, 0, 0));
  const pixelAngle = uniform(0.001);
  const air = uniform(0);
  const exposure = uniform(1);
  const cRegolith = uniform(new Color(0.15, 0.15, 0.15));
  const cRegolithAlt = uniform(new Color(0.08, 0.08, 0.08));
  const cBedrock = uniform(new Color(0.09, 0.09, 0.09));
  const cFresh = uniform(new Color(0.3, 0.3, 0.3));
  const cSun = uniform(new Color(1, 1, 1));
  const cAmbient = uniform(new Color(0, 0, 0));
  const cHaze = uniform(new Color(0, 0, 0));

  const morphStart = uniform(1e20).onObjectUpdate(({ object }) => ud(object).morphStart ?? 1e20);
  const morphEnd = uniform(2e20).onObjectUpdate(({ object }) => ud(object).morphEnd ?? 2e20);
  const morphScale = uniform(0).onObjectUpdate(({ object }) => ud(object).morphScale ?? 0);
  const grainOrigin = uniform(new Vector3()).onObjectUpdate(({ object }) => ud(object).grainOrigin ?? ZERO);
  const facet = uniform(0).onObjectUpdate(({ object }) => ud(object).facet ?? 0);
  const fadeStart = uniform(1e20).onObjectUpdate(({ object }) => ud(object).fadeStart ?? 1e20);
  const fadeEnd = uniform(2e20).onObjectUpdate(({ object }) => ud(object).fadeEnd ?? 2e20);
  // Per edge (west i = 0, east i = 64, south j = 0, north j = 64): −1 free, else the forced morph.
  const edgeMorph = uniform(new Vector4(-1, -1, -1, -1)).onObjectUpdate(({ object }) => {
    const e = ud(object).edgeMorph;
    return e ? edgeScratch.set(e[0], e[1], e[2], e[3]) : FREE_EDGES;
  });

  const packedA = attribute('packedA', 'vec4');
  const packedB = attribute('packedB', 'vec4');

  // Morph factor from the unmorphed vertex's eye distance (Strugar 2010): 0 near, 1 at morphEnd.
  const preWorld = modelWorldMatrix.mul(vec4(positionGeometry, 1)).xyz;
  // Vertex (i, j) of the 65 × 65 grid; an edge forced by the 2:1 neighbour overrides the distance.
  const k = morphFactor(tslMorph, {
    dist: length(preWorld),
    morphStart,
    morphEnd,
    i: mod(float(vertexIndex), PATCH_GRID),
    j: floor(float(vertexIndex).div(PATCH_GRID)),
    edgeW: edgeMorph.x,
    edgeE: edgeMorph.y,
    edgeS: edgeMorph.z,
    edgeN: edgeMorph.w,
  });
  const wx = word(packedA.x);
  const wy = word(packedA.y);
  const wz = word(packedA.z);
  const delta = vec3(
    wx.sub(step(32768, wx).mul(65536)),
    wy.sub(step(32768, wy).mul(65536)),
    wz.sub(step(32768, wz).mul(65536)),
  );
  // Per component, the expression the CPU checks evaluate (morphPosition over float32 numbers).
  const morphed = (p: N, d: N): N => morphPosition(tslMorph, p, d, morphScale, k);
  const positionNode = vec3(
    morphed(positionLocal.x, delta.x),
    morphed(positionLocal.y, delta.y),
    morphed(positionLocal.z, delta.z),
  );

  const vNormal = varying(
    normalize(mix(octDecode(word(packedA.w)), octDecode(word(packedB.x)), k)),
    'vLfNormal',
  );
  const coverWord = word(packedB.y);
  const vCover = varying(
    vec4(
      highByte(lowByte(coverWord)).div(16),
      mod(lowByte(coverWord), 16),
      floor(highByte(coverWord).div(16)),
      mod(highByte(coverWord), 16),
    ),
    'vLfCover',
  );
  const vGrain = varying(grainOrigin.add(positionLocal), 'vLfGrain');

  // Fragment.
  const pw = positionWorld;
  const dist = length(pw);
  const toEye = pw.negate().div(max(dist, 1e-6));
  const faceN0 = normalize(cross(dFdx(pw), dFdy(pw)));
  const faceN = faceN0.mul(sign(dot(faceN0, toEye)).add(0.5).sign());
  const n = normalize(mix(vNormal, faceN, facet));
  const up = normalize(eyeBody.add(pw));
  const slope = float(1).sub(dot(n, up));
  const rockCover = vCover.w.div(15);
  const bedrockMix = max(smoothstep(BEDROCK_SLOPE_START, BEDROCK_SLOPE_FULL, slope), rockCover.mul(0.5));
  const regolith = mix(cRegolith, cRegolithAlt, min(vCover.z.div(8), 1));
  const fresh = mix(regolith, cFresh, vCover.y.div(15));
  const footprint = dist.mul(pixelAngle);
  const grain = grainNoise(vGrain, footprint, GRAIN_TOP_WAVELENGTH_M, GRAIN_OCTAVES, GRAIN_PERIOD_M);
  const albedo = mix(fresh, cBedrock, bedrockMix).mul(grain.mul(GRAIN_AMPLITUDE).add(1));

  // Lunar-Lambert (McEwen 1996): L(α) = 1 − 0.019α + 2.42e-4α² − 1.46e-6α³, α in degrees.
  const mu0 = max(dot(n, sunDirection), 0);
  const mu = max(dot(n, toEye), 0);
  const alpha = acos(clamp(dot(sunDirection, toEye), -1, 1)).mul(57.29577951308232);
  const L = clamp(
    float(1)
      .sub(alpha.mul(0.019))
      .add(alpha.mul(alpha).mul(2.42e-4))
      .sub(alpha.mul(alpha).mul(alpha).mul(1.46e-6)),
    0,
    1,
  );
  const lunar = L.mul(2)
    .mul(mu0)
    .div(max(mu0.add(mu), 1e-4))
    .add(float(1).sub(L).mul(mu0));
  const brdf = mix(lunar, mu0, air);
  const skyLight = dot(n, up).mul(0.4).add(0.6);
  const lit = albedo.mul(exposure).mul(cSun.mul(brdf.mul(SUN_INTENSITY)).add(cAmbient.mul(skyLight)));
  const fog = float(1).sub(exp(dist.mul(air).mul(-AERIAL_DENSITY_PER_M)));
  const color = mix(lit, cHaze, fog);

  // Dithered distance fade (rocks); the ground's fade range is out of reach.
  const fade = float(1).sub(smoothstep(fadeStart, fadeEnd, dist));
  const dither = fract(sin(dot(floor(screenCoordinate.xy), vec2(12.9898, 78.233))).mul(43758.5453));

  const material = new MeshBasicNodeMaterial();
  material.name = 'landfall-terrain';
  material.positionNode = positionNode;
  material.colorNode = (() => {
    Discard(dither.greaterThan(fade));
    return vec4(color, 1);
  })();
  material.fog = false;

  return {
    material,
    setSun(d) {
      sunDirection.value.set(d.x, d.y, d.z).normalize();
    },
    setView(eye, angle) {
      eyeBody.value.set(eye[0], eye[1], eye[2]);
      pixelAngle.value = angle;
    },
    setBody(p, a) {
      air.value = a;
      // Eye adaptation: bright bodies are exposed down, by the square root of their regolith
      // luminance against Luna's (ADR-0012), so ice is bright but not clipped.
      const lum = 0.2126 * p.regolith[0] + 0.7152 * p.regolith[1] + 0.0722 * p.regolith[2];
      exposure.value = Math.min(
        EXPOSURE_MAX,
        Math.max(EXPOSURE_MIN, Math.sqrt(EXPOSURE_REFERENCE_LUMA / lum)),
      );
      cRegolith.value.copy(rgb(p.regolith));
      cRegolithAlt.value.copy(rgb(p.regolithAlt));
      cBedrock.value.copy(rgb(p.bedrock));
      cFresh.value.copy(rgb(p.fresh));
      cSun.value.copy(rgb(p.sun));
      // Sky ambient: the zenith colour for bodies with air, faint starlight otherwise.
      const amb = rgb(p.skyZenith).multiplyScalar(0.5 * a);
      cAmbient.value.setRGB(amb.r + AIRLESS_AMBIENT, amb.g + AIRLESS_AMBIENT, amb.b + AIRLESS_AMBIENT);
      cHaze.value.copy(rgb(p.skyHorizon));
    },
    dispose() {
      material.dispose();
    },
  };
}
