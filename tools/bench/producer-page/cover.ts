// The GPU producer's cover encode in a Chromium page (ADR-0020), used by tools/e2e/gpuCover.spec.ts
// (window.__coverPage): GpuCover against universe's coverBatch on the same patches, the GPU fed the
// CPU's own stage inputs (drawn h and gradient, fresh-ejecta and boulder signals, the young unit's
// w and |∇w|, Mars's albedo) in float32, so the encode alone is compared. Every byte must be equal except where the
// CPU's continuous quantity behind a differing nibble lies within COVER_F32_BAND of its step.
import {
  ALBEDO_TONE_GRID,
  albedoAt,
  coverBatch,
  coverEncodePlan,
  drawnBatch,
  freshEjectaBatch,
  getBody,
  patchDirections,
  plainWeightSampleAt,
  rockAbundance,
  slopeTangent,
  terrainUnit,
  unitSample,
} from '@landfall/universe';
import { PATCH_GRID, levelFilterM } from '@landfall/streamer';
import { COVER_F32_BAND, coverInputBatch, GpuCover, type CoverPatch } from '@landfall/render';
import type { ProducerCase } from '../../e2e/producerCases';
import { pageDevice } from './pageDevice';

const N = PATCH_GRID * PATCH_GRID;

export interface CoverCompare {
  samples: number;
  /** Samples whose two bytes differ, and of them those not explained by a near-step quantity. */
  differing: number;
  unexplained: number;
  firstUnexplained: string;
  /** Spread of what the CPU encoded: distinct slope classes, largest ejecta, rock and tone nibbles. */
  slopeClasses: number;
  maxEjecta: number;
  maxRock: number;
  maxTone: number;
  gpuMs: number;
  cpuMs: number;
}

export interface CoverPage {
  coverCompare(cases: ProducerCase[]): Promise<CoverCompare>;
  /** The error coverInputBatch gives for a body it refuses ('' if it accepts it). */
  refusal(body: string): string;
}

declare global {
  interface Window {
    __coverPage?: CoverPage;
  }
}

/** |q − step| within the band of the step (a step of 0 is not a boundary any nibble crosses), plus `grid`. */
function nearStep(q: number, step: number, grid = 0): boolean {
  return Math.abs(q - step) <= grid + COVER_F32_BAND * Math.max(Math.abs(step), 1e-30);
}

/** cover.ts unitContact, restated from its ADR-0007 formula (not the code under test). */
function contact(w: number, gw: number, half: number): number {
  if (w <= 0 || w >= 1 || !(gw > 0)) return w;
  const t = Math.min(1, Math.max(0, ((w - 0.5) / gw + half) / (2 * half)));
  return t * t * (3 - 2 * t);
}

async function coverCompare(cases: ProducerCase[]): Promise<CoverCompare> {
  const { device } = await pageDevice();
  const patches: (CoverPatch & { dirs: Float64Array; cpu: Uint8Array })[] = [];
  let cpuMs = 0;
  for (const c of cases) {
    const body = getBody(c.body);
    const filterM = levelFilterM(body.radius, c.level);
    const dirs = patchDirections(c.face, c.level, c.x, c.y, PATCH_GRID, 0, new Float64Array(3 * N));
    const h = new Float64Array(N);
    const grad = new Float64Array(3 * N);
    drawnBatch(body, dirs, N, h, grad, filterM);
    const ejecta = new Float64Array(N);
    const boulders = new Float64Array(N);
    freshEjectaBatch(body, dirs, N, ejecta, filterM, boulders);
    const w = new Float64Array(N);
    const wGradient = new Float64Array(N);
    const albedo = new Float64Array(N);
    const u = unitSample();
    for (let k = 0; k < N; k++) {
      plainWeightSampleAt(body, { x: dirs[3 * k], y: dirs[3 * k + 1], z: dirs[3 * k + 2] }, u);
      w[k] = u.w;
      wGradient[k] = Math.hypot(u.wx, u.wy, u.wz);
      albedo[k] = albedoAt(body, dirs[3 * k], dirs[3 * k + 1], dirs[3 * k + 2], filterM) ?? 0;
    }
    const cpu = new Uint8Array(2 * N);
    const t = performance.now();
    coverBatch(body, dirs, N, h, grad, cpu, filterM);
    cpuMs += performance.now() - t;
    patches.push({ body, filterM, h, grad, ejecta, boulders, w, wGradient, albedo, dirs, cpu });
  }
  const gpu = new GpuCover(device, patches[0].body);
  const t = performance.now();
  const out = await gpu.run(coverInputBatch(patches, N));
  const gpuMs = performance.now() - t;
  gpu.dispose();
  device.destroy();
  const r: CoverCompare = {
    samples: out.length,
    differing: 0,
    unexplained: 0,
    firstUnexplained: '',
    slopeClasses: 0,
    maxEjecta: 0,
    maxRock: 0,
    maxTone: 0,
    gpuMs,
    cpuMs,
  };
  const classes = new Set<number>();
  patches.forEach((p, i) => {
    const plan = coverEncodePlan(p.body, p.filterM);
    for (let k = 0; k < N; k++) {
      const b0 = p.cpu[2 * k];
      const b1 = p.cpu[2 * k + 1];
      classes.add(b0 >> 4);
      r.maxEjecta = Math.max(r.maxEjecta, b0 & 15);
      r.maxRock = Math.max(r.maxRock, b1 & 15);
      r.maxTone = Math.max(r.maxTone, b1 >> 4);
      const g = out[i * N + k];
      const g0 = g & 0xff;
      const g1 = (g >> 8) & 0xff;
      if (g0 === b0 && g1 === b1) continue;
      r.differing++;
      const [x, y, z] = [p.dirs[3 * k], p.dirs[3 * k + 1], p.dirs[3 * k + 2]];
      const h = p.h[k];
      // The terrain unit's own decision near its threshold explains anything that follows from it.
      if (plan.unitMode === 'namedMaria' && nearStep(p.w[k], 0.5)) continue;
      if (plan.unitMode === 'lowland' && nearStep(h, plan.plainBelowM)) continue;
      const tan = slopeTangent(p.body, h, p.grad[3 * k], p.grad[3 * k + 1], p.grad[3 * k + 2]);
      const unit = terrainUnit(p.body, h, x, y, z);
      const kRock = rockAbundance(p.body, unit, p.boulders[k], tan);
      const tone = contact(p.w[k], p.wGradient[k], plan.contactHalfRad);
      const ownTone = plan.unitAltTone[unit];
      const nibbles: [string, number, number, number][] = [
        ['slope class', b0 >> 4, g0 >> 4, tan],
        ['ejecta', b0 & 15, g0 & 15, 16 * p.ejecta[k]],
        [
          'tone',
          b1 >> 4,
          g1 >> 4,
          plan.albedo
            ? (15 * (plan.albedo.bright - (p.albedo as Float64Array)[k])) /
                (plan.albedo.bright - plan.albedo.dark) +
              0.5
            : plan.altToneLevels * Math.max(plan.toneContact ? tone : 0, ownTone) + 0.5,
        ],
        ['rock', b1 & 15, g1 & 15, (15 * kRock) / plan.rockCoverFullK + 0.5],
      ];
      for (const [what, want, got, q] of nibbles) {
        if (want === got) continue;
        const hi = Math.max(want, got);
        // Slope classes step at tan(3°·c) (the CPU's table); the others at whole numbers.
        const step = what === 'slope class' ? plan.slopeTan[hi - 1] : hi;
        if (Math.abs(want - got) === 1 && nearStep(q, step)) continue;
        // The albedo tone's quantity is rounded to ALBEDO_TONE_GRID first: a step moves by half of it.
        if (
          what === 'tone' &&
          plan.albedo &&
          Math.abs(want - got) === 1 &&
          nearStep(q, step, ALBEDO_TONE_GRID / 2)
        )
          continue;
        r.unexplained++;
        if (!r.firstUnexplained)
          r.firstUnexplained = `${p.body.id} patch ${i} sample ${k}: ${what} ${got} (GPU) vs ${want} (CPU), quantity ${q}`;
      }
    }
  });
  r.slopeClasses = classes.size;
  return r;
}

function refusal(body: string): string {
  try {
    const b = getBody(body);
    const z = new Float64Array(3 * N);
    coverInputBatch(
      [{ body: b, filterM: 0, h: z, grad: z, ejecta: z, boulders: z, w: z, wGradient: z, albedo: z }],
      N,
    );
    return '';
  } catch (e) {
    return String(e);
  }
}

window.__coverPage = { coverCompare, refusal };
