/**
 * The 32-bit mixing steps of the derived random streams (ADR-0002), in the int32 form hot loops
 * use: an engine keeps int32 values unboxed, while a uint32 above 2^31 may be boxed when a call is
 * not inlined. `x >>> 0` of any result is the uint32 of hash.ts; the bits are the same. Only
 * `Math.imul`, shifts and xor, so results are identical on every engine.
 *
 * Reference: the 32-bit finaliser of MurmurHash3 (Austin Appleby, public domain); the lattice
 * multipliers are odd constants of Teschner et al. 2003 ("Optimized Spatial Hashing for Collision
 * Detection of Deformable Objects").
 */

/** MurmurHash3 fmix32 of the low 32 bits of `h`, as int32 bits. */
export function fmix32Int(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** First round of the lattice cell hash: fmix32(seed ^ ix·0x8da6b343). */
export function cellHashX(seed: number, ix: number): number {
  return fmix32Int(seed ^ Math.imul(ix, 0x8da6b343));
}

/** Second round of the lattice cell hash: fmix32(hx ^ iy·0xd8163841). */
export function cellHashY(hx: number, iy: number): number {
  return fmix32Int(hx ^ Math.imul(iy, 0xd8163841));
}

/** Third round of the lattice cell hash: fmix32(hy ^ iz·0xcb1ab31f). */
export function cellHashZ(hy: number, iz: number): number {
  return fmix32Int(hy ^ Math.imul(iz, 0xcb1ab31f));
}

/** A word mixed for `hashCombine`: fmix32((v | 0) ^ 0x9e3779b9). */
export function mixWord(v: number): number {
  return fmix32Int((v | 0) ^ 0x9e3779b9);
}

/** `hashCombine(h, v)` given `mixed = mixWord(v)`: a salted draw with its salt mixed beforehand. */
export function combineMixed(h: number, mixed: number): number {
  return fmix32Int((h ^ mixed) + Math.imul(h, 5) + 0xe6546b64);
}
