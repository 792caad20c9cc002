// Regenerates the canonical field's golden vectors (packages/universe/src/field/fixtures/golden.json).
// Run only in a commit that bumps TERRAIN_ALGORITHM_VERSION and says why (HOUSE_STYLE §8):
//   npx tsx tools/scripts/field-golden.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { BODIES, elevationAtD, elevationSample, TERRAIN_ALGORITHM_VERSION } from '@landfall/universe';
import { farProbes, nearProbes } from '../../packages/universe/src/testing/probes';

const rows: number[][] = [];
const o = elevationSample();
for (const body of BODIES) {
  const dirs = [
    ...farProbes(body.seed ^ 0x2545f491, 12),
    ...nearProbes(body.seed ^ 0x68e31da4, 4, body.radius, 30),
  ];
  for (const d of dirs) {
    elevationAtD(body, d, o);
    const row = [d.x, d.y, d.z, o.h, o.gx, o.gy, o.gz];
    if (row.some((v) => Object.is(v, -0) || !Number.isFinite(v)))
      throw new Error(`unrepresentable value at ${body.id}`);
    rows.push(row);
  }
}
const ids = BODIES.flatMap((b) => Array.from({ length: 16 }, () => b.id));
const dir = 'packages/universe/src/field/fixtures';
mkdirSync(dir, { recursive: true });
writeFileSync(
  `${dir}/golden.json`,
  JSON.stringify({ version: TERRAIN_ALGORITHM_VERSION, columns: 'x y z h gx gy gz', ids, rows }) + '\n',
);
console.log(`wrote ${rows.length} golden vectors`);
