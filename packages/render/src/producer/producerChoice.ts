/**
 * Which producer a session's streamer gets (ADR-0020, issue 16): the `?producer=auto|gpu|cpu` wish
 * of both apps against what this page has. `gpu` runs the GPU producer wherever it can (the
 * renderer's WebGPU device, a body it covers) and says why not otherwise; `auto` also leaves a
 * software adapter (SwiftShader, llvmpipe: the same CPU cores, slower than the pool there) to the
 * workers; `cpu` is the worker pool. The answer carries a one-line note for the HUD.
 */
import type { WebGPURenderer } from 'three/webgpu';
import type { Body } from '@landfall/universe';
import { gpuInfo } from '../gpuInfo';
import { gpuPatchRefusal } from './GpuPatchProducer';

export type ProducerWish = 'auto' | 'gpu' | 'cpu';

/** The wishes `?producer=` accepts, the default first. */
export const PRODUCER_WISHES: readonly ProducerWish[] = ['auto', 'gpu', 'cpu'];

/** The wish a `?producer=` value names, or null for anything else (each app words its own error). */
export function parseProducerWish(raw: string): ProducerWish | null {
  return PRODUCER_WISHES.find((w) => w === raw) ?? null;
}

/** What the page offers the GPU producer. */
export interface GpuAvailability {
  /** The renderer's WebGPU device; null under WebGL2. */
  device: GPUDevice | null;
  /** The adapter's name (gpuInfo), or why there is no device. */
  adapter: string;
  /** A software adapter: the GPU producer would run on the CPU's cores. */
  software: boolean;
}

interface BackendLike {
  isWebGPUBackend?: boolean;
  device?: GPUDevice | null;
}

const SOFTWARE_ADAPTER = /swiftshader|llvmpipe|lavapipe|softpipe|software|microsoft basic render/i;

/** The renderer's WebGPU device for the producer (the same device draws what it makes). */
export function rendererGpu(renderer: WebGPURenderer): GpuAvailability {
  const backend = renderer.backend as unknown as BackendLike;
  if (!backend.isWebGPUBackend || !backend.device)
    return { device: null, adapter: 'the renderer runs WebGL2', software: false };
  const adapter = gpuInfo(renderer).name;
  const info = backend.device.adapterInfo as (GPUAdapterInfo & { isFallbackAdapter?: boolean }) | undefined;
  return {
    device: backend.device,
    adapter,
    software: info?.isFallbackAdapter === true || SOFTWARE_ADAPTER.test(adapter),
  };
}

export interface ProducerChoice {
  use: 'gpu' | 'workers';
  /** For the HUD: what runs and, where the wish was not met, why. */
  note: string;
}

/**
 * The producer for `body` under `wish` on `gpu`. `levelFilter` false (the observatory's
 * `levels=full`) draws every level unfiltered: the GPU producer gathers each patch's craters over
 * the whole patch, which at coarse levels stops with an error (GpuLadder.ts LADDER_GATHER_MAX), so
 * such a session takes the workers, whose gather is per sample.
 */
export function chooseProducer(
  wish: ProducerWish,
  body: Body,
  gpu: GpuAvailability,
  levelFilter = true,
): ProducerChoice {
  if (wish === 'cpu') return { use: 'workers', note: 'workers (producer=cpu)' };
  const why = !gpu.device
    ? `no WebGPU device: ${gpu.adapter}`
    : gpuPatchRefusal(body) ||
      (levelFilter ? '' : 'unfiltered levels: the GPU producer needs the level filter') ||
      (wish === 'auto' && gpu.software ? 'a software adapter (producer=gpu forces it)' : '');
  if (why) return { use: 'workers', note: `workers (producer=${wish}: ${why})` };
  return { use: 'gpu', note: `gpu (producer=${wish}${gpu.software ? ', software adapter' : ''})` };
}
