// Where the v2 air law (ADR-0003) moved canonical output: for every body, the grammar under the v1
// law air = p/(p + 5 kPa) against the current one, and — where they differ — the canonical
// elevation at 100,000 hash-placed directions under both. Prints one line per body and a JSON line.
//   npx tsx tools/scripts/air-law-moves.ts
import { BODIES, elevationAtD, elevationSample, hash2, unitFromHash, type Body } from '@landfall/universe';

const N = 100_000;
const V1_AIR_HALF_PRESSURE_PA = 5000;
const a = elevationSample();
const b = elevationSample();
const d = { x: 0, y: 0, z: 0 };

/** The i-th direction of a fixed hash stream (rejection-sampled from the unit ball). */
function direction(i: number): void {
  for (let k = 0; ; k++) {
    const x = 2 * unitFromHash(hash2(0x41a7, 4 * (i * 64 + k))) - 1;
    const y = 2 * unitFromHash(hash2(0x41a7, 4 * (i * 64 + k) + 1)) - 1;
    const z = 2 * unitFromHash(hash2(0x41a7, 4 * (i * 64 + k) + 2)) - 1;
    const l2 = x * x + y * y + z * z;
    if (l2 > 1e-6 && l2 <= 1) {
      const l = Math.sqrt(l2);
      d.x = x / l;
      d.y = y / l;
      d.z = z / l;
      return;
    }
  }
}

const out: Record<string, { airV1: number; airV2: number; moved: number; maxDh: number }> = {};
for (const body of BODIES) {
  const p = body.surfacePressure;
  const g = body.grammar;
  const airV1 = p / (p + V1_AIR_HALF_PRESSURE_PA);
  const v1: Body = { ...body, grammar: { ...g, air: airV1, craterDensity: (1 - g.youth) * (1 - airV1) } };
  let moved = 0;
  let maxDh = 0;
  if (airV1 !== g.air) {
    for (let i = 0; i < N; i++) {
      direction(i);
      elevationAtD(body, d, a);
      elevationAtD(v1, d, b);
      if (!Object.is(a.h, b.h) || !Object.is(a.gx, b.gx)) {
        moved++;
        maxDh = Math.max(maxDh, Math.abs(a.h - b.h));
      }
    }
  }
  out[body.id] = { airV1, airV2: g.air, moved, maxDh: +maxDh.toFixed(3) };
  const t = (x: number): string => (x === 0 ? '0' : x.toPrecision(4));
  console.log(
    `${body.id.padEnd(10)} air v1 ${t(airV1)} → v2 ${t(g.air)}  ` +
      (airV1 === g.air
        ? 'grammar identical, canonical output identical'
        : `${moved}/${N} directions moved, max |Δh| ${maxDh.toFixed(1)} m`),
  );
}
console.log(JSON.stringify({ script: 'air-law-moves', directions: N, bodies: out }));
