/**
 * The GPU patch producer (ADR-0020): whole `PatchPayload`s (ADR-0009) from the ported kernels, for
 * bodies whose drawn field they cover entirely — no landforms, no named places, no young unit
 * (w = 0: no band flooding with a lowland unit, no named maria) and an undated crater ladder
 * (Callisto, Iapetus, Miranda, Earth). Every other body is refused by name (`gpuPatchRefusal`).
 *
 * Per batch of same-body requests: the band stage, the crater ladder's old unit, the micro crater
 * band and the grit at the patch's G² vertices under its level filter, and again at the 33² even
 * vertices under twice the filter (the parent surface, streamer's parentSurface.ts; level 0 or an
 * unfiltered request has none); the compose kernel (composeKernel.ts) combines each set as
 * canonical.ts and drawn.ts do; the cover encode reads the patch's composed field (w = 0); the
 * assembler writes the payloads. Tolerance against `generateHeightfield`: the stages' own stated
 * tolerances, summed (the knee's slope is ≤ 1), plus the assembler's (tools/e2e/gpuPatchProducer.spec.ts).
 */
import { getBody, ladderPlan, patchDirections, placesOn, type Body } from '@landfall/universe';
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
import { GpuLadder, ladderBatch } from './GpuLadder';
import { GpuMicroCraters, microBatch } from './GpuMicroCraters';
import { computePipeline, runOnce, workgroups } from './compute';
import { COMPOSE_OUT_WORDS, COMPOSE_WGSL, COMPOSE_WORKGROUP_SIZE } from './composeKernel';
import { positionWords } from './domainSplit';

const G = PATCH_GRID;
const N = G * G;
const H = (G + 1) / 2;

/**
 * Why `body` cannot be produced on the GPU, or '' when it can. canonical.ts's terms the kernels do
 * not compute must be identically zero: named places (the mask m = 1, no post-knee term), the young
 * unit (band flooding into a lowland unit, named maria, a dated ladder unit), and the landforms —
 * universe does not export its per-body landform families, so the body's id must also be in the
 * list checked by hand (Europa and Mercury carry landforms today; the list keeps a new one out).
 */
export function gpuPatchRefusal(body: Body): string {
  if (!PORTED.has(body.id))
    return `${body.id} is not among the GPU-ported bodies (${[...PORTED].join(', ')})`;
  if (placesOn(body.id).length > 0) return `${body.id} has named places`;
  if (body.grammar.flooding !== 0 && body.grammar.lowlandUnit) return `${body.id} has a flooded lowland unit`;
  if (ladderPlan(body).dated) return `${body.id} has a dated young unit`;
  return '';
}

/**
 * Bodies checked (tools/e2e/gpuPatchProducer.spec.ts) to have no landforms, places or young unit:
 * Earth's continents and Miranda's ridges are band shaping (the band kernel's landform codes), not
 * landforms; Earth's air damps its grit and screens its small craters through the same plans.
 */
const PORTED: ReadonlySet<string> = new Set(['callisto', 'iapetus', 'miranda', 'earth']);

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
  const params = new Uint32Array([samplesPerPatch, total, u[0], u[1]]);
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

/** Cover's inputs for patch `i` of the composed field (the young unit's w and ∇w are 0). */
function composedCover(body: Body, filterM: number, field: Float32Array, i: number) {
  const h = new Float32Array(N);
  const grad = new Float32Array(3 * N);
  const ejecta = new Float32Array(N);
  const boulders = new Float32Array(N);
  for (let k = 0; k < N; k++) {
    const o = COMPOSE_OUT_WORDS * (i * N + k);
    h[k] = field[o];
    grad[3 * k] = field[o + 1];
    grad[3 * k + 1] = field[o + 2];
    grad[3 * k + 2] = field[o + 3];
    ejecta[k] = field[o + 4];
    boulders[k] = field[o + 5];
  }
  const zero = new Float32Array(N);
  return { body, filterM, h, grad, ejecta, boulders, w: zero, wGradient: zero };
}
