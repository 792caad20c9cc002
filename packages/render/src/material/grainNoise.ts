/**
 * The grain band's noise (ADR-0012): value noise on integer lattices that wrap at
 * `period / wavelength` cells, so the noise is exactly periodic in `period` metres and a domain
 * reduced modulo `period` on the CPU is seamless. Octaves quarter the wavelength; each fades out
 * as its wavelength nears two pixel footprints (no shimmer). Returns roughly −1 … 1.
 */
import type { Node } from 'three/webgpu';
import { dot, float, floor, fract, mix, mod, sin, smoothstep, vec3 } from 'three/tsl';

type N = Node<'float'>;
type V3 = Node<'vec3'>;

const lattice = (c: V3): N => fract(sin(dot(c, vec3(127.1, 311.7, 74.7))).mul(43758.5453));

/** Periodic trilinear value noise, 0 … 1; `cells` lattice cells per period. */
function periodicValueNoise(p: V3, cells: number): N {
  const i = floor(p);
  const f = fract(p);
  const u = f.mul(f).mul(f.mul(-2).add(3));
  const h = (dx: number, dy: number, dz: number): N => lattice(mod(i.add(vec3(dx, dy, dz)), cells));
  const x00 = mix(h(0, 0, 0), h(1, 0, 0), u.x);
  const x10 = mix(h(0, 1, 0), h(1, 1, 0), u.x);
  const x01 = mix(h(0, 0, 1), h(1, 0, 1), u.x);
  const x11 = mix(h(0, 1, 1), h(1, 1, 1), u.x);
  return mix(mix(x00, x10, u.y), mix(x01, x11, u.y), u.z);
}

export function grainNoise(
  domain: V3,
  footprint: N,
  topWavelength: number,
  octaves: number,
  period: number,
): N {
  let sum: N = float(0);
  let amp = 1;
  let lambda = topWavelength;
  for (let o = 0; o < octaves; o++) {
    const w = float(1)
      .sub(smoothstep(lambda / 4, lambda / 2, footprint))
      .mul(amp);
    sum = sum.add(
      periodicValueNoise(domain.div(lambda), period / lambda)
        .mul(2)
        .sub(1)
        .mul(w),
    );
    amp *= 0.7;
    lambda /= 4;
  }
  return sum;
}
