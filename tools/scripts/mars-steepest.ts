/**
 * Steepest Mars slope (rise over run) over N hashed directions, canonical and drawn field, with
 * the 99th percentile: `npx tsx tools/scripts/mars-steepest.ts [N]` (ADR-0004, Mars walls).
 */
import {
  drawnElevationAtD,
  elevationAtD,
  elevationSample,
  getBody,
  hash2,
  unitFromHash,
} from '@landfall/universe';

const n = Number(process.argv[2] ?? 40000);
const body = getBody('mars');
const out = elevationSample();
const canon: number[] = [];
const drawn: number[] = [];
for (let i = 0; i < n; i++) {
  // Clusters of 16 directions 20 m apart around hashed centres, so small walls are sampled too.
  const c = i >> 4;
  const z = 2 * unitFromHash(hash2(c, 1)) - 1;
  const a = 2 * Math.PI * unitFromHash(hash2(c, 2));
  const s = Math.sqrt(1 - z * z);
  const off = ((i & 15) * 20) / body.radius;
  const dir = { x: s * Math.cos(a) + off, y: s * Math.sin(a), z };
  const l = Math.hypot(dir.x, dir.y, dir.z);
  dir.x /= l;
  dir.y /= l;
  dir.z /= l;
  for (const [f, arr] of [
    [elevationAtD, canon],
    [drawnElevationAtD, drawn],
  ] as const) {
    f(body, dir, out);
    arr.push(Math.hypot(out.gx, out.gy, out.gz) / (body.radius + out.h));
  }
}
const deg = (t: number): string => `${t.toFixed(3)} (${((Math.atan(t) * 180) / Math.PI).toFixed(1)}°)`;
for (const [name, arr] of [
  ['canonical', canon],
  ['drawn', drawn],
] as const) {
  arr.sort((p, q) => p - q);
  console.log(
    `${name}: max ${deg(arr[arr.length - 1])}  p99 ${deg(arr[Math.floor(0.99 * arr.length)])}  p999 ${deg(arr[Math.floor(0.999 * arr.length)])}`,
  );
}
