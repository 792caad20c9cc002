// chooseProducer (ADR-0020): `?producer=` against what the page offers. The device here is an
// opaque token (the choice only asks whether one exists); the refusals come from gpuPatchRefusal,
// whose own reasons the GPU producer's browser spec checks body by body.
import { describe, expect, it } from 'vitest';
import { getBody } from '@landfall/universe';
import { chooseProducer, parseProducerWish, type GpuAvailability } from './producerChoice';

const device = {} as GPUDevice;
const hardware: GpuAvailability = { device, adapter: 'WebGPU: nvidia / hopper', software: false };
const software: GpuAvailability = { device, adapter: 'WebGPU: google / swiftshader', software: true };
const webgl: GpuAvailability = { device: null, adapter: 'the renderer runs WebGL2', software: false };
const callisto = getBody('callisto');
const luna = getBody('luna');

describe('chooseProducer', () => {
  it('cpu is always the workers', () => {
    expect(chooseProducer('cpu', callisto, hardware)).toEqual({
      use: 'workers',
      note: 'workers (producer=cpu)',
    });
  });
  it('gpu runs wherever a device and a covered body allow, software adapters included', () => {
    expect(chooseProducer('gpu', callisto, hardware).use).toBe('gpu');
    expect(chooseProducer('gpu', callisto, software)).toEqual({
      use: 'gpu',
      note: 'gpu (producer=gpu, software adapter)',
    });
  });
  it('auto leaves a software adapter to the workers and takes a hardware one', () => {
    expect(chooseProducer('auto', callisto, hardware)).toEqual({ use: 'gpu', note: 'gpu (producer=auto)' });
    const c = chooseProducer('auto', callisto, software);
    expect(c.use).toBe('workers');
    expect(c.note).toContain('software adapter');
  });
  it('says why the GPU producer cannot run: no device, or a body it does not cover', () => {
    for (const wish of ['gpu', 'auto'] as const) {
      const none = chooseProducer(wish, callisto, webgl);
      expect(none.use).toBe('workers');
      expect(none.note).toBe(`workers (producer=${wish}: no WebGPU device: the renderer runs WebGL2)`);
      const europa = chooseProducer(wish, getBody('europa'), hardware);
      expect(europa.use).toBe('workers');
      expect(europa.note).toBe(
        `workers (producer=${wish}: europa's landforms include chaos, lineae, ridges)`,
      );
      expect(chooseProducer(wish, getBody('mars'), hardware).use).toBe('gpu');
      expect(chooseProducer(wish, getBody('mercury'), hardware).use).toBe('gpu');
      expect(chooseProducer(wish, luna, hardware).use).toBe('gpu');
    }
  });
});

describe('chooseProducer with unfiltered levels', () => {
  it('leaves a session without the level filter to the workers, whatever the wish', () => {
    for (const wish of ['gpu', 'auto'] as const) {
      expect(chooseProducer(wish, luna, hardware, true).use).toBe('gpu');
      expect(chooseProducer(wish, luna, hardware, false)).toEqual({
        use: 'workers',
        note: `workers (producer=${wish}: unfiltered levels: the GPU producer needs the level filter)`,
      });
    }
  });
});

describe('parseProducerWish', () => {
  it('names the three wishes and nothing else', () => {
    expect(['auto', 'gpu', 'cpu'].map(parseProducerWish)).toEqual(['auto', 'gpu', 'cpu']);
    for (const bad of ['', 'GPU', ' gpu', 'webgpu', 'auto,gpu', 'null'])
      expect(parseProducerWish(bad), bad).toBeNull();
  });
});
