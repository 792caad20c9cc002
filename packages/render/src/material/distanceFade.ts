/**
 * The dithered distance fade of rocks (ADR-0012): a pixel is kept while a per-pixel threshold in
 * 0 … 1 stays below `1 − smoothstep(fadeStart, fadeEnd, dist)`, so a rock dissolves over its fade
 * range without blending (no sorting). The ground's fade range lies out of reach, so it is kept.
 */
import type { Node } from 'three/webgpu';
import { float, floor, Fn, hash, smoothstep } from 'three/tsl';

type N = Node<'float'>;
type V2 = Node<'vec2'>;

/** Odd multiplier that spreads the pixel row over the 32-bit seed of three's PCG `hash`. */
const ROW_PRIME = 73856093;

/** Per-pixel threshold 0 … 1 from the pixel's screen coordinate (px, non-negative). */
export const screenDither = Fn(([pixel]: [V2]) => {
  const p = floor(pixel);
  return hash(p.x.toUint().bitXor(p.y.toUint().mul(ROW_PRIME)));
}).setLayout({ name: 'lfScreenDither', type: 'float', inputs: [{ name: 'pixel', type: 'vec2' }] });

/**
 * Whether the pixel at screen coordinate `pixel` and eye distance `dist` is dissolved by the fade
 * from fadeStart to fadeEnd.
 */
export const fadedOut = Fn(([pixel, dist, fadeStart, fadeEnd]: [V2, N, N, N]) =>
  screenDither(pixel).greaterThan(float(1).sub(smoothstep(fadeStart, fadeEnd, dist))),
).setLayout({
  name: 'lfFadedOut',
  type: 'bool',
  inputs: [
    { name: 'pixel', type: 'vec2' },
    { name: 'dist', type: 'float' },
    { name: 'fadeStart', type: 'float' },
    { name: 'fadeEnd', type: 'float' },
  ],
});
