import { describe, expect, it } from 'vitest';
import { BODIES, getBody } from '../body/getBody';
import type { Body } from '../body/Body';
import { compareLevelIds, LevelIdError, parseLevelId } from './levelId';
import { registryHash, TUNABLE_REGISTRY } from './registryHash';
import { digestProbes, TERRAIN_ALGORITHM_VERSION, worldDigest } from './worldDigest';

const LEVEL_IDS: Record<string, string> = {
  luna: 'landfall/v14/luna/898c615e/cbdac6eb/40142f32',
  mercury: 'landfall/v14/mercury/9348e433/37e2a6cb/6ab373bc',
  mars: 'landfall/v14/mars/b664c2a1/04413b4f/e30cf4a2',
  venus: 'landfall/v14/venus/4a75f92b/228807dc/7e059a1c',
  earth: 'landfall/v14/earth/46313ac9/3a3f586e/c0681ef2',
  phobos: 'landfall/v14/phobos/7ecfdc50/b7313946/905a7015',
  ceres: 'landfall/v14/ceres/119088a7/d4a7aafe/907066d4',
  vesta: 'landfall/v14/vesta/230c0aba/f75155ca/34f6e0dc',
  io: 'landfall/v14/io/b25a4ec5/70678184/9f34adf6',
  europa: 'landfall/v14/europa/34bba119/dd225d4b/27e7a7a4',
  ganymede: 'landfall/v14/ganymede/98a4815e/b3c26987/c935e66f',
  callisto: 'landfall/v14/callisto/34cdfea6/e7f14334/737bc98b',
  titan: 'landfall/v14/titan/2bc85597/a53bc8ab/2726deb9',
  enceladus: 'landfall/v14/enceladus/2bec92fc/4bd17dfa/9192787a',
  miranda: 'landfall/v14/miranda/6d39aa52/9039083b/2722b1db',
  iapetus: 'landfall/v14/iapetus/f05a8334/ee1bd07d/55db2ed5',
  pluto: 'landfall/v14/pluto/a95c287c/f55eecc2/2ce008fc',
  triton: 'landfall/v14/triton/4ebffa12/c95c7b4d/df813793',
};

describe('world digest', () => {
  it('level ids have the documented form and round-trip through the parser', () => {
    const d = worldDigest(getBody('luna'));
    expect(d.levelId).toMatch(/^landfall\/v14\/luna\/[0-9a-f]{8}\/[0-9a-f]{8}\/[0-9a-f]{8}$/);
    // v14: flooded craters keep their rim's share of the relief (ADR-0004, issue #14); v13: Luna's young unit is its named maria only, remnant share 0.5 (ADR-0018, ADR-0004, issue #15); v12: large plates among Europa's chaos rafts (ADR-0018, issue #15); v11: Europa's chaos rafts are turned polygonal plates (ADR-0018, issue #15); v10: Europa's chaos irregular and elongated, more lineae (ADR-0018, issue #15); v9: scalloped rims of complex craters (ADR-0004, issue #14); v8: terraces that move and pinch out round the wall (ADR-0004, issue #14); v7: Europa's knobs and pits only as lenticulae ≥ 4 km (ADR-0004, issue #15); v6: Valles Marineris as polylines with level-filtered walls, Europa's irregular ridge sets and
    // level-filtered ridges (ADR-0018, issue #15); v5: remnant craters on saturated units (ADR-0004, issue #14); v4: Mars' chasmata, calderas and escarpment, Europa's ridges and chaos, Mercury's scarps (ADR-0018, issue #15); v3: terrain units, production and degradation, Pike/Garvin morphometry (ADR-0004, issue #14)
    // and the named places of ADR-0018 moved canonical output (v2: the air law of ADR-0003).
    expect(TERRAIN_ALGORITHM_VERSION).toBe(14);
    const p = parseLevelId(d.levelId);
    expect([p.version, p.body, p.seed, p.fieldHash, p.registryHash]).toEqual([
      14,
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
    expect(Object.isFrozen(TUNABLE_REGISTRY.scatter)).toBe(true);
    // The rock tables are in it (ADR-0007): Luna's default plain k and Mars' fresh ejecta k.
    expect(TUNABLE_REGISTRY.scatter.defaultBackground1).toBe(0.005);
    expect(TUNABLE_REGISTRY.scatter.marsFresh).toBe(0.3);
    expect(Object.keys(TUNABLE_REGISTRY)).toEqual([
      'field',
      'bands',
      'ladder',
      'crater',
      'places',
      'albedo',
      'landforms',
      'tail',
      'scatter',
      'cover',
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
    expect(compareLevelIds(a, reg.replace('/v14/', '/v13/')).differs).toEqual(['version', 'registry']);
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
