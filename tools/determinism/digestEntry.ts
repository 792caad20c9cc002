// Entry of the cross-engine determinism bundle: every zoo body's level id, as one JSON string.
import { BODIES, worldDigest } from '@landfall/universe';

export function digestAll(ids?: readonly string[]): string {
  return JSON.stringify(BODIES.filter((b) => !ids || ids.includes(b.id)).map((b) => worldDigest(b).levelId));
}
