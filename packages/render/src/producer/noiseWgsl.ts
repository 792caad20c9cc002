/**
 * universe math/valueNoise.ts's value noise in WGSL, shared by the bands and compose kernels
 * (ADR-0020): the lattice corners from math/hash.ts `hashCell3` (exact 32-bit integers), the quintic
 * weights, and `valueNoise(seed, p)` = (value, gradient in lattice units). Needs HASH_WGSL's fmix32.
 */
export const VALUE_NOISE_WGSL = /* wgsl */ `
// universe math/hash.ts hashCell3: three rounds, one per axis.
fn hashCell3(seed: u32, c: vec3<i32>) -> u32 {
  let u = bitcast<vec3<u32>>(c);
  let hx = fmix32(seed ^ (u.x * 0x8da6b343u));
  let hy = fmix32(hx ^ (u.y * 0xd8163841u));
  return fmix32(hy ^ (u.z * 0xcb1ab31fu));
}

fn corner(seed: u32, c: vec3<i32>) -> f32 {
  return 2.0 * (f32(hashCell3(seed, c)) * 2.3283064365386963e-10) - 1.0;
}

fn quintic(t: vec3<f32>) -> vec3<f32> {
  return t * t * t * (t * (6.0 * t - 15.0) + 10.0);
}
fn quinticD(t: vec3<f32>) -> vec3<f32> {
  let a = t * (t - 1.0);
  return 30.0 * a * a;
}

// Value noise and its gradient at lattice point p (universe math/valueNoise.ts).
fn valueNoise(seed: u32, p: vec3<f32>) -> vec4<f32> {
  let fl = floor(p);
  let i = vec3<i32>(fl);
  let t = p - fl;
  let c000 = corner(seed, i);
  let c100 = corner(seed, i + vec3<i32>(1, 0, 0));
  let c010 = corner(seed, i + vec3<i32>(0, 1, 0));
  let c110 = corner(seed, i + vec3<i32>(1, 1, 0));
  let c001 = corner(seed, i + vec3<i32>(0, 0, 1));
  let c101 = corner(seed, i + vec3<i32>(1, 0, 1));
  let c011 = corner(seed, i + vec3<i32>(0, 1, 1));
  let c111 = corner(seed, i + vec3<i32>(1, 1, 1));
  let k1 = c100 - c000;
  let k2 = c010 - c000;
  let k3 = c001 - c000;
  let k4 = c110 - c010 - c100 + c000;
  let k5 = c101 - c001 - c100 + c000;
  let k6 = c011 - c001 - c010 + c000;
  let k7 = c111 - c011 - c101 - c110 + c100 + c001 + c010 - c000;
  let w = quintic(t);
  let d = quinticD(t);
  let v = c000 + k1 * w.x + k2 * w.y + k3 * w.z + k4 * w.x * w.y + k5 * w.x * w.z + k6 * w.y * w.z
    + k7 * w.x * w.y * w.z;
  return vec4<f32>(
    v,
    d.x * (k1 + k4 * w.y + k5 * w.z + k7 * w.y * w.z),
    d.y * (k2 + k4 * w.x + k6 * w.z + k7 * w.x * w.z),
    d.z * (k3 + k5 * w.x + k6 * w.y + k7 * w.x * w.y),
  );
}
`;
