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
