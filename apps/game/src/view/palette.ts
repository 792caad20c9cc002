/** Ground and sky colours per body for the game's placeholder drawing (sRGB hex). */
import type { Body } from '@landfall/universe';

const GROUND: Record<string, number> = {
  mars: 0xa8623c,
  venus: 0xb89a6a,
  earth: 0x7a7a60,
  io: 0xc8b060,
  titan: 0x9a7a50,
  mercury: 0x8a8580,
};

const SKY: Record<string, number> = {
  mars: 0xc9a27e,
  venus: 0xd8c090,
  earth: 0x6a9ad8,
  titan: 0xc09050,
};

export function groundColour(body: Body): number {
  if (GROUND[body.id] !== undefined) return GROUND[body.id];
  const ice = body.grammar.iciness;
  const v = Math.round(0x88 + (0xd8 - 0x88) * ice);
  const b = Math.min(255, v + Math.round(12 * ice));
  return (v << 16) | (v << 8) | b;
}

/** Sky colour at the ground for bodies with air, or null for vacuum. */
export function skyColour(body: Body): number | null {
  if (body.grammar.air <= 0) return null;
  return SKY[body.id] ?? 0x9ab0c8;
}
