/**
 * The observatory: stands an eye at (lat, lon, h above the drawn ground) on a body and looks
 * around with a `PlanetView`. Owns the streamer and the view for one body at a time; switching
 * bodies disposes both. Walking keeps the eye at its height above the drawn ground.
 */
import { Quaternion } from 'three/webgpu';
import { drawnSurfaceRadius, getBody, type Body } from '@landfall/universe';
import {
  createStreamer,
  inProcessWorkerFactory,
  IndexedDbPatchStore,
  SSE_TARGET_PIXELS,
  type PatchProducer,
  type Streamer,
} from '@landfall/streamer';
import {
  chooseProducer,
  GpuPatchProducer,
  MeshSeater,
  PlanetView,
  horizonFrame,
  horizonFrameScratch,
  lookQuaternion,
  pooledScatterSource,
  rendererGpu,
  type LandfallRenderer,
} from '@landfall/render';
import type { ViewParams } from './params';

const DEG = Math.PI / 180;

/** The patch store opened before the renderer started (`openPatchStoreEarly`), for the first body. */
let earlyStore: Promise<IndexedDbPatchStore> | null = null;

/**
 * Starts opening the persistent patch store now, while the renderer starts, so the first body's
 * streamer finds it open (ADR-0019: the open and its index read took ~0.4–1 s after the first
 * frame's shader compilation). A failure is the streamer's to report, as for a store opened late.
 */
export function openPatchStoreEarly(): void {
  if (earlyStore || typeof indexedDB === 'undefined') return;
  earlyStore = IndexedDbPatchStore.open();
  earlyStore.catch(() => {}); // handled where the streamer takes it; not an unhandled rejection meanwhile
}

export class Observatory {
  body!: Body;
  view!: PlanetView;
  streamer!: Streamer;
  readonly eye = new Float64Array(3);
  readonly orientation = new Quaternion();
  readonly seater = new MeshSeater();
  private readonly hf = horizonFrameScratch();
  /**
   * ms from `setBody` to the view's fixed point, the loop's frames until then (drawn or, unchanged,
   * not), and the persistent cache's read transactions until then (ADR-0019).
   */
  fixedPointMs: number | null = null;
  fixedPointFrames = 0;
  fixedPointReads = 0;
  /** Patches generated when the fixed point was reached (the producer benches' rate: tools/gpu-check/producer.sh). */
  fixedPointGenerated = 0;
  /** The HUD's producer line: what makes this body's patches and, where not what was asked, why. */
  producerNote = '';
  /** The GPU producer (its pipelines compiled once), made when a body first takes it. */
  private gpuProducer: GpuPatchProducer | null = null;
  /** Why the GPU producer was given up for this session (its construction or a batch failed). */
  private gpuFailed: string | null = null;
  private startedAt = 0;

  constructor(
    readonly gfx: LandfallRenderer,
    readonly p: ViewParams,
  ) {
    this.setBody(p.body);
  }

  setBody(id: string): void {
    this.view?.dispose();
    this.streamer?.dispose();
    this.body = getBody(id);
    this.p.body = id;
    // A stance: patches persist across visits and the 360° ring is held for looking around (ADR-0019).
    const store = earlyStore ?? IndexedDbPatchStore.open();
    earlyStore = null;
    const levelFilter = this.p.levels === 'filtered';
    // `lod=cells` is the fixed cell-size split (the before picture); the default splits by error.
    const ssePixels = this.p.lod === 'cells' ? 0 : SSE_TARGET_PIXELS;
    const producer = this.producerFor(this.body);
    this.streamer =
      this.p.streamer === 'local'
        ? createStreamer({
            body: id,
            pool: inProcessWorkerFactory(),
            workers: 1,
            store,
            producer,
            lookAround: true,
            levelFilter,
            ssePixels,
          })
        : createStreamer({
            body: id,
            workers: this.p.workers > 0 ? this.p.workers : undefined,
            store,
            producer,
            lookAround: true,
            levelFilter,
            ssePixels,
          });
    this.view = new PlanetView({
      renderer: this.gfx.renderer,
      body: this.body,
      streamer: this.streamer,
      scatter: pooledScatterSource(this.streamer),
      shadows: this.p.shadows === 'on',
      detail: this.p.detail,
    });
    this.place();
    this.fixedPointMs = null;
    this.fixedPointFrames = 0;
    this.fixedPointReads = 0;
    this.fixedPointGenerated = 0;
    // Performance marks of the start-up (the patch cache spec reads them): set-body, first-frame
    // (after the first render, shader compilation included), fixed-point.
    this.startedAt = performance.mark('landfall:set-body').startTime;
  }

  /**
   * The producer for `body` (ADR-0020): `?producer=` against the renderer's device (chooseProducer),
   * the workers once the GPU producer has failed this session; undefined is the streamer's pool.
   */
  private producerFor(body: Body): PatchProducer | undefined {
    if (this.gpuFailed) {
      this.producerNote = `workers (the GPU producer failed: ${this.gpuFailed})`;
      return undefined;
    }
    const gpu = rendererGpu(this.gfx.renderer);
    const choice = chooseProducer(this.p.producer, body, gpu, this.p.levels === 'filtered');
    this.producerNote = choice.note;
    if (choice.use === 'workers') return undefined;
    const device = gpu.device as GPUDevice;
    try {
      this.gpuProducer ??= new GpuPatchProducer(device);
    } catch (err) {
      this.gpuFailed = err instanceof Error ? err.message : String(err);
      this.producerNote = `workers (the GPU producer failed: ${this.gpuFailed})`;
      return undefined;
    }
    return this.gpuProducer.forStreamer();
  }

  /** The GPU producer's payloads and batches so far (this session), or null when it never ran. */
  gpuBatches(): { produced: number; batches: number } | null {
    const g = this.gpuProducer;
    return g ? { produced: g.produced, batches: g.batches } : null;
  }

  /**
   * Where the GPU producer packs its batches and what the main thread keeps, for the engine block
   * (ADR-0020 item 22); '' while the workers make this body's patches.
   */
  packingNote(): string {
    const g = this.gpuProducer;
    if (!g || this.streamer.counters().producer !== 'gpu') return '';
    const p = g.packing;
    const where = p.noWorker
      ? `on the page (${p.noWorker})`
      : `${p.inWorker} batches in the pack worker, ${p.onPage} on the page`;
    return (
      `packing ${where} · last ${p.lastMs.toFixed(1)} ms, ` +
      `main thread ${g.lastMainThreadMs.toFixed(1)} ms a batch`
    );
  }

  /** Makes this body's patches on the workers from now on when a GPU batch failed (HUD says why). */
  private checkProducer(): void {
    const failure = this.gpuProducer?.failure;
    if (!failure || this.gpuFailed || this.streamer.counters().producer !== 'gpu') return;
    this.gpuFailed = failure.message;
    console.warn(`observatory: the GPU producer failed (${failure.message}); using the workers`);
    this.setBody(this.body.id);
  }

  /** Puts the eye at the parameters' lat, lon and height above the drawn ground; aims the sun. */
  place(): void {
    const lat = this.p.lat * DEG;
    const lon = this.p.lon * DEG;
    const dir = { x: Math.cos(lat) * Math.cos(lon), y: Math.cos(lat) * Math.sin(lon), z: Math.sin(lat) };
    const r = drawnSurfaceRadius(this.body, dir) + this.p.h;
    this.eye[0] = dir.x * r;
    this.eye[1] = dir.y * r;
    this.eye[2] = dir.z * r;
    const { up, east, north } = horizonFrame(this.eye, this.hf);
    const az = this.p.sunAz * DEG;
    const el = this.p.sunEl * DEG;
    const s = [0, 1, 2].map(
      (k) => Math.cos(el) * (Math.cos(az) * north[k] + Math.sin(az) * east[k]) + Math.sin(el) * up[k],
    );
    this.view.setSun({ x: s[0], y: s[1], z: s[2] });
  }

  /** Walks `forward`, `right` metres in the tangent plane, then re-seats at h above drawn ground. */
  walk(forward: number, right: number): void {
    if (forward === 0 && right === 0) return;
    const { east, north } = horizonFrame(this.eye, this.hf);
    const hd = this.p.heading * DEG;
    const fx = Math.cos(hd);
    const fy = Math.sin(hd);
    const p = [0, 1, 2].map(
      (k) => this.eye[k] + forward * (fx * north[k] + fy * east[k]) + right * (-fy * north[k] + fx * east[k]),
    );
    const l = Math.hypot(p[0], p[1], p[2]);
    this.p.lat = Math.asin(p[2] / l) / DEG;
    this.p.lon = Math.atan2(p[1], p[0]) / DEG;
    const dir = { x: p[0] / l, y: p[1] / l, z: p[2] / l };
    const r = drawnSurfaceRadius(this.body, dir) + this.p.h;
    this.eye[0] = dir.x * r;
    this.eye[1] = dir.y * r;
    this.eye[2] = dir.z * r;
  }

  /** Eye height above the drawn field and above the drawn mesh (NaN until a patch holds it). */
  heights(): { field: number; mesh: number; address: string } {
    const r = Math.hypot(this.eye[0], this.eye[1], this.eye[2]);
    const dir = [this.eye[0] / r, this.eye[1] / r, this.eye[2] / r];
    const field = r - drawnSurfaceRadius(this.body, { x: dir[0], y: dir[1], z: dir[2] });
    this.seater.setDrawSet(this.streamer.drawSet(), this.eye);
    const mesh = r - this.seater.meshRadius(dir);
    return { field, mesh, address: this.seater.patchAt(dir)?.payload.address ?? this.body.id };
  }

  /** One frame; `onChange` (the frame loop): not drawn again when unchanged (PlanetView.frame). */
  frame(width: number, height: number, onChange = false): ReturnType<PlanetView['frame']> {
    this.checkProducer();
    lookQuaternion(this.eye, this.p.heading * DEG, this.p.pitch * DEG, this.orientation);
    const stats = this.view.frame(
      {
        eye: this.eye,
        orientation: this.orientation,
        fovDeg: this.p.fov,
        width,
        height,
      },
      onChange,
    );
    if (this.fixedPointMs !== null) return stats;
    if (++this.fixedPointFrames === 1) performance.mark('landfall:first-frame');
    if (this.streamer.fixedPoint) {
      this.fixedPointMs = performance.mark('landfall:fixed-point').startTime - this.startedAt;
      const c = this.streamer.counters();
      this.fixedPointReads = Number(c.diskViewReadBatches);
      this.fixedPointGenerated = c.generated;
    }
    return stats;
  }

  dispose(): void {
    this.view.dispose();
    this.streamer.dispose();
    this.gpuProducer?.dispose();
    this.gpuProducer = null;
  }
}
