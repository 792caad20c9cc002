/**
 * Deterministic procedural rock shapes (ADR-0013). Even shapes are smooth (rounded, weathered
 * rock: an icosphere pushed in and out by a few broad hashed lobes), odd shapes angular (fresh,
 * broken rock: an icosphere cut by hashed planes, so it is a convex polyhedron with flat facets
 * and sharp edges). Every shape is then scaled to unit extents — x, z ∈ [−0.5, 0.5], y ∈ [−0.5,
 * 0.5] with y the height — so an instance's scale is the rock's full extents (ADR-0007) and its
 * burial is a fraction of its y extent. `detail` is the icosphere subdivision (1: 80 triangles for
 * small rocks, 2: 320 for blocks). Geometry carries the same attribute names and types as a patch
 * (position float32, packedA/packedB unorm16) so the one terrain material draws it; rocks shade
 * with facet normals (`facet` = 1) and full rock cover.
 */
import { BufferAttribute, BufferGeometry, IcosahedronGeometry } from 'three/webgpu';
import { hash3, unitFromHash } from '@landfall/universe';
import { ROCK_SHAPES } from '../renderConstants';

const SMOOTH_LOBES = 6;
const CUT_PLANES = 14;

/** Radial factor of a smooth shape along unit (x, y, z): broad lobes, ±~15 %. */
function smoothFactor(shape: number, x: number, y: number, z: number): number {
  let f = 1;
  for (let l = 0; l < SMOOTH_LOBES; l++) {
    const u = (k: number) => unitFromHash(hash3(0x70c + shape, l, k)) * 2 - 1;
    const lx = u(0);
    const ly = u(1);
    const lz = u(2);
    const len = Math.hypot(lx, ly, lz) || 1;
    const a = 0.05 + 0.1 * unitFromHash(hash3(0x70c + shape, l, 9));
    const c = (x * lx + y * ly + z * lz) / len;
    f += a * (c * c - 1 / 3);
  }
  return f;
}

/** Radial factor of an angular shape along unit (x, y, z): the nearest of CUT_PLANES planes. */
function angularFactor(shape: number, x: number, y: number, z: number): number {
  let f = 1;
  for (let p = 0; p < CUT_PLANES; p++) {
    const u = (k: number) => unitFromHash(hash3(0x70e + shape, p, k)) * 2 - 1;
    const nx = u(0);
    const ny = u(1);
    const nz = u(2);
    const len = Math.hypot(nx, ny, nz) || 1;
    const c = (x * nx + y * ny + z * nz) / len;
    // Plane at distance d from the centre; a ray meets it at d / cos.
    const d = 0.55 + 0.25 * unitFromHash(hash3(0x70e + shape, p, 9));
    if (c > 1e-6 && d / c < f) f = d / c;
  }
  return f;
}

export function rockGeometry(shape: number, detail = 1): BufferGeometry {
  if (!Number.isInteger(shape) || shape < 0 || shape >= ROCK_SHAPES) {
    throw new RangeError(`rockGeometry: shape ${shape} outside 0 … ${ROCK_SHAPES - 1}`);
  }
  if (detail !== 1 && detail !== 2) throw new RangeError(`rockGeometry: detail ${detail} must be 1 or 2`);
  const ico = new IcosahedronGeometry(1, detail);
  const src = ico.getAttribute('position');
  const n = src.count;
  const pos = new Float32Array(n * 3);
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < n; i++) {
    const x = src.getX(i);
    const y = src.getY(i);
    const z = src.getZ(i);
    const r = Math.hypot(x, y, z);
    const f =
      shape % 2 === 0 ? smoothFactor(shape, x / r, y / r, z / r) : angularFactor(shape, x / r, y / r, z / r);
    const p = [x * f, y * f, z * f];
    for (let c = 0; c < 3; c++) {
      pos[i * 3 + c] = p[c];
      min[c] = Math.min(min[c], p[c]);
      max[c] = Math.max(max[c], p[c]);
    }
  }
  ico.dispose();
  // Unit extents centred on the origin.
  for (let i = 0; i < n; i++) {
    for (let c = 0; c < 3; c++) {
      pos[i * 3 + c] = (pos[i * 3 + c] - (min[c] + max[c]) / 2) / (max[c] - min[c]);
    }
  }
  const g = new BufferGeometry();
  g.setAttribute('position', new BufferAttribute(pos, 3));
  // Morph 0 (word 0), normals unused (facet shading), cover: rock cover 15, slope class 15.
  const a = new Uint16Array(n * 4);
  const b = new Uint16Array(n * 2);
  for (let i = 0; i < n; i++) b[i * 2 + 1] = 0x0ff0;
  g.setAttribute('packedA', new BufferAttribute(a, 4, true));
  g.setAttribute('packedB', new BufferAttribute(b, 2, true));
  g.computeBoundingSphere();
  return g;
}
