/**
 * The world digest (ADR-0005): what saves and caches store to refuse a world they were not made
 * in. Two halves:
 *   field hash    — the canonical elevation over a fixed probe lattice, quantised to
 *                   DIGEST_QUANTUM_M (six faces × DIGEST_GRID², plus DIGEST_CLUSTERS clusters of
 *                   DIGEST_CLUSTER_SIZE probes within DIGEST_CLUSTER_SPAN_M, so the finest rungs
 *                   count too);
 *   registry hash — every tunable's exact float64 bits (registryHash.ts).
 * Level id: `landfall/v<TERRAIN_ALGORITHM_VERSION>/<body>/<seed>/<fieldHash>/<registryHash>`,
 * seed and hashes as 8 lower-case hex digits.
 */
import type { Body } from '../body/Body';
import { faceToDirection } from '../cube/CubeSphere';
import { elevationBatch } from '../field/elevation';
import { hash3, hashCombine, hashString, unitFromHash } from '../math/hash';
import type { Vec3 } from '../math/vec3';
import { registryHash } from './registryHash';

/** Version of the canonical terrain algorithm; bump when any canonical output changes. ADR-0005. */
export const TERRAIN_ALGORITHM_VERSION = 14;
/** Probe grid per cube face side. ADR-0005. */
export const DIGEST_GRID = 3;
/** Number of fine probe clusters. ADR-0005. */
export const DIGEST_CLUSTERS = 3;
/** Probes per cluster. ADR-0005. */
export const DIGEST_CLUSTER_SIZE = 6;
/** Extent of a cluster, m. ADR-0005. */
export const DIGEST_CLUSTER_SPAN_M = 40;
/** Height quantum of the field hash, m. ADR-0005. */
export const DIGEST_QUANTUM_M = 0.001;

export interface WorldDigest {
  version: number;
  body: string;
  seed: number;
  fieldHash: number;
  registryHash: number;
  levelId: string;
}

/** The fixed probe directions of `body` (x, y, z interleaved). */
export function digestProbes(body: Body): Float64Array {
  const n = 6 * DIGEST_GRID * DIGEST_GRID + DIGEST_CLUSTERS * DIGEST_CLUSTER_SIZE;
  const out = new Float64Array(3 * n);
  const d: Vec3 = { x: 0, y: 0, z: 0 };
  let k = 0;
  for (let f = 0; f < 6; f++) {
    for (let b = 0; b < DIGEST_GRID; b++) {
      for (let a = 0; a < DIGEST_GRID; a++) {
        faceToDirection(f, (2 * a + 1) / DIGEST_GRID - 1, (2 * b + 1) / DIGEST_GRID - 1, d);
        out[k++] = d.x;
        out[k++] = d.y;
        out[k++] = d.z;
      }
    }
  }
  const seed = hashCombine(body.seed, hashString('landfall/digest'));
  const e = DIGEST_CLUSTER_SPAN_M / body.radius;
  for (let c = 0; c < DIGEST_CLUSTERS; c++) {
    const u = (i: number): number => 2 * unitFromHash(hash3(seed, c, i)) - 1;
    faceToDirection(hash3(seed, c, 0) % 6, u(1), u(2), d);
    for (let i = 0; i < DIGEST_CLUSTER_SIZE; i++) {
      const x = d.x + e * u(3 * i + 3);
      const y = d.y + e * u(3 * i + 4);
      const z = d.z + e * u(3 * i + 5);
      const l = Math.sqrt(x * x + y * y + z * z);
      out[k++] = x / l;
      out[k++] = y / l;
      out[k++] = z / l;
    }
  }
  return out;
}

/** Field hash (uint32): quantised canonical heights over the probe lattice. */
export function fieldHash(body: Body): number {
  const dirs = digestProbes(body);
  const n = dirs.length / 3;
  const h = new Float64Array(n);
  elevationBatch(body, dirs, n, h, null);
  let acc = hashString('landfall/field');
  for (let i = 0; i < n; i++) acc = hashCombine(acc, Math.floor(h[i] / DIGEST_QUANTUM_M + 0.5));
  return acc;
}

const hex = (v: number): string => (v >>> 0).toString(16).padStart(8, '0');

/** The world digest of `body`. */
export function worldDigest(body: Body): WorldDigest {
  const fh = fieldHash(body);
  const rh = registryHash(body);
  return {
    version: TERRAIN_ALGORITHM_VERSION,
    body: body.id,
    seed: body.seed,
    fieldHash: fh,
    registryHash: rh,
    levelId: `landfall/v${TERRAIN_ALGORITHM_VERSION}/${body.id}/${hex(body.seed)}/${hex(fh)}/${hex(rh)}`,
  };
}
