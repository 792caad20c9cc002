/**
 * Per-pixel relief below the mesh (ADR-0012): the grain's height, a scalar in metres over the
 * surface, turns the mesh normal into the normal of the relief it describes, from screen-space
 * derivatives of the position and the height (no tangents, no extra attributes, the same for
 * ground and instanced rocks). The height's octaves are already faded out below two pixel
 * footprints, so its derivatives never alias; DETAIL_NORMAL_MAX_TILT caps the tilt so a 2×2
 * quad's finite difference never flips a normal away from the eye.
 * Reference: Mikkelsen 2010, "Bump Mapping Unparametrized Surfaces on the GPU", JGT 15(1)
 * (the surface-gradient form n' = normalize(|det|·n − sign(det)·(∂h/∂x·R1 + ∂h/∂y·R2))).
 */
import type { Node } from 'three/webgpu';
import { abs, cross, dFdx, dFdy, dot, Fn, length, max, min, normalize, sign } from 'three/tsl';

type N = Node<'float'>;
type V3 = Node<'vec3'>;

/** Largest tilt the relief gives the normal, as |tangential part| / |normal part| (≈ 35°). */
const DETAIL_NORMAL_MAX_TILT = 0.7;
/** Smallest |det| divided by (an edge-on pixel quad). */
const MIN_DET = 1e-20;

/** The normal of the relief `height` (m) over a surface with unit normal `n` at position `p` (m). */
export const detailNormal = Fn(([n, p, height]: [V3, V3, N]) => {
  const dpdx = dFdx(p);
  const dpdy = dFdy(p);
  const r1 = cross(dpdy, n);
  const r2 = cross(n, dpdx);
  const det = dot(dpdx, r1);
  const grad = r1
    .mul(dFdx(height))
    .add(r2.mul(dFdy(height)))
    .mul(sign(det));
  const a = max(abs(det), MIN_DET);
  // Tangential part over the normal part, capped: g/a is the relief's slope vector.
  const slope = grad.div(a);
  const s = length(slope);
  const capped = slope.mul(min(s, DETAIL_NORMAL_MAX_TILT).div(max(s, MIN_DET)));
  return normalize(n.sub(capped));
}).setLayout({
  name: 'lfDetailNormal',
  type: 'vec3',
  inputs: [
    { name: 'n', type: 'vec3' },
    { name: 'p', type: 'vec3' },
    { name: 'height', type: 'float' },
  ],
});
