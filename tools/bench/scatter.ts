// `npm run bench -- scatter`: cost of resolving rocks by address (ADR-0007). Bundles
// packages/universe with esbuild first (as the app's bundler does), then per body resolves the
// rocks ≥ 0.25 m of whole regions (size classes 7 … 3, the first 97,908 slots) at spread-out places
// and reports ms per region, µs per slot, µs per rock and rocks per region. CPU milliseconds (the
// machine is shared), minimum over rounds; the last line is one JSON object
// {"bench":"scatter","msPerRegion":…,"usPerSlot":…,"usPerRock":…,…}.
import type * as Universe from '@landfall/universe';
import { cpuMs, loadUniverseBundle, type U } from './benchKit';

const ROUNDS = 3;
const REGIONS = 6;
const BODIES = ['luna', 'mercury', 'mars', 'europa', 'io', 'venus'];

const u: U = await loadUniverseBundle();

const time = (f: () => void): number => cpuMs(ROUNDS, f);

const SLOTS: [number, number] = [0, u.rockClassSlotRange(3)[1]];
const nSlots = SLOTS[1];
console.log(
  `scatter bench: ${REGIONS} regions × ${nSlots} slots (rocks ≥ 0.25 m) per body, CPU time, min of ${ROUNDS}`,
);
const bodies: Record<
  string,
  { msPerRegion: number; usPerSlot: number; usPerRock: number; rocksPerRegion: number }
> = {};
let sumMs = 0;
let sumRocks = 0;
for (const id of BODIES) {
  const body = u.getBody(id);
  const regions: Universe.Region[] = [];
  for (let k = 0; k < REGIONS; k++) {
    const d = u.faceToDirection(k % 6, -0.8 + 0.29 * k, 0.7 - 0.23 * k, { x: 0, y: 0, z: 0 });
    regions.push(u.regionOf(body, d));
  }
  let rocks = 0;
  for (const r of regions) rocks += u.regionScatter(body, r, SLOTS).length;
  const ms =
    time(() => {
      for (const r of regions) u.regionScatter(body, r, SLOTS);
    }) / REGIONS;
  sumMs += ms;
  sumRocks += rocks / REGIONS;
  const perRock = (ms * 1000 * REGIONS) / Math.max(1, rocks);
  bodies[id] = {
    msPerRegion: +ms.toFixed(3),
    usPerSlot: +((ms * 1000) / nSlots).toFixed(3),
    usPerRock: +perRock.toFixed(3),
    rocksPerRegion: Math.round(rocks / REGIONS),
  };
  console.log(
    `${id.padEnd(8)} ${ms.toFixed(2).padStart(7)} ms/region ${((ms * 1000) / nSlots).toFixed(3).padStart(6)} µs/slot ${perRock.toFixed(2).padStart(6)} µs/rock  ${Math.round(rocks / REGIONS)} rocks/region`,
  );
}
const mean = sumMs / BODIES.length;
console.log(
  JSON.stringify({
    bench: 'scatter',
    msPerRegion: +mean.toFixed(3),
    usPerSlot: +((mean * 1000) / nSlots).toFixed(3),
    usPerRock: +((mean * 1000) / Math.max(1, sumRocks / BODIES.length)).toFixed(3),
    bodies,
  }),
);
