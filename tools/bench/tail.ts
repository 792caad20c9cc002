// `npm run bench -- tail`: the drawn tail (ADR-0006) per body — what the tail adds to a 4,761-sample
// patch (drawnBatch minus elevationBatch, CPU ms, min of rounds) at a coarse (2), a middle (12) and
// the finest level (sample spacing ≤ 0.5 m), and two RMS slopes at a 1 m baseline of the drawn and
// of the canonical field over 4,000 random directions: the plain slope (h(+L/2) − h(−L/2))/L and the
// differential slope of Kreslavsky et al. 2013 (Icarus 226, 52–66), which subtracts the tilt
// inherited from larger scales: (h(+L/2) − h(−L/2))/L − (h(+L) − h(−L))/(2L). Bundled with esbuild
// first, like the app. The last line is one JSON object {"bench":"tail",…}.
import type * as Universe from '@landfall/universe';
import { cpuMs, loadUniverseBundle, type U } from './benchKit';

const N = 69;
const COUNT = N * N;
const ROUNDS = 3;
const SLOPE_SAMPLES = 4000;
const BODIES = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['luna', 'mercury', 'mars', 'europa', 'venus'];

const u: U = await loadUniverseBundle();

const patch = (face: number, level: number, i: number, j: number): Float64Array =>
  u.patchDirections(face, level, i, j, N, 2);

const time = (f: () => void): number => cpuMs(ROUNDS, f);

/** Plain and differential RMS slope (degrees) at a baseline L = 1 m of `h` over pseudo-random directions. */
function rmsSlopes(
  body: Universe.Body,
  h: (d: Universe.Vec3) => number,
): { plain: number; differential: number } {
  const L = 1;
  let plain2 = 0;
  let diff2 = 0;
  let seed = 12345;
  const rnd = (): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 4294967296;
  };
  const hs = [0, 0, 0, 0];
  const offsets = [-L, -L / 2, L / 2, L];
  for (let k = 0; k < SLOPE_SAMPLES; k++) {
    let x = 2 * rnd() - 1;
    let y = 2 * rnd() - 1;
    let z = 2 * rnd() - 1;
    const l = Math.hypot(x, y, z);
    x /= l;
    y /= l;
    z /= l;
    // Tangent (−y, x, 0)/|·|, stepped by arc offset s: d + t·s/R, renormalised.
    const tl = Math.hypot(y, x);
    for (let j = 0; j < 4; j++) {
      const e = offsets[j] / body.radius;
      const x2 = x - (y / tl) * e;
      const y2 = y + (x / tl) * e;
      const l2 = Math.hypot(x2, y2, z);
      hs[j] = h({ x: x2 / l2, y: y2 / l2, z: z / l2 });
    }
    const p = (hs[2] - hs[1]) / L;
    const dsl = p - (hs[3] - hs[0]) / (2 * L);
    plain2 += p * p;
    diff2 += dsl * dsl;
  }
  const deg = (s2: number): number => (Math.atan(Math.sqrt(s2 / SLOPE_SAMPLES)) * 180) / Math.PI;
  return { plain: deg(plain2), differential: deg(diff2) };
}

console.log(
  `tail bench: tail cost per ${COUNT}-sample patch (drawn − canonical batch), CPU ms, min of ${ROUNDS}`,
);
const h = new Float64Array(COUNT);
const g = new Float64Array(3 * COUNT);
const bodies: Record<string, Record<string, number>> = {};
for (const id of BODIES) {
  const body = u.getBody(id);
  const finest = Math.ceil(Math.log2((body.radius * Math.PI) / 2 / (N - 5) / 0.5));
  const tailMs: number[] = [];
  for (const level of [2, 12, finest]) {
    const side = 2 ** level;
    const dirs = patch(level % 6, level, Math.floor(side * 0.37), Math.floor(side * 0.61));
    u.drawnBatch(body, dirs, COUNT, h, g);
    const drawn = time(() => u.drawnBatch(body, dirs, COUNT, h, g));
    const canon = time(() => u.elevationBatch(body, dirs, COUNT, h, g));
    tailMs.push(Math.max(0, drawn - canon));
  }
  const drawnDeg = rmsSlopes(body, (d) => u.drawnElevationAt(body, d));
  const canonDeg = rmsSlopes(body, (d) => u.elevationAt(body, d));
  bodies[id] = {
    tailCoarseMs: +tailMs[0].toFixed(2),
    tailMiddleMs: +tailMs[1].toFixed(2),
    tailFinestMs: +tailMs[2].toFixed(2),
    rmsSlopeDrawnDeg: +drawnDeg.plain.toFixed(2),
    rmsSlopeCanonicalDeg: +canonDeg.plain.toFixed(2),
    diffSlopeDrawnDeg: +drawnDeg.differential.toFixed(3),
    diffSlopeCanonicalDeg: +canonDeg.differential.toFixed(3),
    divergenceM: +u.drawnDivergence(body).toFixed(4),
  };
  console.log(
    `${id.padEnd(8)} tail L2 ${tailMs[0].toFixed(2).padStart(6)} ms  L12 ${tailMs[1].toFixed(2).padStart(6)} ms  L${finest} ${tailMs[2].toFixed(2).padStart(6)} ms | RMS slope @1 m plain/differential: drawn ${drawnDeg.plain.toFixed(2)}°/${drawnDeg.differential.toFixed(3)}°  canonical ${canonDeg.plain.toFixed(2)}°/${canonDeg.differential.toFixed(3)}° | divergence ${u.drawnDivergence(body).toFixed(4)} m`,
  );
}
console.log(JSON.stringify({ bench: 'tail', bodies }));
