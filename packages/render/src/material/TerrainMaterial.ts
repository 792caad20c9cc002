/**
 * The one node material for ground and rocks (ADR-0012). Vertex stage: unpacks the ADR-0009 words
 * (morph delta, octahedral normals, cover), applies the CDLOD morph in `positionNode` (three has
 * already applied any instance transform to `positionLocal`, so rocks share the graph), and carries
 * the grain domain (CPU-reduced origin + local offset). Fragment stage: one slope term picks
 * bedrock over regolith; the body palette, cover and a periodic per-pixel grain band give albedo,
 * and the grain's relief bends the normal (detail below the mesh, footprint-filtered). Light:
 * lunar-Lambert (airless) blended to Lambert by the body's air, times the sun's cast shadow; the
 * sky's light (air × daylight) and the sunlit ground's bounce (every body); aerial perspective.
 * Per-object values (morph range, grain origin, facet, fade) come from `Object3D.userData`.
 */
import { Color, MeshBasicNodeMaterial, Vector3, Vector4, type Node, type Object3D } from 'three/webgpu';
import {
  attribute,
  cross,
  dFdx,
  dFdy,
  Discard,
  dot,
  exp,
  float,
  floor,
  length,
  max,
  mix,
  mod,
  modelWorldMatrix,
  normalize,
  positionGeometry,
  positionLocal,
  positionWorld,
  screenCoordinate,
  sign,
  smoothstep,
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
  AIR_SCALE_HEIGHT_M,
  AIRLESS_AMBIENT,
  BEDROCK_SLOPE_FULL,
  BEDROCK_SLOPE_START,
  SHADOW_FILL_VIEW,
  SUN_INTENSITY,
} from '../renderConstants';
import { bodyExposure } from './exposure';
import { freshAlt } from './unitFresh';
import { fadedOut } from './distanceFade';
import { grainDetail } from './grainNoise';
import { craterDetail } from './craterDetail';
import { detailNormal } from './detailNormal';
import { coverNibbles, octahedralDecode, signedWord, unormWord } from './packedWords';
import { aerialFog, groundBounce, skyLight, surfaceReflectance } from './photometry';
import { morphedPosition, morphFactorNode } from './terrainMorph';
import { shadowPassSwitch } from '../light/shadowPassSwitch';

interface ObjectData {
  morphStart?: number;
  morphEnd?: number;
  morphScale?: number;
  grainOrigin?: Vector3;
  facet?: number;
  fadeStart?: number;
  fadeEnd?: number;
  edgeMorph?: ArrayLike<number>;
  cornerMorph?: ArrayLike<number>;
}
const ud = (o: Object3D | null): ObjectData => (o?.userData ?? {}) as ObjectData;
const ZERO = new Vector3();
const FREE_EDGES = new Vector4(-1, -1, -1, -1);
const edgeScratch = new Vector4();
const cornerScratch = new Vector4();

/** A distance no view reaches, m: the default morph and fade ranges (never morph, never fade). */
const OUT_OF_REACH_M = 1e20;
/** Largest 4-bit cover value: a nibble divided by it is a 0 … 1 weight. */
const NIBBLE_MAX = 15;
/** Bedrock weight of full rock cover on flat ground. */
const ROCK_COVER_BEDROCK = 0.5;
/** Smallest eye distance the view direction divides by, m. */
const MIN_EYE_DIST_M = 1e-6;
/** Share of the sky's zenith colour that lights the ground, per unit of air. */
const SKY_AMBIENT_SHARE = 0.5;
/** Sun elevation sine over which the sun sets behind the local horizon (±1.1°, the disc and relief). */
const HORIZON_SOFT = 0.02;

/**
 * Detail below the mesh (ADR-0012): `on` (default) the craters, clods and grain, footprint-filtered;
 * `off` the grain only (for frame-cost figures); `unfiltered` everything with the footprint filter
 * removed, the look spec's planted break that its crawl measure must see.
 */
export type TerrainDetail = 'on' | 'off' | 'unfiltered';

export interface TerrainMaterialOptions {
  /** The sun's cast-shadow factor (1 lit … 0 shadowed), e.g. `SunShadow.factor`; none: lit. */
  sunShadow?: Node<'float'>;
  detail?: TerrainDetail;
}

export interface TerrainMaterial {
  material: MeshBasicNodeMaterial;
  /** Body-fixed unit vector towards the sun. */
  setSun(dir: Readonly<{ x: number; y: number; z: number }>): void;
  /** Eye position (float32 is enough: it only orients `up`), radians per pixel of the view. */
  setView(eye: ArrayLike<number>, pixelAngle: number): void;
  /**
   * The body's palette, air, seed (the grain lattice's per-body shift) and crater share (the
   * centimetre craters' presence factor, ADR-0006 `MICRO_SHARE_DIAMETER`; 1 on saturated surfaces).
   */
  setBody(palette: BodyPalette, air: number, seed?: number, craterShare?: number): void;
  /** The sky's daylight radiance factor this frame (`Sky.update`'s result, 0 … 1). */
  setSkyLight(gain: number): void;
  dispose(): void;
}

const rgb = (c: Rgb) => new Color(c[0], c[1], c[2]);

/** Grain lattice shift per body: whole cells, below every octave's wrap (seed bits spread over xyz). */
const SEED_CELLS_MASK = 0x3ff;

export function createTerrainMaterial(options: TerrainMaterialOptions = {}): TerrainMaterial {
  const sunDirection = uniform(new Vector3(0, 0, 1));
  const eyeBody = uniform(new Vector3(1, 0, 0));
  const pixelAngle = uniform(0.001);
  const air = uniform(0);
  const craterShare = uniform(1);
  const exposure = uniform(1);
  const cRegolith = uniform(new Color(0.15, 0.15, 0.15));
  const cRegolithAlt = uniform(new Color(0.08, 0.08, 0.08));
  const cBedrock = uniform(new Color(0.09, 0.09, 0.09));
  const cFresh = uniform(new Color(0.3, 0.3, 0.3));
  const cFreshAlt = uniform(new Color(0.1, 0.1, 0.1));
  const cSun = uniform(new Color(1, 1, 1));
  const cSky = uniform(new Color(0, 0, 0));
  const skyGain = uniform(0);
  const cBounce = uniform(new Color(0, 0, 0));
  const seedCells = uniform(new Vector3());
  const cHaze = uniform(new Color(0, 0, 0));

  const far = OUT_OF_REACH_M;
  const morphStart = uniform(far).onObjectUpdate(({ object }) => ud(object).morphStart ?? far);
  const morphEnd = uniform(2 * far).onObjectUpdate(({ object }) => ud(object).morphEnd ?? 2 * far);
  const morphScale = uniform(0).onObjectUpdate(({ object }) => ud(object).morphScale ?? 0);
  const grainOrigin = uniform(new Vector3()).onObjectUpdate(({ object }) => ud(object).grainOrigin ?? ZERO);
  const facet = uniform(0).onObjectUpdate(({ object }) => ud(object).facet ?? 0);
  const fadeStart = uniform(far).onObjectUpdate(({ object }) => ud(object).fadeStart ?? far);
  const fadeEnd = uniform(2 * far).onObjectUpdate(({ object }) => ud(object).fadeEnd ?? 2 * far);
  // Per edge (west i = 0, east i = 64, south j = 0, north j = 64): −1 free, else the forced morph.
  const edgeMorph = uniform(new Vector4(-1, -1, -1, -1)).onObjectUpdate(({ object }) => {
    const e = ud(object).edgeMorph;
    return e ? edgeScratch.set(e[0], e[1], e[2], e[3]) : FREE_EDGES;
  });
  // Per corner (SW, SE, NW, NE): −1 free, else the forced morph (the level filter moves corners).
  const cornerMorph = uniform(new Vector4(-1, -1, -1, -1)).onObjectUpdate(({ object }) => {
    const c = ud(object).cornerMorph;
    return c ? cornerScratch.set(c[0], c[1], c[2], c[3]) : FREE_EDGES;
  });

  // Vertex: morph factor of the unmorphed vertex (i, j) of the grid, then the morphed position
  // (three has already applied any instance transform to positionLocal, so rocks share this).
  const packedA = attribute('packedA', 'vec4');
  const packedB = attribute('packedB', 'vec4');
  const preWorld = modelWorldMatrix.mul(vec4(positionGeometry, 1)).xyz;
  const k = morphFactorNode(
    length(preWorld),
    morphStart,
    morphEnd,
    mod(float(vertexIndex), PATCH_GRID),
    floor(float(vertexIndex).div(PATCH_GRID)),
    edgeMorph,
    cornerMorph,
  );
  const delta = vec3(
    signedWord(unormWord(packedA.x)),
    signedWord(unormWord(packedA.y)),
    signedWord(unormWord(packedA.z)),
  );
  const positionNode = morphedPosition(positionLocal, delta, morphScale, k);
  const vNormal = varying(
    normalize(mix(octahedralDecode(unormWord(packedA.w)), octahedralDecode(unormWord(packedB.x)), k)),
    'vLfNormal',
  );
  const cover = coverNibbles(unormWord(packedB.y));
  const vCover = varying(cover, 'vLfCover');
  // Cover byte 1's high nibble (cover version 2, ADR-0007): the second regolith tone's weight in
  // 16 levels — Mars' albedo tone, elsewhere the unit's share, the maria, Europa's lineae and chaos
  // matrix, Ganymede's grooved terrain (ADR-0018) — interpolated across the cell like any weight.
  const vAlt = varying(cover.z.div(NIBBLE_MAX), 'vLfAlt');
  const vGrain = varying(grainOrigin.add(positionLocal), 'vLfGrain');

  // Fragment: shading normal (smooth, or the facet's for rocks, facing the eye) and local up.
  const pw = positionWorld;
  const dist = length(pw);
  const toEye = pw.negate().div(max(dist, MIN_EYE_DIST_M));
  const faceN0 = normalize(cross(dFdx(pw), dFdy(pw)));
  const faceN = faceN0.mul(sign(dot(faceN0, toEye)).add(0.5).sign());
  const nMesh = normalize(mix(vNormal, faceN, facet));
  const up = normalize(eyeBody.add(pw));
  // Detail below the mesh: the grain (albedo factor, relief m) and the centimetre craters and
  // clods (albedo offset, relief m), all footprint-filtered, from the same periodic domain; the
  // craters lie in the shading surface's plane (the mesh normal).
  const detail = options.detail ?? 'on';
  const footprint = detail === 'unfiltered' ? float(0) : dist.mul(pixelAngle);
  const grain = grainDetail(vGrain, footprint, seedCells);
  // Rocks (facet 1) take the grain only: a regolith crater or clod drawn on a rock face read as
  // a hole in it (`ground-luna-nearest-rock-10deg-s32.png`).
  const craters =
    detail === 'off'
      ? vec2(0, 0)
      : craterDetail(vGrain, nMesh, footprint, seedCells, craterShare).mul(float(1).sub(facet));
  const n = detailNormal(nMesh, pw, grain.y.add(craters.y));

  // Albedo: slope and rock cover pick bedrock over regolith; cover nibbles tint; grain modulates.
  const slope = float(1).sub(dot(nMesh, up));
  const rockCover = vCover.w.div(NIBBLE_MAX);
  const bedrockMix = max(
    smoothstep(BEDROCK_SLOPE_START, BEDROCK_SLOPE_FULL, slope),
    rockCover.mul(ROCK_COVER_BEDROCK),
  );
  const regolith = mix(cRegolith, cRegolithAlt, vAlt);
  // Fresh ejecta of a unit are the body's fresh colour scaled by that unit's regolith over the old
  // unit's (fresh mare craters are brighter than the mare, far darker than fresh highland ejecta).
  const fresh = mix(regolith, mix(cFresh, cFreshAlt, vAlt), vCover.y.div(NIBBLE_MAX));
  const albedo = mix(fresh, cBedrock, bedrockMix).mul(grain.x.add(craters.x));

  // Light: the sun (times its cast shadow), the sky (air × daylight, or faint starlight when
  // airless) and the sunlit ground's bounce (ADR-0012 light terms).
  const brdf = surfaceReflectance(n, sunDirection, toEye, air);
  // Cast shadow near the eye; beyond its box, a sun below the local horizon lights nothing.
  const castLit = options.sunShadow ?? float(1);
  const sunUp = smoothstep(-HORIZON_SOFT, HORIZON_SOFT, dot(sunDirection, up));
  const sunLit = castLit.mul(sunUp);
  const sky = cSky.mul(skyGain).add(AIRLESS_AMBIENT).mul(skyLight(n, up));
  // Bounce: the sunlit ground's light on every surface, plus, inside a cast shadow only, the
  // sunlit ground and caster around it (SHADOW_FILL_VIEW, ADR-0012), times the relief's sky view.
  const fill = float(1).sub(castLit).mul(sunUp).mul(SHADOW_FILL_VIEW).mul(skyLight(n, up));
  const bounce = cBounce.mul(
    groundBounce(n, up, sunDirection)
      .add(fill.mul(max(dot(sunDirection, up), 0)))
      .mul(SUN_INTENSITY),
  );
  const light = cSun.mul(brdf.mul(SUN_INTENSITY).mul(sunLit)).add(sky).add(bounce);
  // Haze along the ray through an exponential atmosphere: the path d·(1 − e^(−x))/x, x the eye's
  // rise above the fragment over AIR_SCALE_HEIGHT_M (→ d at the ground; from orbit ≈ the scale
  // height, so the ground shows through).
  const rise = max(
    length(eyeBody)
      .sub(length(eyeBody.add(pw)))
      .div(AIR_SCALE_HEIGHT_M),
    1e-4,
  );
  const airPath = dist.mul(float(1).sub(exp(rise.negate())).div(rise));
  const color = mix(albedo.mul(exposure).mul(light), cHaze, aerialFog(airPath, air));

  const material = new MeshBasicNodeMaterial();
  material.name = 'landfall-terrain';
  material.positionNode = positionNode;
  const drawnColor = (() => {
    Discard(fadedOut(screenCoordinate.xy, dist, fadeStart, fadeEnd));
    return vec4(color, 1);
  })();
  // The shadow pass keeps colorNode's alpha: give it a constant, not the graph that samples the map.
  material.colorNode = shadowPassSwitch(drawnColor, vec4(0, 0, 0, 1));
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
    setBody(p, a, seed = 0, share = 1) {
      air.value = a;
      craterShare.value = share;
      seedCells.value.set(
        seed & SEED_CELLS_MASK,
        (seed >>> 10) & SEED_CELLS_MASK,
        (seed >>> 20) & SEED_CELLS_MASK,
      );
      exposure.value = bodyExposure(p.regolith);
      cRegolith.value.copy(rgb(p.regolith));
      cRegolithAlt.value.copy(rgb(p.regolithAlt));
      cBedrock.value.copy(rgb(p.bedrock));
      cFresh.value.copy(rgb(p.fresh));
      cFreshAlt.value.copy(rgb(freshAlt(p)));
      cSun.value.copy(rgb(p.sun));
      // Sky light: the zenith colour for bodies with air (scaled by daylight per frame), plus
      // faint starlight; bounce: the regolith's albedo under the sun's colour.
      cSky.value.copy(rgb(p.skyZenith).multiplyScalar(SKY_AMBIENT_SHARE * a));
      cBounce.value.setRGB(p.regolith[0] * p.sun[0], p.regolith[1] * p.sun[1], p.regolith[2] * p.sun[2]);
      cHaze.value.copy(rgb(p.skyHorizon));
    },
    setSkyLight(gain) {
      skyGain.value = gain;
    },
    dispose() {
      material.dispose();
    },
  };
}
