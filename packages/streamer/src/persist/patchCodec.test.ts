import { describe, expect, it } from 'vitest';
import { generateHeightfield } from '../patch/generateHeightfield';
import type { PatchPayload } from '../patch/PatchFormat';
import { decodePatch, encodePatch } from './patchCodec';

const NODE = { body: 'luna', face: 2, level: 3, x: 5, y: 1 };
const patch: PatchPayload = generateHeightfield(NODE);

describe('patchCodec', () => {
  it('gives back every field of a generated patch bit for bit', () => {
    const p = decodePatch(encodePatch(patch), NODE);
    expect(p).not.toBeNull();
    const q = p as PatchPayload;
    expect(new Uint8Array(q.vertices)).toEqual(new Uint8Array(patch.vertices));
    expect(q.vertices.byteLength).toBe(patch.vertices.byteLength);
    for (const k of [
      'address',
      'body',
      'face',
      'level',
      'x',
      'y',
      'morphScale',
      'minHeight',
      'maxHeight',
    ] as const)
      expect(Object.is(q[k], patch[k])).toBe(true);
    expect(Object.is(q.boundingRadius, patch.boundingRadius)).toBe(true);
    expect(Object.is(q.generationCpuMs, patch.generationCpuMs)).toBe(true);
    expect([...q.anchor]).toEqual([...patch.anchor]);
    expect([...q.edgeBounds]).toEqual([...patch.edgeBounds]);
  });

  it('refuses an entry with any byte changed, a torn entry and an entry for another node', () => {
    const bytes = encodePatch(patch);
    // One byte in each part: magic, checksum, length, header fields, anchor, vertices, strings.
    const at = [0, 5, 9, 14, 30, 80, 232, 50_000, bytes.length - 20, bytes.length - 5];
    for (const i of at) {
      const bad = bytes.slice();
      bad[i] ^= 0x10;
      expect(decodePatch(bad, NODE), `byte ${i}`).toBeNull();
    }
    expect(decodePatch(bytes.slice(0, bytes.length - 4), NODE)).toBeNull();
    expect(decodePatch(bytes.slice(0, 100), NODE)).toBeNull();
    expect(decodePatch(bytes, { ...NODE, x: 4 })).toBeNull();
    expect(decodePatch(bytes, { ...NODE, body: 'mars' })).toBeNull();
    // Teeth: the untouched copy still decodes, so the refusals above are the changes' doing.
    expect(decodePatch(bytes.slice(), NODE)).not.toBeNull();
  });

  it('leaves the payload it encodes untouched', () => {
    const before = new Uint8Array(patch.vertices).slice();
    encodePatch(patch);
    expect(new Uint8Array(patch.vertices)).toEqual(before);
  });
});
