// `npm run bench -- scatter`: cost of resolving rocks by address (ADR-0007). Bundles
// packages/universe with esbuild first (as the app's bundler does), then per body resolves whole
// regions (1,024 slots each) at spread-out places and reports ms per region, µs per slot and rocks
// per region. CPU milliseconds (the machine is shared), minimum over rounds; the last line is one
// JSON object {"bench":"scatter","msPerRegion":…,"usPerSlot":…,…}.
import type * as Universe from '@landfall/universe';
import { cpuMs, loadUniverseBundle, type U } from './benchKit';

const ROUNDS = 3;
const REGIONS = 6;
const BODIES = ['luna', 'mercury', 'mars', 'europa', 'io', 'venus'];

const u: U = await loadUniverseBundle();

const time = (f: () => void): number => cpuMs(ROUNDS, f);

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
