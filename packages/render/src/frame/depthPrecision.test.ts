import { describe, expect, it } from 'vitest';
import { logDepthResolution, reversedDepthResolution } from './depthPrecision';

describe('depth precision (ADR-0011)', () => {
  it('logarithmic 24-bit depth (WebGL2) separates 5 cm out to 30 km', () => {
    expect(logDepthResolution(2)).toBeLessThan(1e-5);
    expect(logDepthResolution(30_000)).toBeLessThan(0.05);
    // Teeth: the figure grows with distance; at 1000 km it no longer resolves 5 cm.
    expect(logDepthResolution(1e6)).toBeGreaterThan(0.05);
  });

  it('reversed float32 depth (WebGPU) separates 5 cm out to 200 km', () => {
    expect(reversedDepthResolution(200_000)).toBeLessThan(0.05);
  });

  it('a standard 24-bit perspective depth would not (the reason for either scheme)', () => {
    // z-buffer: depth = (far/(far-near))(1 - near/z); dz = z² / near · 2^-24 (far ≫ near).
    const standard = (z: number) => (z * z) / 0.02 / 2 ** 24;
    expect(standard(100)).toBeGreaterThan(0.02);
  });

  it('rejects distances outside the planes', () => {
    expect(() => logDepthResolution(0.001)).toThrow(RangeError);
    expect(() => reversedDepthResolution(Number.NaN)).toThrow(RangeError);
  });
});
