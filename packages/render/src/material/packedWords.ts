/**
 * Decoders of the ADR-0009 vertex words, as TSL functions with declared layouts (one WGSL/GLSL
 * function each). A word is one unorm16 attribute component; its integer value 0 … 65535 is
 * recovered exactly (the round of a product exact to 1e-3). Words carry: a signed 16-bit morph
 * delta component, two int8 octahedral normal components, or four 4-bit cover nibbles.
 */
import type { Node } from 'three/webgpu';
import { abs, clamp, float, floor, Fn, max, mod, normalize, round, step, vec3, vec4 } from 'three/tsl';

type N = Node<'float'>;

/** Largest unorm16 value: the scale from the normalised attribute back to the integer word. */
const UNORM16_MAX = 65535;
/** 2¹⁶ and 2¹⁵: the range and sign bit of a two's-complement int16 held in a word. */
const WORD_RANGE = 65536;
const INT16_SIGN = 32768;
/** 2⁸ and 2⁷: one byte's range and sign bit. */
const BYTE_RANGE = 256;
const INT8_SIGN = 128;
/** Largest int8 magnitude: snorm8 components map −127 … 127 to −1 … 1. */
const INT8_MAX = 127;
/** 2⁴: one nibble's range. */
const NIBBLE_RANGE = 16;

/** unorm16 attribute component → its integer word 0 … 65535. */
export const unormWord = Fn(([f]: [N]) => round(f.mul(UNORM16_MAX))).setLayout({
  name: 'lfUnormWord',
  type: 'float',
  inputs: [{ name: 'f', type: 'float' }],
});

const lowByte = (w: N): N => mod(w, BYTE_RANGE);
const highByte = (w: N): N => floor(w.div(BYTE_RANGE));
/** uint8 → int8. */
const signed8 = (b: N): N => b.sub(step(INT8_SIGN, b).mul(BYTE_RANGE));

/** Word → the int16 it holds (two's complement): one morph delta component in grid units. */
export const signedWord = Fn(([w]: [N]) => w.sub(step(INT16_SIGN, w).mul(WORD_RANGE))).setLayout({
  name: 'lfSignedWord',
  type: 'float',
  inputs: [{ name: 'w', type: 'float' }],
});

/**
 * Two int8 octahedral components packed in one word (low byte x, high byte y) → unit vector.
 * Reference: Cigolle et al. 2014, "A Survey of Efficient Representations for Independent Unit
 * Vectors", JCGT 3(2), octahedral decode.
 */
export const octahedralDecode = Fn(([w]: [N]) => {
  const ex = clamp(signed8(lowByte(w)).div(INT8_MAX), -1, 1);
  const ey = clamp(signed8(highByte(w)).div(INT8_MAX), -1, 1);
  const nz = float(1).sub(abs(ex)).sub(abs(ey));
  const t = max(nz.negate(), 0);
  const nx = ex.add(step(0, ex).mul(-2).add(1).mul(t));
  const ny = ey.add(step(0, ey).mul(-2).add(1).mul(t));
  return normalize(vec3(nx, ny, nz));
}).setLayout({
  name: 'lfOctahedralDecode',
  type: 'vec3',
  inputs: [{ name: 'w', type: 'float' }],
});

/**
 * Cover word → the nibbles the material reads, each 0 … 15: y bits 0–3 (fresh ejecta), z bits
 * 12–15 (regolith variant), w bits 8–11 (rock cover); x is not read and holds 0.
 */
export const coverNibbles = Fn(([w]: [N]) => {
  const lo = lowByte(w);
  const hi = highByte(w);
  return vec4(float(0), mod(lo, NIBBLE_RANGE), floor(hi.div(NIBBLE_RANGE)), mod(hi, NIBBLE_RANGE));
}).setLayout({
  name: 'lfCoverNibbles',
  type: 'vec4',
  inputs: [{ name: 'w', type: 'float' }],
});
