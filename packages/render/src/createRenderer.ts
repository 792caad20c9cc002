/**
 * `createRenderer`: a three.js `WebGPURenderer` that uses WebGPU where the browser offers it and
 * falls back to its WebGL2 backend otherwise, reports which one ran, and sets up depth for
 * 2 cm … 1e9 m (ADR-0011): reversed float32 depth on WebGPU, logarithmic depth on WebGL2 (whose
 * default framebuffer has a 24-bit fixed-point depth buffer, where reversed-Z gains nothing).
 */
import { WebGPURenderer } from 'three/webgpu';

export type Backend = 'webgpu' | 'webgl2';
export type DepthMode = 'reversed' | 'logarithmic';

export interface CreateRendererOptions {
  canvas: HTMLCanvasElement;
  /** Force the WebGL2 backend even where WebGPU exists. */
  forceWebGL?: boolean;
  antialias?: boolean;
  /**
   * Measure each render pass's GPU time with timestamp queries where the adapter offers them
   * (WebGPU's `timestamp-query`; see `timestamps`); for frame benchmarks only.
   */
  trackTimestamp?: boolean;
}

export interface LandfallRenderer {
  renderer: WebGPURenderer;
  backend: Backend;
  depth: DepthMode;
  /** GPU timestamps are recorded (asked for and offered): `renderer.resolveTimestampsAsync()` works. */
  timestamps: boolean;
  dispose(): void;
}

async function webgpuAvailable(): Promise<boolean> {
  const gpu = (navigator as Navigator & { gpu?: { requestAdapter(): Promise<unknown> } }).gpu;
  if (!gpu) return false;
  try {
    return (await gpu.requestAdapter()) !== null;
  } catch {
    return false;
  }
}

/** Creates and initialises the renderer; resolves once the backend is ready to draw. */
export async function createRenderer(options: CreateRendererOptions): Promise<LandfallRenderer> {
  const webgpu = !options.forceWebGL && (await webgpuAvailable());
  const renderer = new WebGPURenderer({
    canvas: options.canvas,
    antialias: options.antialias ?? false,
    forceWebGL: !webgpu,
    reversedDepthBuffer: webgpu,
    logarithmicDepthBuffer: !webgpu,
    trackTimestamp: options.trackTimestamp ?? false,
  });
  await renderer.init();
  // Opaque black behind everything: read-back PNGs never carry transparent pixels.
  renderer.setClearColor(0x000000, 1);
  const backend: Backend = (renderer.backend as { isWebGPUBackend?: boolean }).isWebGPUBackend
    ? 'webgpu'
    : 'webgl2';
  if (backend === 'webgl2' && renderer.reversedDepthBuffer) {
    throw new Error('createRenderer: WebGL2 backend must not run reversed depth (24-bit buffer)');
  }
  const depth: DepthMode = renderer.reversedDepthBuffer ? 'reversed' : 'logarithmic';
  return {
    renderer,
    backend,
    depth,
    // WebGL2's timer queries resolve frames late under three r187 (a 320×180 software check read
    // 425 ms of "GPU time" for 37 ms frames), so only WebGPU's timestamps are used.
    timestamps:
      backend === 'webgpu' && (renderer.backend as { trackTimestamp?: boolean }).trackTimestamp === true,
    dispose() {
      renderer.dispose();
    },
  };
}
