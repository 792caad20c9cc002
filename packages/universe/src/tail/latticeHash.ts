/**
 * Cheap spatial hashes for the tail's 3-D lattices (ADR-0006). One MurmurHash3 finaliser per lattice
 * point instead of one per word: the tail visits tens of lattice points per sample, so this is the
 * hot path. 32-bit integer arithmetic only (`Math.imul`, shifts, xor), identical on every engine.
 * Results are signed int32 (kept in int32 so engines need not box them); `latticeUnit` maps the
 * bits to [0, 1).
 *
 * Reference: the per-axis multipliers are the odd constants of Teschner et al. 2003, "Optimized
 * Spatial Hashing for Collision Detection of Deformable Objects"; the mixer is MurmurHash3's fmix32
 * (Austin Appleby, public domain).
 */

/** 2^-32: maps the bits of an int32 to [0, 1) exactly. */
const INV_2_32 = 1 / 4294967296;

import { fmix32Int as mix } from '../math/mix32';

/** Hash of integer lattice point (ix, iy, iz) in the stream `seed` (int32 bits). */
export function latticeHash(seed: number, ix: number, iy: number, iz: number): number {
  return mix((Math.imul(ix, 0x8da6b343) + Math.imul(iy, 0xd8163841) + Math.imul(iz, 0xcb1ab31f) + seed) | 0);
}

/** The `salt`-th further draw of one lattice point's hash (int32 bits). */
export function latticeDraw(h: number, salt: number): number {
  return mix((h + Math.imul(salt, 0x9e3779b9)) | 0);
}

/** The bits of `h` mapped to [0, 1) exactly. */
export function latticeUnit(h: number): number {
  return (h >>> 0) * INV_2_32;
}

/** The high 16 bits of `h` mapped to [0, 1) exactly. */
export function latticeHigh16(h: number): number {
  return (h >>> 16) * (1 / 65536);
}
