import { describe, expect, it } from 'vitest';
import { BODIES, getBody } from '../body/getBody';
import type { Body } from '../body/Body';
import { compareLevelIds, LevelIdError, parseLevelId } from './levelId';
import { registryHash, TUNABLE_REGISTRY } from './registryHash';
import { digestProbes, TERRAIN_ALGORITHM_VERSION, worldDigest } from './worldDigest';

const LEVEL_IDS: Record<string, string> = {
  luna: 'landfall/v12/luna/898c615e/91f136f5/3f8af6f0',
  mercury: 'landfall/v12/mercury/9348e433/585ce963/87fa3066',
  mars: 'landfall/v12/mars/b664c2a1/5d5dccc8/05844b78',
  venus: 'landfall/v12/venus/4a75f92b/228807dc/7e26d024',
  earth: 'landfall/v12/earth/46313ac9/3a3f586e/b7c3797a',
  phobos: 'landfall/v12/phobos/7ecfdc50/b7313946/48bb0e65',
  ceres: 'landfall/v12/ceres/119088a7/f868ca6b/6a4fd1f2',
  vesta: 'landfall/v12/vesta/230c0aba/616bb07a/a1924f8c',
  io: 'landfall/v12/io/b25a4ec5/70678184/e3188119',
  europa: 'landfall/v12/europa/34bba119/dd225d4b/f7ca91ae',
  ganymede: 'landfall/v12/ganymede/98a4815e/47cceeed/3914dfcc',
  callisto: 'landfall/v12/callisto/34cdfea6/20e2574a/7fe4e02d',
  titan: 'landfall/v12/titan/2bc85597/a53bc8ab/8ecd2e05',
  enceladus: 'landfall/v12/enceladus/2bec92fc/4bd17dfa/cf899e66',
  miranda: 'landfall/v12/miranda/6d39aa52/9039083b/066706b3',
  iapetus: 'landfall/v12/iapetus/f05a8334/32a616b6/af7f83c5',
  pluto: 'landfall/v12/pluto/a95c287c/5950232a/f51f62ff',
  triton: 'landfall/v12/triton/4ebffa12/c95c7b4d/35d9133d',
};

describe('world digest', () => {
  it('level ids have the documented form and round-trip through the parser', () => {
    const d = worldDigest(getBody('luna'));
    expect(d.levelId).toMatch(/^landfall\/v12\/luna\/[0-9a-f]{8}\/[0-9a-f]{8}\/[0-9a-f]{8}$/);
    // v12: large plates among Europa's chaos rafts (ADR-0018, issue #15); v11: Europa's chaos rafts are turned polygonal plates (ADR-0018, issue #15); v10: Europa's chaos irregular and elongated, more lineae (ADR-0018, issue #15); v9: scalloped rims of complex craters (ADR-0004, issue #14); v8: terraces that move and pinch out round the wall (ADR-0004, issue #14); v7: Europa's knobs and pits only as lenticulae ≥ 4 km (ADR-0004, issue #15); v6: Valles Marineris as polylines with level-filtered walls, Europa's irregular ridge sets and
    // level-filtered ridges (ADR-0018, issue #15); v5: remnant craters on saturated units (ADR-0004, issue #14); v4: Mars' chasmata, calderas and escarpment, Europa's ridges and chaos, Mercury's scarps (ADR-0018, issue #15); v3: terrain units, production and degradation, Pike/Garvin morphometry (ADR-0004, issue #14)
    // and the named places of ADR-0018 moved canonical output (v2: the air law of ADR-0003).
    expect(TERRAIN_ALGORITHM_VERSION).toBe(12);
    const p = parseLevelId(d.levelId);
    expect([p.version, p.body, p.seed, p.fieldHash, p.registryHash]).toEqual([
      12,
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
    expect(compareLevelIds(a, reg.replace('/v12/', '/v11/')).differs).toEqual(['version', 'registry']);
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
