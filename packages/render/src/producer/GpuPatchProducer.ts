/**
 * The GPU patch producer (ADR-0020): whole `PatchPayload`s (ADR-0009) from the ported kernels, for
 * bodies whose drawn field they cover entirely — no landforms, no named places, and a young unit
 * only where band flooding makes a lowland unit (w = 1 − shore; its ladder uniform per rung, or per
 * feature on a dated unit). Every other body is refused by name (`gpuPatchRefusal`).
 *
 * Per batch of same-body requests: the band stage, the crater ladder's two units, the micro crater
 * band and the grit at the patch's G² vertices under its level filter, and again at the 33² even
 * vertices under twice the filter (the parent surface, streamer's parentSurface.ts; level 0 or an
 * unfiltered request has none); the compose kernel (composeKernel.ts) combines each set as
 * canonical.ts and drawn.ts do; the cover encode reads the patch's composed field; the assembler
 * writes the payloads. Tolerance against `generateHeightfield`: the stages' own stated tolerances
 * with the unit blend's (`blendedLadderTolerance`), summed (the knee's slope is ≤ 1), plus the
 * assembler's (tools/e2e/gpuPatchProducer.spec.ts).
 */
import {
  getBody,
  ladderBatchD,
  patchDirections,
  placesOn,
  plainWeightSampleAt,
  unitSample,
  type Body,
} from '@landfall/universe';
import {
  CancelledError,
  PATCH_GRID,
  type PatchPayload,
  type PatchProducer,
  type PatchRequest,
} from '@landfall/streamer';
import { GpuAssembler, type AssemblePatch } from './GpuAssembler';
import { bandsBatch, GpuBands } from './GpuBands';
import { coverInputBatch, GpuCover } from './GpuCover';
import { GpuGrit, gritBatch } from './GpuGrit';
import { BANDS_F32_GRADIENT_UNITS, BANDS_F32_VALUE_UNITS } from './GpuBands';
import { GpuLadder, ladderBatch, ladderTolerance } from './GpuLadder';
import { GpuMicroCraters, microBatch } from './GpuMicroCraters';
import { computePipeline, runOnce, workgroups } from './compute';
import { COMPOSE_OUT_WORDS, COMPOSE_WGSL, COMPOSE_WORKGROUP_SIZE } from './composeKernel';
import { positionWords } from './domainSplit';

const G = PATCH_GRID;
const N = G * G;
const H = (G + 1) / 2;

/**
 * Why `body` cannot be produced on the GPU, or '' when it can. canonical.ts's terms the kernels do
 * not compute must be identically zero: named places (the mask m = 1, no post-knee term, no named
 * maria in the unit) and the landforms — universe does not export its per-body landform families, so the body's id must also be in the list checked by
 * hand (Europa and Mercury carry landforms today; the list keeps a new one out).
 */
export function gpuPatchRefusal(body: Body): string {
  if (placesOn(body.id).length > 0) return `${body.id} has named places`;
  if (!PORTED.has(body.id)) return `${body.id} is not among the ${PORTED.size} GPU-ported bodies`;
  return '';
}

/**
 * Bodies checked (tools/e2e/gpuPatchProducer.spec.ts) to have no landforms or places:
 * Earth's continents, Venus's tesserae, Io's volcanic and the icy moons' ridged shaping are band
 * terms, not landforms; Earth's, Venus's and Titan's air damps their grit and screens their small
 * craters through the same plans.
 */
const PORTED: ReadonlySet<string> = new Set([
  'callisto',
  'iapetus',
  'miranda',
  'earth',
  'venus',
  'io',
  'titan',
  'enceladus',
  'triton',
  'pluto',
]);

/** Whether `body`'s ladder is blended into a young unit by its band flooding (units.ts `plainWeightD`). */
function hasUnitBlend(body: Body): boolean {
  return body.grammar.flooding !== 0 && body.grammar.lowlandUnit;
}

const unitAt = unitSample();

/**
 * The crater ladder's stated tolerance after the young-unit blend (compose kernel), per sample of
 * `patch`: h (m) and each gradient component (m per unit of direction). Without a flooded lowland
 * unit it is `ladderTolerance`'s (H, G). With one, l = (1 − w)·L_old + w·L_young is a convex blend
 * of two sums each within H (the young weights are ≤ 1), plus what the weight's own float32 error
 * moves, |Δw| ≤ BANDS_F32_VALUE_UNITS and |Δ∇w| ≤ BANDS_F32_GRADIENT_UNITS (the band stage's shore
 * bounds), and the blend's rounding:
 *   h: H + |Δw|·S + 2⁻²²·(|L_old| + |L_young|),  S = |L_young − L_old| + 2H
 *   ∇: G + |Δw|·(max |∂L_young − ∂L_old| + 2G) + 2H·|∇w| + S·|Δ∇w|
 * with L, ∇L and ∇w universe's own float64 values at the sample (`ladderBatchD` with the young sums
 * everywhere, `plainWeightSampleAt`): magnitudes of the true signal, not the GPU's.
 */
export function blendedLadderTolerance(patch: { body: Body; dirs: Float64Array; filterM: number }): {
  h: Float64Array;
  gradient: Float64Array;
} {
  const t = ladderTolerance(patch);
  const { body, dirs, filterM } = patch;
  if (!hasUnitBlend(body)) return { h: t.h, gradient: t.gradient };
  const n = dirs.length / 3;
  const lh = new Float64Array(n);
  const lg = new Float64Array(3 * n);
  const ly = new Float64Array(n);
  const lgy = new Float64Array(3 * n);
  ladderBatchD(body, dirs, n, lh, lg, ly, lgy, new Float64Array(n), new Uint8Array(n).fill(1), true, filterM);
  const h = new Float64Array(n);
  const gradient = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const u = plainWeightSampleAt(body, { x: dirs[3 * i], y: dirs[3 * i + 1], z: dirs[3 * i + 2] }, unitAt);
    const H = t.h[i];
    const Gm = t.gradient[i];
    const S = Math.abs(ly[i] - lh[i]) + 2 * H;
    let dG = 0;
    for (let q = 0; q < 3; q++) dG = Math.max(dG, Math.abs(lgy[3 * i + q] - lg[3 * i + q]));
    h[i] = H + BANDS_F32_VALUE_UNITS * S + 2 ** -22 * (Math.abs(lh[i]) + Math.abs(ly[i]));
    gradient[i] =
      Gm +
      BANDS_F32_VALUE_UNITS * (dG + 2 * Gm) +
      2 * H * Math.hypot(u.wx, u.wy, u.wz) +
      BANDS_F32_GRADIENT_UNITS * S;
  }
  return { h, gradient };
}

/** One stage set's inputs: patches of one sample count under one filter each. */
interface StageSet {
  patches: { body: Body; dirs: Float64Array; filterM: number }[];
  samplesPerPatch: number;
}

/** The composed field (COMPOSE_OUT_WORDS per sample) of `set`. */
async function drawnField(
  device: GPUDevice,
  k: {
    bands: GpuBands;
    ladder: GpuLadder;
    micro: GpuMicroCraters;
    grit: GpuGrit;
    compose: GPUComputePipeline;
  },
  set: StageSet,
): Promise<Float32Array> {
  const { patches, samplesPerPatch } = set;
  const [bands, ladder, micro, grit] = await Promise.all([
    k.bands.run(bandsBatch(patches, samplesPerPatch)),
    k.ladder.run(ladderBatch(patches, samplesPerPatch)),
    k.micro.run(microBatch(patches, samplesPerPatch)),
    k.grit.run(gritBatch(patches, samplesPerPatch)),
  ]);
  const body = patches[0].body;
  const total = samplesPerPatch * patches.length;
  const f = new Float32Array([body.radius, body.grammar.maxReliefM]);
  const u = new Uint32Array(f.buffer);
  const params = new Uint32Array([samplesPerPatch, total, u[0], u[1], hasUnitBlend(body) ? 1 : 0, 0, 0, 0]);
  return runOnce(
    device,
    k.compose,
    'landfall compose',
    params,
    [bands, ladder, micro, grit, positionWords(patches, samplesPerPatch)],
    4 * COMPOSE_OUT_WORDS * total,
    workgroups(device, total, COMPOSE_WORKGROUP_SIZE, 'GpuPatchProducer'),
  );
}

/** The composed field's (h, ∇h) as the assembler's vec4 per sample. */
function fieldVec4(composed: Float32Array, count: number): Float32Array {
  const out = new Float32Array(4 * count);
  for (let k = 0; k < count; k++)
    out.set(composed.subarray(COMPOSE_OUT_WORDS * k, COMPOSE_OUT_WORDS * k + 4), 4 * k);
  return out;
}

/** Patches one GPU batch holds at most: the producer's slots, so a streamer's refill is one batch. */
export const GPU_BATCH_PATCHES = 16;

/** A request waiting for its batch. */
interface Waiting {
  req: PatchRequest;
  signal?: AbortSignal;
  resolve(p: PatchPayload): void;
  reject(err: unknown): void;
}

/**
 * The GPU producer of ADR-0020 for the ported bodies: `PatchProducer`'s shape, kind 'gpu'. Requests
 * made in one task are batched (GPU_BATCH_PATCHES, one body a batch) and one batch runs at a time;
 * a request aborted before or while its batch runs rejects with `CancelledError`.
 */
export class GpuPatchProducer {
  readonly kind = 'gpu' as const;
  /** Jobs the streamer keeps with it at once: one batch. */
  readonly slots = GPU_BATCH_PATCHES;
  /** Payloads made, batches run (for the HUD and the producer bench). */
  produced = 0;
  batches = 0;
  /** The first error a batch threw (not a cancellation): the app falls back to the workers on it. */
  failure: Error | null = null;
  private readonly bands: GpuBands;
  private readonly ladder: GpuLadder;
  private readonly micro: GpuMicroCraters;
  private readonly grit: GpuGrit;
  private readonly assembler: GpuAssembler;
  private readonly compose: GPUComputePipeline;
  private readonly covers = new Map<string, GpuCover>();
  private queue: Waiting[] = [];
  private running = false;
  private scheduled = false;
  private disposed = false;

  constructor(private readonly device: GPUDevice) {
    this.bands = new GpuBands(device);
    this.ladder = new GpuLadder(device);
    this.micro = new GpuMicroCraters(device);
    this.grit = new GpuGrit(device);
    this.assembler = new GpuAssembler(device);
    this.compose = computePipeline(device, 'landfall compose', COMPOSE_WGSL);
  }

  /**
   * The payload of one request (`PatchProducer.generate`), made in a batch with the requests of the
   * same task. A body the producer refuses, or a bad filter, rejects at once with a RangeError.
   */
  generate(req: PatchRequest, options: { signal?: AbortSignal } = {}): Promise<PatchPayload> {
    if (this.disposed) return Promise.reject(new Error('GpuPatchProducer: generate after dispose'));
    if (options.signal?.aborted) return Promise.reject(new CancelledError('aborted before it ran'));
    try {
      checkRequest(req);
    } catch (err) {
      return Promise.reject(err);
    }
    return new Promise<PatchPayload>((resolve, reject) => {
      this.queue.push({ req, signal: options.signal, resolve, reject });
      this.schedule();
    });
  }

  /**
   * This producer as one streamer's `PatchProducer`: the streamer's dispose leaves the producer (its
   * pipelines, compiled once) to its owner, who disposes it last.
   */
  forStreamer(): PatchProducer {
    return {
      kind: this.kind,
      slots: this.slots,
      generate: (req, options) => this.generate(req, options),
      dispose: () => {},
    };
  }

  private schedule(): void {
    if (this.running || this.scheduled || this.queue.length === 0 || this.disposed) return;
    this.scheduled = true;
    setTimeout(() => {
      this.scheduled = false;
      void this.runBatch();
    }, 0);
  }

  /** Runs the oldest live requests of one body as one batch; the rest wait for the next. */
  private async runBatch(): Promise<void> {
    const live: Waiting[] = [];
    for (const w of this.queue) {
      if (w.signal?.aborted) w.reject(new CancelledError('aborted before its batch'));
      else live.push(w);
    }
    if (live.length === 0) {
      this.queue = [];
      return;
    }
    const body = live[0].req.body;
    const batch: Waiting[] = [];
    this.queue = [];
    for (const w of live) {
      if (w.req.body === body && batch.length < GPU_BATCH_PATCHES) batch.push(w);
      else this.queue.push(w);
    }
    this.running = true;
    try {
      const payloads = await this.generateBatch(batch.map((w) => w.req));
      this.produced += payloads.length;
      this.batches++;
      batch.forEach((w, i) =>
        w.signal?.aborted
          ? w.reject(new CancelledError('aborted while its batch ran'))
          : w.resolve(payloads[i]),
      );
    } catch (err) {
      if (!this.disposed) this.failure ??= err instanceof Error ? err : new Error(String(err));
      for (const w of batch) w.reject(this.disposed ? new CancelledError('producer disposed') : err);
    } finally {
      this.running = false;
      this.schedule();
    }
  }

  /**
   * The payloads of `requests` (one body), in order, from one dispatch per stage. `debug`, when
   * given, gets the composed field (COMPOSE_OUT_WORDS per vertex, all patches in order).
   */
  async generateBatch(
    requests: readonly PatchRequest[],
    debug: { field?: Float32Array } | null = null,
  ): Promise<PatchPayload[]> {
    if (this.disposed) throw new Error('GpuPatchProducer: generate after dispose');
    if (requests.length === 0) return [];
    const body = checkRequest(requests[0]);
    for (const r of requests) {
      checkRequest(r);
      if (r.body !== body.id)
        throw new RangeError(`GpuPatchProducer: a batch is one body (${body.id}, not ${r.body})`);
    }
    const kernels = {
      bands: this.bands,
      ladder: this.ladder,
      micro: this.micro,
      grit: this.grit,
      compose: this.compose,
    };
    const patches: AssemblePatch[] = [];
    const own: StageSet = { patches: [], samplesPerPatch: N };
    const parents: StageSet = { patches: [], samplesPerPatch: H * H };
    const parentOf: number[] = [];
    for (const r of requests) {
      const filterM = r.filterM ?? 0;
      const dirs = patchDirections(r.face, r.level, r.x, r.y, G, 0, new Float64Array(3 * N));
      const filtered = r.level > 0 && filterM > 0;
      patches.push({ body, face: r.face, level: r.level, x: r.x, y: r.y, dirs, filtered });
      own.patches.push({ body, dirs, filterM });
      parentOf.push(filtered ? parents.patches.length : -1);
      if (filtered) parents.patches.push({ body, dirs: evenDirections(dirs), filterM: 2 * filterM });
    }
    const [field, parentField] = await Promise.all([
      drawnField(this.device, kernels, own),
      parents.patches.length > 0
        ? drawnField(this.device, kernels, parents)
        : Promise.resolve(new Float32Array(0)),
    ]);
    if (debug) debug.field = field;
    const cover = await this.coverFor(body).run(
      coverInputBatch(
        own.patches.map((p, i) => composedCover(body, p.filterM, field, i)),
        N,
      ),
    );
    const parentVec4 = new Float32Array(4 * H * H * requests.length);
    parentOf.forEach((j, i) => {
      if (j < 0) return;
      parentVec4.set(
        fieldVec4(
          parentField.subarray(COMPOSE_OUT_WORDS * H * H * j, COMPOSE_OUT_WORDS * H * H * (j + 1)),
          H * H,
        ),
        4 * H * H * i,
      );
    });
    return this.assembler.run({
      patches,
      samples: positionWords(patches, N),
      field: fieldVec4(field, N * requests.length),
      parentField: parentVec4,
      cover,
    });
  }

  /** Later calls throw; waiting requests reject with `CancelledError`. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const w of this.queue.splice(0)) w.reject(new CancelledError('producer disposed'));
    this.bands.dispose();
    this.ladder.dispose();
    this.micro.dispose();
    this.grit.dispose();
    this.assembler.dispose();
    for (const c of this.covers.values()) c.dispose();
    this.covers.clear();
  }

  private coverFor(body: Body): GpuCover {
    let c = this.covers.get(body.id);
    if (!c) {
      c = new GpuCover(this.device, body);
      this.covers.set(body.id, c);
    }
    return c;
  }
}

/** `req`'s body, or a RangeError naming why the producer cannot make it. */
function checkRequest(req: PatchRequest): Body {
  const body = getBody(req.body);
  const why = gpuPatchRefusal(body);
  if (why) throw new RangeError(`GpuPatchProducer: ${why}`);
  const filterM = req.filterM ?? 0;
  if (!(filterM >= 0) || !Number.isFinite(filterM))
    throw new RangeError(`GpuPatchProducer: filterM ${filterM} is not a finite number ≥ 0`);
  return body;
}

/** The even/even vertices' directions (H × H) of a patch's G × G. */
function evenDirections(dirs: Float64Array): Float64Array {
  const even = new Float64Array(3 * H * H);
  for (let j = 0; j < H; j++)
    for (let i = 0; i < H; i++)
      for (let q = 0; q < 3; q++) even[3 * (j * H + i) + q] = dirs[3 * (2 * j * G + 2 * i) + q];
  return even;
}

/**
 * Cover's inputs for patch `i` of the composed field, with the young unit's w and |∇w| (0 on a body
 * without a flooded lowland unit; the cover reads them for a dated unit's tone contact).
 */
function composedCover(body: Body, filterM: number, field: Float32Array, i: number) {
  const h = new Float32Array(N);
  const grad = new Float32Array(3 * N);
  const ejecta = new Float32Array(N);
  const boulders = new Float32Array(N);
  const w = new Float32Array(N);
  const wGradient = new Float32Array(N);
  for (let k = 0; k < N; k++) {
    const o = COMPOSE_OUT_WORDS * (i * N + k);
    h[k] = field[o];
    grad[3 * k] = field[o + 1];
    grad[3 * k + 1] = field[o + 2];
    grad[3 * k + 2] = field[o + 3];
    ejecta[k] = field[o + 4];
    boulders[k] = field[o + 5];
    w[k] = field[o + 6];
    wGradient[k] = field[o + 7];
  }
  return { body, filterM, h, grad, ejecta, boulders, w, wGradient };
}
