/**
 * Rock tiers (ADR-0013): rocks are drawn in four tiers by diameter — pebbles, cobbles, blocks,
 * boulders — each with its own range (the eye distance where it has faded out) and fade start, so a
 * 3 cm pebble is drawn only within a few metres while a 2 m boulder is drawn to ROCK_FADE_END_M. A
 * tier's range is where its smallest rocks shrink to ~3–5 px at 60° field of view over 960 px
 * (3.1 cm at 8 m, 12.5 cm at 32 m, 0.5 m at 96 m); boulders keep the scene-wide rock range. The
 * tier bounds are scatter size-class bounds (ADR-0007), so a class lies in one tier.
 */
import {
  ROCK_BLOCK_FADE_END_M,
  ROCK_BLOCK_MIN_M,
  ROCK_BOULDER_MIN_M,
  ROCK_COBBLE_FADE_END_M,
  ROCK_COBBLE_MIN_M,
  ROCK_FADE_END_M,
  ROCK_FADE_START_M,
  ROCK_FADE_START_SHARE,
  ROCK_PEBBLE_FADE_END_M,
} from '../renderConstants';

/** Number of tiers: 0 pebbles, 1 cobbles, 2 blocks, 3 boulders. */
export const ROCK_TIERS = 4;
/** The tier drawn to the scene-wide rock range. */
export const BOULDER_TIER = 3;

/** Tier of a rock of diameter `d` m. */
export function rockTier(d: number): number {
  return d < ROCK_COBBLE_MIN_M ? 0 : d < ROCK_BLOCK_MIN_M ? 1 : d < ROCK_BOULDER_MIN_M ? 2 : BOULDER_TIER;
}

/** Eye distance beyond which tier `t` is gone, m. */
export function tierFadeEnd(t: number): number {
  return [ROCK_PEBBLE_FADE_END_M, ROCK_COBBLE_FADE_END_M, ROCK_BLOCK_FADE_END_M, ROCK_FADE_END_M][t];
}

/** Eye distance where tier `t` starts fading, m. */
export function tierFadeStart(t: number): number {
  return t === BOULDER_TIER ? ROCK_FADE_START_M : ROCK_FADE_START_SHARE * tierFadeEnd(t);
}
