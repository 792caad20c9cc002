import { describe, expect, it } from 'vitest';
import { BODIES, getBody } from '../body/getBody';
import type { Body } from '../body/Body';
import { compareLevelIds, LevelIdError, parseLevelId } from './levelId';
import { registryHash, TUNABLE_REGISTRY } from './registryHash';
import { digestProbes, TERRAIN_ALGORITHM_VERSION, worldDigest } from './worldDigest';

const LEVEL_IDS: Record<string, string> = {
  luna: 'landfall/v7/luna/898c615e/ae7fd7f2/8fd10c16',
  mercury: 'landfall/v7/mercury/9348e433/a0671f7d/3db9a289',
  mars: 'landfall/v7/mars/b664c2a1/655eef84/ba025203',
  venus: 'landfall/v7/venus/4a75f92b/228807dc/2b957373',
  earth: 'landfall/v7/earth/46313ac9/3a3f586e/462a64d0',
  phobos: 'landfall/v7/phobos/7ecfdc50/b7313946/25d2918b',
  ceres: 'landfall/v7/ceres/119088a7/bb0d475f/94dd871d',
  vesta: 'landfall/v7/vesta/230c0aba/1c772a97/4bde617c',
  io: 'landfall/v7/io/b25a4ec5/70678184/7be1eb4b',
  europa: 'landfall/v7/europa/34bba119/61046525/9cf517f1',
  ganymede: 'landfall/v7/ganymede/98a4815e/930419da/3ef7a0df',
  callisto: 'landfall/v7/callisto/34cdfea6/4a243d0f/f9b5a042',
  titan: 'landfall/v7/titan/2bc85597/3a8a4745/18498581',
  enceladus: 'landfall/v7/enceladus/2bec92fc/924e0b45/b695b806',
  miranda: 'landfall/v7/miranda/6d39aa52/9039083b/28527457',
  iapetus: 'landfall/v7/iapetus/f05a8334/0b21450b/a124e279',
  pluto: 'landfall/v7/pluto/a95c287c/33b8f163/ae52cea0',
  triton: 'landfall/v7/triton/4ebffa12/c95c7b4d/d0df0454',
};

describe('world digest', () => {
  it('level ids have the documented form and round-trip through the parser', () => {
    const d = worldDigest(getBody('luna'));
    expect(d.levelId).toMatch(/^landfall\/v7\/luna\/[0-9a-f]{8}\/[0-9a-f]{8}\/[0-9a-f]{8}$/);
    // v7: Europa's knobs and pits only as lenticulae ≥ 4 km (ADR-0004, issue #15); v6: Valles Marineris as polylines with level-filtered walls, Europa's irregular ridge sets and
    // level-filtered ridges (ADR-0018, issue #15); v5: remnant craters on saturated units (ADR-0004, issue #14); v4: Mars' chasmata, calderas and escarpment, Europa's ridges and chaos, Mercury's scarps (ADR-0018, issue #15); v3: terrain units, production and degradation, Pike/Garvin morphometry (ADR-0004, issue #14)
    // and the named places of ADR-0018 moved canonical output (v2: the air law of ADR-0003).
    expect(TERRAIN_ALGORITHM_VERSION).toBe(7);
    const p = parseLevelId(d.levelId);
    expect([p.version, p.body, p.seed, p.fieldHash, p.registryHash]).toEqual([
      7,
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
      'tail',
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
    expect(compareLevelIds(a, reg.replace('/v7/', '/v6/')).differs).toEqual(['version', 'registry']);
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
