/**
 * Integer hashing for derived random streams (ADR-0002). Every random draw in Landfall is
 * `hashN(seed, passId, …coordinates)`: a pure function of its inputs, never a shared sequential
 * generator. Only 32-bit integer arithmetic (`Math.imul`, shifts, xor), so results are identical on
 * every JavaScript engine.
 *
 * Reference: the 32-bit finaliser of MurmurHash3 (Austin Appleby, public domain), used here as a
 * mixing step between words. The steps themselves live in mix32.ts (int32 form, for hot loops).
 */
import { cellHashX, cellHashY, cellHashZ, combineMixed, fmix32Int, mixWord } from './mix32';

/** 2^-32: maps a uint32 to [0, 1) exactly (every uint32 is representable in float64). */
const INV_2_32 = 1 / 4294967296;

/** MurmurHash3 fmix32: full avalanche of one 32-bit word. */
export function fmix32(h: number): number {
  return fmix32Int(h) >>> 0;
}

/** Folds one more integer word into a running hash. `v` is taken modulo 2^32 (negatives wrap). */
export function hashCombine(h: number, v: number): number {
  return combineMixed(h, mixWord(v)) >>> 0;
}

/** Hash of two integer words (uint32). */
export function hash2(a: number, b: number): number {
  return hashCombine(hashCombine(0x5bd1e995, a), b);
}

/** Hash of three integer words (uint32). */
export function hash3(a: number, b: number, c: number): number {
  return hashCombine(hash2(a, b), c);
}

/** Hash of four integer words (uint32). */
export function hash4(a: number, b: number, c: number, d: number): number {
  return hashCombine(hash3(a, b, c), d);
}

/** Hash of five integer words (uint32). */
export function hash5(a: number, b: number, c: number, d: number, e: number): number {
  return hashCombine(hash4(a, b, c, d), e);
}

/** Hash of six integer words (uint32). */
export function hash6(a: number, b: number, c: number, d: number, e: number, f: number): number {
  return hashCombine(hash5(a, b, c, d, e), f);
}

/** A uint32 mapped to [0, 1) exactly. */
export function unitFromHash(h: number): number {
  return (h >>> 0) * INV_2_32;
}

/** The next independent word of a stream: `salt` selects which draw of one address. */
export function rehash(h: number, salt: number): number {
  return hashCombine(h, salt);
}

/** FNV-1a over the UTF-16 code units of a string (uint32): seeds from names. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix32(h >>> 0);
}

/**
 * Hash of a 3-D lattice cell (int32 coordinates) under a stream seed (uint32): three fmix32
 * rounds, one per coordinate. The lattice hash of the field's noise and crater ladder (ADR-0004).
 */
export function hashCell3(seed: number, ix: number, iy: number, iz: number): number {
  return cellHashZ(cellHashY(cellHashX(seed, ix), iy), iz) >>> 0;
}
