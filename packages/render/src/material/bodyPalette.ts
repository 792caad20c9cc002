/**
 * Body palettes (ADR-0012): linear-RGB albedos for regolith (two terrain units), bedrock, fresh
 * ejecta and rock tint, plus sky colours for bodies with air. Known bodies have a row chosen from
 * published colour imagery (normal albedo scaled); any other body gets one derived from its
 * grammar (iciness brightens and blues, youth brightens ejecta).
 */
import type { Body } from '@landfall/universe';
import { ROCK_TINT_MAX, ROCK_TINT_MIN } from '../renderConstants';

export type Rgb = readonly [number, number, number];

export interface BodyPalette {
  /** Regolith of terrain unit 0 (highland-like) and of the highest unit (mare-like). */
  regolith: Rgb;
  regolithAlt: Rgb;
  bedrock: Rgb;
  fresh: Rgb;
  /**
   * Rock albedo tint at tone 0 and 1, × the terrain material's rock colour (ADR-0013: regolith and
   * bedrock mixed by full rock cover). ROCK_TINT_MIN … ROCK_TINT_MAX (rock lighter than the soil,
   * as on the Moon) unless the body's row says otherwise, and never past ROCK_ALBEDO_MAX.
   */
  rockTint: readonly [number, number];
  /** Zenith and horizon sky colours (black when airless). */
  skyZenith: Rgb;
  skyHorizon: Rgb;
  sun: Rgb;
}

type Known = Pick<BodyPalette, 'regolith' | 'regolithAlt' | 'bedrock' | 'fresh'> &
  Partial<Pick<BodyPalette, 'skyZenith' | 'skyHorizon' | 'rockTint'>>;

/** Brightest albedo a rock may reach in any channel (ADR-0013): fresh ice, not a lamp. */
export const ROCK_ALBEDO_MAX = 0.95;

// Sources: Luna — LROC WAC normal albedo ≈ 0.12 highland, 0.07 mare; Mars — MER Pancam true
// colour (dust ≈ 0.25 red, basalt ≈ 0.1); Mercury — MESSENGER MDIS; icy satellites — Voyager /
// Cassini ISS albedos (Europa ≈ 0.6, Enceladus ≈ 0.9); Io — Galileo SSI sulphur deposits; Titan —
// Huygens DISR surface images.
const KNOWN: Record<string, Known> = {
  luna: {
    regolith: [0.16, 0.155, 0.145],
    regolithAlt: [0.075, 0.072, 0.07],
    bedrock: [0.09, 0.088, 0.085],
    fresh: [0.3, 0.3, 0.29],
  },
  // Mercury: darker and less contrasted than the Moon, no dark maria: disk-integrated reflectance
  // ~15 % below the nearside Moon's at the same phase (Holsclaw et al. 2010, MESSENGER MASCS);
  // immature lunar highlands ~1.5× Mercury's (Denevi & Robinson 2008); the smooth plains are
  // slightly brighter than the intercrater plains (Robinson et al. 2008, MDIS).
  mercury: {
    regolith: [0.095, 0.09, 0.085],
    regolithAlt: [0.11, 0.105, 0.098],
    bedrock: [0.06, 0.058, 0.056],
    fresh: [0.24, 0.24, 0.235],
  },
  // Mars: regolith is the brightest dust (TES albedo 0.30: Tharsis, Arabia), regolithAlt the
  // darkest basaltic sand (0.10: Syrtis Major), luminance ratio 1 : 3 (Christensen et al. 2001);
  // dark regions are grey-brown, less red than the dust (Viking MDIM colour, Bell et al. 1997).
  mars: {
    regolith: [0.36, 0.16, 0.07],
    regolithAlt: [0.115, 0.058, 0.04],
    bedrock: [0.13, 0.085, 0.06],
    fresh: [0.3, 0.2, 0.14],
    // Rocks darker than the dust: Curiosity Mastcam frames of Bradbury Landing and Rocknest show
    // grey-brown pebbles and blocks under a dust that is the brightest thing in view (the default
    // tint drew them paler and pinker than the ground, `mars-2m-gale-v14.png`).
    rockTint: [0.7, 1.05],
    skyZenith: [0.32, 0.22, 0.15],
    skyHorizon: [0.75, 0.55, 0.38],
  },
  venus: {
    regolith: [0.28, 0.2, 0.1],
    regolithAlt: [0.2, 0.15, 0.08],
    bedrock: [0.14, 0.1, 0.06],
    fresh: [0.32, 0.25, 0.14],
    skyZenith: [0.45, 0.32, 0.12],
    skyHorizon: [0.7, 0.5, 0.2],
  },
  earth: {
    regolith: [0.2, 0.17, 0.12],
    regolithAlt: [0.08, 0.12, 0.05],
    bedrock: [0.16, 0.15, 0.14],
    fresh: [0.3, 0.28, 0.25],
    skyZenith: [0.12, 0.28, 0.7],
    skyHorizon: [0.6, 0.72, 0.9],
  },
  io: {
    regolith: [0.62, 0.55, 0.18],
    regolithAlt: [0.5, 0.3, 0.1],
    bedrock: [0.12, 0.1, 0.08],
    fresh: [0.7, 0.68, 0.5],
  },
  // Europa: bright white-to-tan water ice (normal albedo ≈ 0.67); regolithAlt is the muted
  // reddish-brown non-ice material of the lineae, ridge margins and chaos matrix, ~0.5 of the
  // ice's brightness and only slightly redder (Galileo SSI natural-colour mosaics, PIA00502 and
  // the 2014 reprocessing PIA19048; Carlson et al. 2009; cover's dark-material level picks it,
  // ADR-0018). Linear RGB.
  europa: {
    regolith: [0.7, 0.69, 0.66],
    regolithAlt: [0.36, 0.28, 0.21],
    bedrock: [0.6, 0.65, 0.72],
    fresh: [0.86, 0.89, 0.93],
  },
  // Ganymede: dark old terrain (≈ 0.25) and bright grooved terrain (≈ 0.45) in the low unit
  // (Galileo SSI); Callisto: dark (≈ 0.2) with bright frosted crater rims.
  ganymede: {
    regolith: [0.26, 0.23, 0.2],
    regolithAlt: [0.46, 0.45, 0.44],
    bedrock: [0.4, 0.42, 0.46],
    fresh: [0.7, 0.72, 0.75],
  },
  callisto: {
    regolith: [0.17, 0.15, 0.13],
    regolithAlt: [0.14, 0.125, 0.11],
    bedrock: [0.3, 0.31, 0.33],
    fresh: [0.62, 0.63, 0.66],
  },
  // Ceres: very dark (≈ 0.09, Dawn FC) with bright faculae; Vesta: brighter basaltic (≈ 0.35).
  ceres: {
    regolith: [0.09, 0.088, 0.085],
    regolithAlt: [0.08, 0.078, 0.076],
    bedrock: [0.07, 0.068, 0.066],
    fresh: [0.45, 0.45, 0.44],
  },
  vesta: {
    regolith: [0.33, 0.3, 0.27],
    regolithAlt: [0.24, 0.22, 0.2],
    bedrock: [0.2, 0.19, 0.18],
    fresh: [0.45, 0.43, 0.4],
  },
  // Pluto: reddish-tan uplands, the pale nitrogen-ice plain of Sputnik Planitia as the young unit;
  // Triton: pinkish-white (≈ 0.7); Iapetus' bright trailing side (≈ 0.5; its dark leading side is
  // not modelled); Miranda grey (≈ 0.3) — New Horizons LORRI/MVIC, Voyager 2 ISS, Cassini ISS.
  pluto: {
    regolith: [0.46, 0.36, 0.27],
    regolithAlt: [0.78, 0.75, 0.71],
    bedrock: [0.5, 0.45, 0.4],
    fresh: [0.8, 0.78, 0.75],
  },
  triton: {
    regolith: [0.7, 0.64, 0.6],
    regolithAlt: [0.62, 0.58, 0.52],
    bedrock: [0.6, 0.58, 0.56],
    fresh: [0.85, 0.84, 0.82],
  },
  iapetus: {
    regolith: [0.52, 0.5, 0.46],
    regolithAlt: [0.06, 0.045, 0.035],
    bedrock: [0.5, 0.52, 0.55],
    fresh: [0.75, 0.76, 0.78],
  },
  miranda: {
    regolith: [0.33, 0.33, 0.34],
    regolithAlt: [0.28, 0.28, 0.29],
    bedrock: [0.4, 0.41, 0.43],
    fresh: [0.6, 0.61, 0.63],
  },
  enceladus: {
    regolith: [0.85, 0.87, 0.9],
    regolithAlt: [0.78, 0.82, 0.88],
    bedrock: [0.7, 0.75, 0.82],
    fresh: [0.92, 0.94, 0.96],
  },
  titan: {
    regolith: [0.2, 0.13, 0.06],
    regolithAlt: [0.12, 0.08, 0.05],
    bedrock: [0.16, 0.14, 0.12],
    fresh: [0.25, 0.2, 0.12],
    skyZenith: [0.35, 0.2, 0.06],
    skyHorizon: [0.6, 0.4, 0.15],
  },
};

function mixRgb(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

const ROCK_GREY: Rgb = [0.13, 0.125, 0.12];
const ICE: Rgb = [0.62, 0.66, 0.72];
const BLACK: Rgb = [0, 0, 0];

/**
 * The young unit's regolith from the old one's by the units' published albedo ratio (universe
 * `unitFacts`, ADR-0004: Luna maria 0.08 / highlands 0.27), or null where a body lacks either.
 */
function unitAlbedoAlt(body: Body, regolith: Rgb): Rgb | null {
  const u = body.grammar.units;
  const hi = u.highland.albedo;
  const lo = u.plain?.albedo ?? null;
  if (hi === null || lo === null || !(hi > 0)) return null;
  const r = lo / hi;
  return [regolith[0] * r, regolith[1] * r, regolith[2] * r];
}

/** The palette of a body: its KNOWN row, else derived from the grammar. */
export function bodyPalette(body: Body): BodyPalette {
  const g = body.grammar;
  const k = KNOWN[body.id];
  const regolith = k?.regolith ?? mixRgb(ROCK_GREY, ICE, g.iciness);
  const unitAlt = unitAlbedoAlt(body, regolith);
  const airy = g.air > 0.001;
  const skyZenith = k?.skyZenith ?? (airy ? mixRgb([0.05, 0.08, 0.2], [0.3, 0.25, 0.2], g.iciness) : BLACK);
  const skyHorizon = k?.skyHorizon ?? (airy ? mixRgb([0.45, 0.5, 0.6], [0.6, 0.5, 0.35], g.iciness) : BLACK);
  const bedrock = k?.bedrock ?? mixRgb([0.09, 0.088, 0.085], [0.55, 0.6, 0.68], g.iciness);
  // The rock colour never exceeds the brighter of regolith and bedrock: cap the tint there.
  const cap = ROCK_ALBEDO_MAX / Math.max(...regolith, ...bedrock);
  const tint = k?.rockTint ?? [ROCK_TINT_MIN, ROCK_TINT_MAX];
  return {
    regolith,
    regolithAlt: unitAlt ?? k?.regolithAlt ?? mixRgb(regolith, [0.07, 0.07, 0.07], 0.4 * (1 - g.iciness)),
    bedrock,
    rockTint: [Math.min(tint[0], cap * (tint[0] / tint[1])), Math.min(tint[1], cap)],
    fresh: k?.fresh ?? mixRgb(regolith, [0.9, 0.92, 0.95], 0.4 + 0.3 * g.youth),
    skyZenith: airy ? skyZenith : BLACK,
    skyHorizon: airy ? skyHorizon : BLACK,
    sun: [1, 0.98, 0.95],
  };
}
