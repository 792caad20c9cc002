import { describe, expect, it } from 'vitest';
import { BODIES, getBody } from '../body/getBody';
import type { Body } from '../body/Body';
import { compareLevelIds, LevelIdError, parseLevelId } from './levelId';
import { registryHash, TUNABLE_REGISTRY } from './registryHash';
import { digestProbes, TERRAIN_ALGORITHM_VERSION, worldDigest } from './worldDigest';

describe('world digest', () => {
  it('level ids have the documented form and round-trip through the parser', () => {
    const d = worldDigest(getBody('luna'));
    expect(d.levelId).toMatch(/^landfall\/v2\/luna\/[0-9a-f]{8}\/[0-9a-f]{8}\/[0-9a-f]{8}$/);
    // v2: the air law of ADR-0003 (x^(3/32) with a 10 Pa floor) moved canonical output.
    expect(TERRAIN_ALGORITHM_VERSION).toBe(2);
    const p = parseLevelId(d.levelId);
    expect([p.version, p.body, p.seed, p.fieldHash, p.registryHash]).toEqual([
      2,
      'luna',
      d.seed,
      d.fieldHash,
      d.registryHash,
    ]);
  });

  it('is stable across calls and distinct between bodies', () => {
    const ids = BODIES.map((b) => worldDigest(b).levelId);
    expect(BODIES.map((b) => worldDigest(b).levelId)).toEqual(ids);
    expect(new Set(ids.map((s) => s.split('/')[4])).size).toBe(BODIES.length);
  }, 60_000);

  it('probe lattice includes metre-scale clusters', () => {
    const p = digestProbes(getBody('luna'));
    const n = p.length / 3;
    const dx = p[3 * (n - 1)] - p[3 * (n - 2)];
    const dy = p[3 * (n - 1) + 1] - p[3 * (n - 2) + 1];
    const dz = p[3 * (n - 1) + 2] - p[3 * (n - 2) + 2];
    expect(Math.sqrt(dx * dx + dy * dy + dz * dz) * 1737400).toBeLessThan(200);
  });

  it('registry hash moves with any fact or tunable bit', () => {
    const luna = getBody('luna');
    const base = registryHash(luna);
    const nudged: Body = { ...luna, radius: luna.radius * (1 + Number.EPSILON) };
    expect(registryHash(nudged)).not.toBe(base);
    const g: Body = { ...luna, grammar: { ...luna.grammar, flooding: 0.6000000000000001 } };
    expect(registryHash(g)).not.toBe(base);
    expect(Object.isFrozen(TUNABLE_REGISTRY.ladder)).toBe(true);
    expect(Object.keys(TUNABLE_REGISTRY)).toEqual(['field', 'bands', 'ladder', 'crater', 'cube', 'grammar']);
  });

  it('compareLevelIds names the half that differs', () => {
    const a = worldDigest(getBody('luna')).levelId;
    expect(compareLevelIds(a, a)).toEqual({ same: true, differs: [], message: '' });
    const parts = a.split('/');
    const field = [...parts.slice(0, 4), 'deadbeef', parts[5]].join('/');
    const reg = [...parts.slice(0, 5), '00000000'].join('/');
    const f = compareLevelIds(a, field);
    expect(f.differs).toEqual(['field']);
    expect(f.message).toMatch(/field hash differs/);
    expect(f.message).not.toMatch(/registry/);
    expect(compareLevelIds(a, reg).differs).toEqual(['registry']);
    expect(compareLevelIds(a, reg.replace('/v2/', '/v1/')).differs).toEqual(['version', 'registry']);
  });

  it('rejects malformed ids with a clear error', () => {
    for (const bad of [
      '',
      'landfall/v1/luna',
      'landfall/v0/luna/0/0/0',
      'landfall/v1/Luna/00000000/00000000/00000000',
    ]) {
      expect(() => parseLevelId(bad)).toThrow(LevelIdError);
    }
    expect(() => parseLevelId('x')).toThrow(/landfall\/v<version>/);
  });
});
