/** Ground colours per body for the game's placeholder drawing (sRGB hex); the sky is render's `Sky`. */
import type { Body } from '@landfall/universe';

const GROUND: Record<string, number> = {
  mars: 0xa8623c,
  venus: 0xb89a6a,
  earth: 0x7a7a60,
  io: 0xc8b060,
  titan: 0x9a7a50,
  mercury: 0x8a8580,
};

export function groundColour(body: Body): number {
  if (GROUND[body.id] !== undefined) return GROUND[body.id];
  const ice = body.grammar.iciness;
  const v = Math.round(0x88 + (0xd8 - 0x88) * ice);
  const b = Math.min(255, v + Math.round(12 * ice));
  return (v << 16) | (v << 8) | b;
}
