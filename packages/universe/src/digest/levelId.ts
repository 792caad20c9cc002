/**
 * Level ids (ADR-0005): parsing and comparison. Saves and caches call `compareLevelIds(stored,
 * current)` and refuse a mismatch with its message, which names the half that differs.
 */
import type { WorldDigest } from './worldDigest';

export class LevelIdError extends Error {
  override name = 'LevelIdError';
}

const RE = /^landfall\/v([1-9][0-9]*)\/([a-z][a-z0-9-]{0,31})\/([0-9a-f]{8})\/([0-9a-f]{8})\/([0-9a-f]{8})$/;

/** Parses `landfall/v<version>/<body>/<seed>/<fieldHash>/<registryHash>`; throws LevelIdError. */
export function parseLevelId(id: string): WorldDigest {
  const m = typeof id === 'string' ? RE.exec(id) : null;
  if (!m) {
    throw new LevelIdError(
      `level id "${String(id)}" is not landfall/v<version>/<body>/<seed>/<fieldHash>/<registryHash> (hashes: 8 lower-case hex digits)`,
    );
  }
  return {
    version: Number(m[1]),
    body: m[2],
    seed: parseInt(m[3], 16),
    fieldHash: parseInt(m[4], 16),
    registryHash: parseInt(m[5], 16),
    levelId: id,
  };
}

export type DigestPart = 'version' | 'body' | 'seed' | 'field' | 'registry';

export interface DigestComparison {
  same: boolean;
  /** The parts that differ, in id order. */
  differs: DigestPart[];
  /** Empty when the same; otherwise names each differing half. */
  message: string;
}

const WHY: Record<DigestPart, string> = {
  version: 'terrain algorithm version differs',
  body: 'body differs',
  seed: 'seed differs',
  field: 'field hash differs (the terrain heights changed)',
  registry: 'registry hash differs (a tunable or a body fact changed)',
};

/** Compares a stored level id with the current one. */
export function compareLevelIds(stored: string, current: string): DigestComparison {
  const a = parseLevelId(stored);
  const b = parseLevelId(current);
  const differs: DigestPart[] = [];
  if (a.version !== b.version) differs.push('version');
  if (a.body !== b.body) differs.push('body');
  if (a.seed !== b.seed) differs.push('seed');
  if (a.fieldHash !== b.fieldHash) differs.push('field');
  if (a.registryHash !== b.registryHash) differs.push('registry');
  const message = differs.length
    ? `world mismatch: ${differs.map((d) => WHY[d]).join('; ')} (stored ${stored}, current ${current})`
    : '';
  return { same: differs.length === 0, differs, message };
}
