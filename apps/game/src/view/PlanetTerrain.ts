/**
 * The terrain drawn by the render package's `PlanetView` over a streamer (`createStreamer` worker
 * pool, or that streamer generating on the main thread through `inProcessWorkerFactory`). The ship is drawn in the planet view's own
 * scene and camera (one depth buffer, render's depth setup), lit by one sun that also lights the
 * ground. Streaming follows the eye and prefetches along its velocity (ViewState.velocity).
 */
import type { Body } from '@landfall/universe';
import {
  cacheSummary,
  createStreamer,
  inProcessWorkerFactory,
  IndexedDbPatchStore,
} from '@landfall/streamer';
import {
  chooseProducer,
  GpuPatchProducer,
  PlanetView,
  rendererGpu,
  type ProducerWish,
  type StreamerLike,
} from '@landfall/render';
import { Group, type WebGPURenderer } from 'three/webgpu';
import type { TerrainFrame, TerrainProgress, TerrainView } from './TerrainView';

export type StreamerKind = 'workers' | 'local';

export class PlanetTerrain implements TerrainView {
  readonly near = new Group();
  readonly far = new Group();
  view: PlanetView;
  private streamer: StreamerLike;
  private attached = false;
  /** Streaming work since the last `takeStreamMs()`, ms (frame updates and pumps). */
  private streamMs = 0;
  /** The GPU producer when `?producer=` chose it (ADR-0020), and the HUD's line on the choice. */
  private gpuProducer: GpuPatchProducer | null = null;
  private producerNote: string;

  constructor(
    private readonly renderer: WebGPURenderer,
    private readonly body: Body,
    private readonly kind: StreamerKind,
    producerWish: ProducerWish = 'auto',
  ) {
    const gpu = rendererGpu(renderer);
    const choice = chooseProducer(producerWish, body, gpu);
    let note = choice.note;
    if (choice.use === 'gpu' && gpu.device) {
      try {
        this.gpuProducer = new GpuPatchProducer(gpu.device);
      } catch (err) {
        note = `workers (the GPU producer failed: ${err instanceof Error ? err.message : String(err)})`;
      }
    }
    this.producerNote = note;
    this.streamer = this.makeStreamer();
    this.view = new PlanetView({ renderer, body, streamer: this.streamer });
  }

  /** This body's streamer over the GPU producer where there is one, else the workers. */
  private makeStreamer(): StreamerLike {
    // Patches persist across visits (ADR-0019).
    const store = IndexedDbPatchStore.open();
    const producer = this.gpuProducer?.forStreamer();
    return this.kind === 'local'
      ? createStreamer({ body: this.body.id, pool: inProcessWorkerFactory(), workers: 1, store, producer })
      : createStreamer({ body: this.body.id, store, producer });
  }

  /**
   * A failed GPU batch (a lost device, a kernel error): this body's patches come from the workers
   * from now on — a new streamer and view over them, what the GPU made flushed with the old one —
   * and the HUD's producer line says why.
   */
  private checkProducer(): void {
    const failure = this.gpuProducer?.failure;
    if (!failure) return;
    console.warn(`game: the GPU producer failed (${failure.message}); using the workers`);
    this.producerNote = `workers (the GPU producer failed: ${failure.message})`;
    this.view.dispose();
    this.streamer.dispose();
    this.gpuProducer?.dispose();
    this.gpuProducer = null;
    this.streamer = this.makeStreamer();
    this.view = new PlanetView({ renderer: this.renderer, body: this.body, streamer: this.streamer });
    this.attached = false;
  }

  /** Makes the GPU producer's next batch fail (tests); false when the workers make the patches. */
  plantGpuFailure(message: string): boolean {
    if (!this.gpuProducer) return false;
    this.gpuProducer.plantFailure(message);
    return true;
  }

  /** Updates streaming for this frame and draws the planet with `f.extras` (ship, lights) in it. */
  update(f: TerrainFrame): boolean {
    this.checkProducer();
    if (!this.attached) {
      this.view.scene.add(...f.extras);
      this.attached = true;
    }
    this.view.setSun(f.sun);
    this.streamer.lookAround = f.landed;
    const stats = this.view.update({
      eye: f.eye,
      orientation: f.camera.quaternion,
      fovDeg: f.camera.fov,
      width: Math.max(1, Math.round((f.viewportHeight * f.camera.aspect) | 0)),
      height: f.viewportHeight,
      velocity: f.velocity,
      shadowFocus: f.focus,
    });
    this.streamMs += stats.updateMs;
    // autoClear on for this render: three's shadow pass clears the sun's shadow map only when the
    // renderer auto-clears (the game turns it off for its two-pass placeholder drawing).
    const autoClear = this.renderer.autoClear;
    this.renderer.autoClear = true;
    this.renderer.setClearColor(0x000000, 1);
    this.renderer.render(this.view.scene, this.view.camera);
    this.renderer.autoClear = autoClear;
    return true;
  }

  /** Runs the streamer between frames (arrivals, scheduling) when rendering is slow. */
  pump(): void {
    const t0 = performance.now();
    this.view.pumpStreamer();
    this.streamMs += performance.now() - t0;
  }

  /** Streaming main-thread work since the last call, ms; resets the tally. */
  takeStreamMs(): number {
    const ms = this.streamMs;
    this.streamMs = 0;
    return ms;
  }

  progress(): TerrainProgress {
    const c = this.streamer.counters();
    const label = this.streamer.fixedPoint
      ? 'ground resolved'
      : `resolving ground (in flight ${c.inFlight}, starved ${c.starved})`;
    return {
      done: c.drawn,
      // At the fixed point the jobs in flight are the look-around ring's (ADR-0019: it asks only
      // once the view has nothing queued or in flight); its progress is the cache line's.
      total: c.drawn + c.starved + c.queued + (this.streamer.fixedPoint ? 0 : c.inFlight),
      label,
      cache: cacheSummary(c),
      producer: this.producerNote,
    };
  }

  dispose(): void {
    this.view.dispose();
    this.streamer.dispose();
    this.gpuProducer?.dispose();
  }
}
