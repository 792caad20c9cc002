/**
 * `createRenderer`: a three.js `WebGPURenderer` that uses WebGPU where the browser offers it and
 * falls back to its WebGL2 backend otherwise, and reports which one ran.
 */
import { WebGPURenderer } from 'three/webgpu';

export type Backend = 'webgpu' | 'webgl2';

export interface CreateRendererOptions {
  canvas: HTMLCanvasElement;
  /** Force the WebGL2 backend even where WebGPU exists. */
  forceWebGL?: boolean;
  antialias?: boolean;
}

export interface LandfallRenderer {
  renderer: WebGPURenderer;
  backend: Backend;
  dispose(): void;
}

/** Creates and initialises the renderer; resolves once the backend is ready to draw. */
export async function createRenderer(options: CreateRendererOptions): Promise<LandfallRenderer> {
  const renderer = new WebGPURenderer({
    canvas: options.canvas,
    antialias: options.antialias ?? false,
    forceWebGL: options.forceWebGL ?? false,
  });
  await renderer.init();
  const backend: Backend = (renderer.backend as { isWebGPUBackend?: boolean }).isWebGPUBackend
    ? 'webgpu'
    : 'webgl2';
  return {
    renderer,
    backend,
    dispose() {
      renderer.dispose();
    },
  };
}
