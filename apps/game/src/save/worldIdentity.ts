/**
 * What a save must match to be loaded (ADR-0015): the terrain algorithm version, the world digest
 * (level id) and a fingerprint of the canonical ground itself — the bits of `groundElevation` at a
 * fixed set of directions, hashed — so a save is refused whenever the ground it was made on could
 * differ from the ground here, even if a version constant was not bumped.
 */
import {
  BODIES,
  faceToDirection,
  groundElevation,
  hashCombine,
  TERRAIN_ALGORITHM_VERSION,
  worldDigest,
  type Body,
} from '@landfall/universe';

export interface WorldIdentity {
  /** Terrain algorithm version of this build (text). */
  terrainVersion: string;
  /** World digest level id (ADR-0005): `landfall/v<version>/<body>/<seed>/<fieldHash>/<registryHash>`. */
  levelId: string;
  /** Hash of the canonical ground's float64 bits at 96 fixed directions (8 hex digits). */
  groundFingerprint: string;
}

const GRID = [-0.75, -0.25, 0.25, 0.75];
const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);

/**
 * Hash of the canonical ground at 96 fixed directions: a 4×4 grid (s, t ∈ ±0.25, ±0.75) on each
 * cube face, mapped by the universe's exact cube-sphere (no transcendental functions, so every
 * engine probes the same bits).
 */
export function groundFingerprint(body: Body): string {
  let h = body.seed >>> 0;
  const d = { x: 0, y: 0, z: 0 };
  for (let face = 0; face < 6; face++) {
    for (const s of GRID) {
      for (const t of GRID) {
        faceToDirection(face, s, t, d);
        f64[0] = groundElevation(body, d);
        h = hashCombine(hashCombine(h, u32[0]), u32[1]);
      }
    }
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

const cache = new Map<string, WorldIdentity>();

export function worldIdentity(body: Body): WorldIdentity {
  let w = cache.get(body.id);
  if (!w) {
    w = {
      terrainVersion: String(TERRAIN_ALGORITHM_VERSION),
      levelId: worldDigest(body).levelId,
      groundFingerprint: groundFingerprint(body),
    };
    cache.set(body.id, w);
  }
  return w;
}

/** Every body's identity (for tests and the menu). */
export function allWorldIdentities(): WorldIdentity[] {
  return BODIES.map(worldIdentity);
}
