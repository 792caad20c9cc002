/**
 * The running terrain algorithm version and the body's world digest (level id) shown in the HUD
 * (ADR-0005; the ADR index carries the version table).
 */
import { TERRAIN_ALGORITHM_VERSION, worldDigest, type Body } from '@landfall/universe';

export function terrainIdentity(body: Body): { version: string; digest: string } {
  return { version: String(TERRAIN_ALGORITHM_VERSION), digest: worldDigest(body).levelId };
}
