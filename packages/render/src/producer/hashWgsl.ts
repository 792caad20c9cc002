/**
 * The exact 32-bit hashes every GPU producer kernel shares (ADR-0020 item 3): WGSL's wrapping `u32`
 * product, shift and xor give the same bits as universe's `Math.imul`, `>>>` and `^`.
 *  - fmix32: MurmurHash3's finaliser (universe math/mix32.ts);
 *  - latticeHash: universe tail/latticeHash.ts, the wrapping sum of the per-axis products and the
 *    seed, mixed.
 */
export const HASH_WGSL = /* wgsl */ `
fn fmix32(x: u32) -> u32 {
  var h = x;
  h = h ^ (h >> 16u);
  h = h * 0x85ebca6bu;
  h = h ^ (h >> 13u);
  h = h * 0xc2b2ae35u;
  return h ^ (h >> 16u);
}

fn latticeHash(seed: u32, c: vec3<i32>) -> u32 {
  let u = bitcast<vec3<u32>>(c);
  return fmix32(u.x * 0x8da6b343u + u.y * 0xd8163841u + u.z * 0xcb1ab31fu + seed);
}
`;

/**
 * universe math/hash.ts `hashCombine` (alias `rehash`) and `unitFromHash` in WGSL (needs HASH_WGSL's
 * fmix32): the same wrapping u32 steps; the unit value is f32(h)·2⁻³², h rounded to 24 bits (a
 * relative 2⁻²⁴ off the float64 value). A comparison with a draw's probability goes through
 * `hashBelow` instead: exact, the threshold formed on the CPU.
 */
export const REHASH_WGSL = /* wgsl */ `
fn hashCombine(h: u32, v: u32) -> u32 {
  let mixed = fmix32(v ^ 0x9e3779b9u);
  return fmix32((h ^ mixed) + h * 5u + 0xe6546b64u);
}

fn unitFromHash(h: u32) -> f32 {
  return f32(h) * 2.3283064365386963e-10;
}
`;

/** The u32 threshold t with h·2⁻³² < p ⟺ h < t for every uint32 h (p in [0, 1): p·2³² < 2³²). */
export function hashThreshold(p: number): number {
  if (!(p >= 0 && p < 1)) throw new RangeError(`hashThreshold: probability ${p} is not in [0, 1)`);
  return Math.ceil(p * 2 ** 32);
}
