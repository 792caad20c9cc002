/**
 * Fresh ejecta of the alternate unit (ADR-0012): the body's fresh colour scaled per channel by the
 * alternate regolith over the regolith, so fresh craters on the Moon's maria are brighter than the
 * mare but far darker than fresh highland ejecta (optical maturity darkens either unit by about
 * the same factor; Lucey et al. 2000).
 */
import type { BodyPalette, Rgb } from './bodyPalette';

/** Fresh-ejecta colour on ground of the palette's alternate tone. */
export function freshAlt(p: Readonly<BodyPalette>): Rgb {
  return [
    (p.fresh[0] * p.regolithAlt[0]) / p.regolith[0],
    (p.fresh[1] * p.regolithAlt[1]) / p.regolith[1],
    (p.fresh[2] * p.regolithAlt[2]) / p.regolith[2],
  ];
}
