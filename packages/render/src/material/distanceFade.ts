/**
 * The dithered distance fade of rocks (ADR-0012): a pixel is kept while a per-pixel threshold in
 * 0 … 1 stays below `1 − smoothstep(fadeStart, fadeEnd, dist)`, so a rock dissolves over its fade
 * range without blending (no sorting). The ground's fade range lies out of reach, so it is kept.
 */
import type { Node } from 'three/webgpu';
import { dot, float, floor, Fn, fract, sin, smoothstep, vec2 } from 'three/tsl';

type N = Node<'float'>;
type V2 = Node<'vec2'>;

/** Per-pixel threshold 0 … 1 from the pixel's screen coordinate (px). */
export const screenDither = Fn(([pixel]: [V2]) =>
  fract(sin(dot(floor(pixel), vec2(12.9898, 78.233))).mul(43758.5453)),
).setLayout({ name: 'lfScreenDither', type: 'float', inputs: [{ name: 'pixel', type: 'vec2' }] });

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
