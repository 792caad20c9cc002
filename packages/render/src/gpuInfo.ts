/**
 * `gpuInfo`: names the adapter a three.js `WebGPURenderer` runs on, and waits for its GPU to finish
 * submitted work. WebGPU: `GPUDevice.adapterInfo` (vendor / architecture / device / description);
 * WebGL2: `WEBGL_debug_renderer_info`'s unmasked vendor and renderer (else VENDOR / RENDERER).
 * The names say plainly when a software adapter (SwiftShader, llvmpipe) ran.
 */
import type { WebGPURenderer } from 'three/webgpu';

interface AdapterInfoLike {
  vendor?: string;
  architecture?: string;
  device?: string;
  description?: string;
}

interface BackendLike {
  isWebGPUBackend?: boolean;
  device?: { queue: { onSubmittedWorkDone(): Promise<void> }; adapterInfo?: AdapterInfoLike } | null;
  gl?: WebGL2RenderingContext;
}

export interface GpuInfo {
  /** 'WebGPU: vendor / architecture / device / description' or 'WebGL2: vendor / renderer'. */
  name: string;
  /** Resolves once the GPU has finished all work submitted so far. */
  finish(): Promise<void>;
}

function adapterName(info: AdapterInfoLike | undefined): string {
  const parts = [info?.vendor, info?.architecture, info?.device, info?.description].filter((s) => !!s);
  return `WebGPU: ${parts.length ? parts.join(' / ') : 'adapter without info'}`;
}

/** The WebGL context's vendor and renderer, unmasked where the browser allows. */
export function webglName(gl: WebGLRenderingContext | WebGL2RenderingContext): string {
  const ext = gl.getExtension('WEBGL_debug_renderer_info');
  const vendor = ext ? gl.getParameter(ext.UNMASKED_VENDOR_WEBGL) : gl.getParameter(gl.VENDOR);
  const renderer = ext ? gl.getParameter(ext.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER);
  return `WebGL2: ${String(vendor)} / ${String(renderer)}`;
}

export function gpuInfo(renderer: WebGPURenderer): GpuInfo {
  const backend = renderer.backend as unknown as BackendLike;
  if (backend.isWebGPUBackend) {
    const device = backend.device;
    if (!device) throw new Error('gpuInfo: the WebGPU backend has no device (renderer not initialised)');
    return { name: adapterName(device.adapterInfo), finish: () => device.queue.onSubmittedWorkDone() };
  }
  const gl = backend.gl;
  if (!gl) throw new Error('gpuInfo: the WebGL backend has no context (renderer not initialised)');
  const pixel = new Uint8Array(4);
  return {
    name: webglName(gl),
    // A one-pixel read of the default framebuffer returns only after every queued draw has run.
    finish: () => {
      const bound = gl.getParameter(gl.READ_FRAMEBUFFER_BINDING) as WebGLFramebuffer | null;
      gl.bindFramebuffer(gl.READ_FRAMEBUFFER, null);
      gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
      gl.bindFramebuffer(gl.READ_FRAMEBUFFER, bound);
      return Promise.resolve();
    },
  };
}

/**
 * Names what each API would offer this page, independently of the renderer in use: a fresh WebGL2
 * context on a scratch canvas (lost again at once) and a fresh WebGPU adapter (null if none).
 */
export async function probeAdapters(): Promise<{ webgl2: string | null; webgpu: string | null }> {
  let webgl2: string | null = null;
  let webgpu: string | null = null;
  const gl = document.createElement('canvas').getContext('webgl2');
  if (gl) {
    webgl2 = webglName(gl);
    gl.getExtension('WEBGL_lose_context')?.loseContext();
  }
  const gpu = (
    navigator as Navigator & { gpu?: { requestAdapter(): Promise<{ info?: AdapterInfoLike } | null> } }
  ).gpu;
  if (gpu) {
    try {
      const adapter = await gpu.requestAdapter();
      webgpu = adapter ? adapterName(adapter.info) : 'no adapter';
    } catch (err) {
      webgpu = `requestAdapter failed: ${String(err)}`;
    }
  }
  return { webgl2, webgpu };
}
