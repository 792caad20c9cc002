/**
 * A few deterministic procedural rock shapes (ADR-0013): an icosphere (one subdivision, 80 faces) whose
 * vertices are pushed in and out by a hashed low-order lobe field per shape, flattened below a base
 * plane (the part below y = 0 is buried once seated). Geometry carries the same attribute
 * names and types as a patch (position float32, packedA/packedB unorm16) so the one terrain
 * material draws it; rocks shade with facet normals (`facet` = 1) and full rock cover.
 */
import { BufferAttribute, BufferGeometry, IcosahedronGeometry } from 'three/webgpu';
import { hash3, unitFromHash } from '@landfall/universe';
import { ROCK_SHAPES } from '../renderConstants';

/** Fraction of the rock's height below its seat (embedding). */
export const ROCK_EMBED = 0.3;

export function rockGeometry(shape: number): BufferGeometry {
  if (!Number.isInteger(shape) || shape < 0 || shape >= ROCK_SHAPES) {
    throw new RangeError(`rockGeometry: shape ${shape} outside 0 … ${ROCK_SHAPES - 1}`);
  }
  const ico = new IcosahedronGeometry(0.5, 1);
  const src = ico.getAttribute('position');
  const n = src.count;
  const pos = new Float32Array(n * 3);
  // Eight lobes per shape: directions and strengths from the hash.
  const lobes: number[][] = [];
  for (let l = 0; l < 8; l++) {
    const u = (k: number) => unitFromHash(hash3(0x70c + shape, l, k)) * 2 - 1;
    const v = [u(0), u(1), u(2)];
    const len = Math.hypot(v[0], v[1], v[2]) || 1;
    lobes.push([v[0] / len, v[1] / len, v[2] / len, 0.12 + 0.18 * unitFromHash(hash3(0x70c + shape, l, 9))]);
  }
  const squash = 0.55 + 0.25 * unitFromHash(hash3(0x70d, shape, 0));
  for (let i = 0; i < n; i++) {
    let x = src.getX(i);
    let y = src.getY(i);
    let z = src.getZ(i);
    const r = Math.hypot(x, y, z);
    let f = 1;
    for (const [lx, ly, lz, a] of lobes) f += a * Math.max(0, (x * lx + y * ly + z * lz) / r) ** 2 - a * 0.3;
    x *= f;
    y *= f * squash;
    z *= f;
    // Flat base at the embedding depth: the seat (y = 0) is ROCK_EMBED of the height above it.
    const base = -ROCK_EMBED * squash;
    if (y < base) y = base;
    pos[i * 3] = x;
    pos[i * 3 + 1] = y;
    pos[i * 3 + 2] = z;
  }
  ico.dispose();
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
