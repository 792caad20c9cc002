// The WebGPU device every module of the producer page (ADR-0020) works on, and its adapter's name.

/** A device of this page's WebGPU adapter and the adapter's name; a clear error where there is none. */
export async function pageDevice(): Promise<{ device: GPUDevice; adapter: string }> {
  if (!navigator.gpu) throw new Error('no navigator.gpu in this page');
  const adapter = await navigator.gpu.requestAdapter();
  if (!adapter) throw new Error('navigator.gpu.requestAdapter() gave no adapter');
  const i = adapter.info;
  return {
    device: await adapter.requestDevice(),
    adapter: [i.vendor, i.architecture, i.device, i.description].filter(Boolean).join(' / '),
  };
}
