/**
 * universe math/smooth.ts `smoothstepD` in WGSL, shared by the bands and compose kernels: the
 * smoothstep from e0 to e1 at x as (value, derivative).
 */
export const SMOOTHSTEP_D_WGSL = /* wgsl */ `
fn smoothstepD(e0: f32, e1: f32, x: f32) -> vec2<f32> {
  let inv = 1.0 / (e1 - e0);
  let u = (x - e0) * inv;
  if (u <= 0.0) {
    return vec2<f32>(0.0, 0.0);
  }
  if (u >= 1.0) {
    return vec2<f32>(1.0, 0.0);
  }
  return vec2<f32>(u * u * (3.0 - 2.0 * u), 6.0 * u * (1.0 - u) * inv);
}
`;

/** universe math/smooth.ts `smootherstepD` in WGSL: Perlin's quintic ramp from e0 to e1 at x as (value, derivative). */
export const SMOOTHERSTEP_D_WGSL = /* wgsl */ `
fn smootherstepD(e0: f32, e1: f32, x: f32) -> vec2<f32> {
  let inv = 1.0 / (e1 - e0);
  let u = (x - e0) * inv;
  if (u <= 0.0) {
    return vec2<f32>(0.0, 0.0);
  }
  if (u >= 1.0) {
    return vec2<f32>(1.0, 0.0);
  }
  let u2 = u * u;
  return vec2<f32>(u2 * u * (u * (6.0 * u - 15.0) + 10.0), 30.0 * u2 * (u - 1.0) * (u - 1.0) * inv);
}
`;
