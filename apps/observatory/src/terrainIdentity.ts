/**
 * The running terrain algorithm version and world digest shown in the HUD (ADR index version
 * table). Read from the universe when it exports them; "n/a" before.
 */
import * as universe from '@landfall/universe';

export function terrainIdentity(): { version: string; digest: string } {
  const u = universe as unknown as Record<string, unknown>;
  const version = u.TERRAIN_ALGORITHM_VERSION;
  const digestFn = u.worldDigest;
  let digest = 'n/a';
  if (typeof digestFn === 'function') {
    try {
      digest = String((digestFn as () => unknown)());
    } catch {
      digest = 'n/a';
    }
  }
  return { version: version === undefined ? 'n/a' : String(version), digest };
}
