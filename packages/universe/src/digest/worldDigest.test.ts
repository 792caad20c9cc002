import { describe, expect, it } from 'vitest';
import { BODIES, getBody } from '../body/getBody';
import type { Body } from '../body/Body';
import { compareLevelIds, LevelIdError, parseLevelId } from './levelId';
import { registryHash, TUNABLE_REGISTRY } from './registryHash';
import { digestProbes, TERRAIN_ALGORITHM_VERSION, worldDigest } from './worldDigest';

const LEVEL_IDS: Record<string, string> = {
  luna: 'landfall/v5/luna/898c615e/71fa8de9/19c018b4',
  mercury: 'landfall/v5/mercury/9348e433/c806237a/42c977f4',
  mars: 'landfall/v5/mars/b664c2a1/42b9ddd2/673cfa43',
  venus: 'landfall/v5/venus/4a75f92b/228807dc/3ded5962',
  earth: 'landfall/v5/earth/46313ac9/3a3f586e/0401411c',
  phobos: 'landfall/v5/phobos/7ecfdc50/b7313946/6b4b866d',
  ceres: 'landfall/v5/ceres/119088a7/4738eaed/90dbf61f',
  vesta: 'landfall/v5/vesta/230c0aba/8b25289b/73d7d80d',
  io: 'landfall/v5/io/b25a4ec5/70678184/ee8c488f',
  europa: 'landfall/v5/europa/34bba119/01eba6dc/54cf3c58',
  ganymede: 'landfall/v5/ganymede/98a4815e/530eaf2c/cc25c275',
  callisto: 'landfall/v5/callisto/34cdfea6/4d9dfe9b/06c73a04',
  titan: 'landfall/v5/titan/2bc85597/3a8a4745/866b170f',
  enceladus: 'landfall/v5/enceladus/2bec92fc/924e0b45/29bcd394',
  miranda: 'landfall/v5/miranda/6d39aa52/9039083b/8004c69e',
  iapetus: 'landfall/v5/iapetus/f05a8334/b1c4b24a/10ddafcb',
  pluto: 'landfall/v5/pluto/a95c287c/650cb767/39ca5b5c',
  triton: 'landfall/v5/triton/4ebffa12/c95c7b4d/00c1940f',
};

describe('world digest', () => {
  it('level ids have the documented form and round-trip through the parser', () => {
    const d = worldDigest(getBody('luna'));
    expect(d.levelId).toMatch(/^landfall\/v5\/luna\/[0-9a-f]{8}\/[0-9a-f]{8}\/[0-9a-f]{8}$/);
    // v5: remnant craters on saturated units (ADR-0004, issue #14); v4: Mars' chasmata, calderas and escarpment, Europa's ridges and chaos, Mercury's scarps (ADR-0018, issue #15); v3: terrain units, production and degradation, Pike/Garvin morphometry (ADR-0004, issue #14)
    // and the named places of ADR-0018 moved canonical output (v2: the air law of ADR-0003).
    expect(TERRAIN_ALGORITHM_VERSION).toBe(6);
    const p = parseLevelId(d.levelId);
    expect([p.version, p.body, p.seed, p.fieldHash, p.registryHash]).toEqual([
      5,
      'luna',
      d.seed,
      d.fieldHash,
      d.registryHash,
    ]);
  });

  it('reproduces the recorded level id of every zoo body, bit for bit', () => {
    // Recorded at TERRAIN_ALGORITHM_VERSION 4; recapture only with a version bump (HOUSE_STYLE §8).
    // Luna's seed is hashString('luna') = 898c615e (hash.test.ts's golden), the other seeds likewise.
    expect(Object.fromEntries(BODIES.map((b) => [b.id, worldDigest(b).levelId]))).toEqual(LEVEL_IDS);
    // Distinct field hashes: no two bodies share a field.
    expect(new Set(Object.values(LEVEL_IDS).map((s) => s.split('/')[4])).size).toBe(BODIES.length);
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
    const g: Body = {
      ...luna,
      grammar: { ...luna.grammar, flooding: luna.grammar.flooding * (1 + Number.EPSILON) },
    };
    expect(registryHash(g)).not.toBe(base);
    expect(Object.isFrozen(TUNABLE_REGISTRY.ladder)).toBe(true);
    expect(Object.keys(TUNABLE_REGISTRY)).toEqual([
      'field',
      'bands',
      'ladder',
      'crater',
      'places',
      'albedo',
      'landforms',
      'cube',
      'grammar',
    ]);
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
    expect(compareLevelIds(a, reg.replace('/v5/', '/v4/')).differs).toEqual(['version', 'registry']);
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
