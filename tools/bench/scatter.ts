// `npm run bench -- scatter`: cost of resolving rocks by address (ADR-0007). Bundles
// packages/universe with esbuild first (as the app's bundler does), then per body resolves whole
// regions (1,024 slots each) at spread-out places and reports ms per region, µs per slot and rocks
// per region. CPU milliseconds (the machine is shared), minimum over rounds; the last line is one
// JSON object {"bench":"scatter","msPerRegion":…,"usPerSlot":…,…}.
import { build } from 'esbuild';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Universe from '@landfall/universe';

type U = typeof Universe;
const ROUNDS = 3;
const REGIONS = 6;
const BODIES = ['luna', 'mercury', 'mars', 'europa', 'io', 'venus'];

const out = await build({
  entryPoints: [join(import.meta.dirname, '../../packages/universe/src/index.ts')],
  bundle: true,
  format: 'esm',
  write: false,
  logLevel: 'warning',
});
const file = join(mkdtempSync(join(tmpdir(), 'landfall-bench-')), 'universe.mjs');
writeFileSync(file, out.outputFiles[0].text);
const u = (await import(pathToFileURL(file).href)) as U;

const time = (f: () => void): number => {
  let best = Infinity;
  for (let r = 0; r < ROUNDS; r++) {
    const c = process.cpuUsage();
    f();
    const d = process.cpuUsage(c);
    best = Math.min(best, (d.user + d.system) / 1000);
  }
  return best;
};

console.log(
  `scatter bench: ${REGIONS} regions × ${u.REGION_SLOTS} slots per body, CPU time, min of ${ROUNDS}`,
);
const bodies: Record<string, { msPerRegion: number; usPerSlot: number; rocksPerRegion: number }> = {};
let sumMs = 0;
for (const id of BODIES) {
  const body = u.getBody(id);
  const regions: Universe.Region[] = [];
  for (let k = 0; k < REGIONS; k++) {
    const d = u.faceToDirection(k % 6, -0.8 + 0.29 * k, 0.7 - 0.23 * k, { x: 0, y: 0, z: 0 });
    regions.push(u.regionOf(body, d));
  }
  let rocks = 0;
  for (const r of regions) rocks += u.regionScatter(body, r).length;
  const ms =
    time(() => {
      for (const r of regions) u.regionScatter(body, r);
    }) / REGIONS;
  sumMs += ms;
  bodies[id] = {
    msPerRegion: +ms.toFixed(3),
    usPerSlot: +((ms * 1000) / u.REGION_SLOTS).toFixed(3),
    rocksPerRegion: Math.round(rocks / REGIONS),
  };
  console.log(
    `${id.padEnd(8)} ${ms.toFixed(2).padStart(7)} ms/region ${((ms * 1000) / u.REGION_SLOTS).toFixed(2).padStart(6)} µs/slot  ${Math.round(rocks / REGIONS)} rocks/region`,
  );
}
const mean = sumMs / BODIES.length;
console.log(
  JSON.stringify({
    bench: 'scatter',
    msPerRegion: +mean.toFixed(3),
    usPerSlot: +((mean * 1000) / u.REGION_SLOTS).toFixed(3),
    bodies,
  }),
);
