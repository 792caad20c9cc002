/**
 * Unit tone on screen (issue 14, ADR-0007 cover byte 1, ADR-0012): the Moon's maria are drawn
 * dark against the highlands. Two views straight down over Luna at the same local sun, one over a
 * mare and one over highland (spots from universe `plainWeightAt` at terrain v13: 0° N 24° E weight
 * 1.0, inside Mare Tranquillitatis near Apollo 11; 20° S 24° E weight 0.0, ~600 km south), compared
 * by mean linear luminance.
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { captureCanvas, collectErrors, openSettled, type Rgba } from '@landfall/testkit';

test.use({ viewport: { width: 160, height: 120 } });

/** sRGB byte → linear (IEC 61966-2-1). */
function toLinear(v: number): number {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Mean linear Rec. 709 luminance of the whole frame (it is all ground, looking straight down). */
function meanLinearLuma(img: Rgba): number {
  let s = 0;
  const n = img.width * img.height;
  for (let i = 0; i < n; i++) {
    const o = 4 * i;
    s +=
      0.2126 * toLinear(img.data[o]) +
      0.7152 * toLinear(img.data[o + 1]) +
      0.0722 * toLinear(img.data[o + 2]);
  }
  return s / n;
}

async function lookDown(
  page: Page,
  testInfo: TestInfo,
  name: string,
  lat: number,
  lon: number,
): Promise<{ luma: number; backend: string | undefined }> {
  // 3 km up, straight down, sun 45° up: ground fills the frame, shadows are few.
  const state = await openSettled(
    page,
    { body: 'luna', lat, lon, h: 3000, heading: 0, pitch: -90, fov: 60, sunAz: 100, sunEl: 45, hud: 0 },
    150_000,
  );
  return { luma: meanLinearLuma(await captureCanvas(page, testInfo, name)), backend: state.backend };
}

test('Luna: a mare is darker than highland at the same sun @webgpu', async ({ page }, testInfo) => {
  test.setTimeout(360_000);
  const errors = collectErrors(page);
  const m = await lookDown(page, testInfo, 'mare', 0, 24);
  const h = await lookDown(page, testInfo, 'highland', -20, 24);
  // The TSL graph compiled by the project's own backend (GLSL on webgl2, WGSL on webgpu).
  expect(m.backend).toBe(testInfo.project.name === 'webgpu' ? 'webgpu' : 'webgl2');
  const mare = m.luma;
  const highland = h.luma;
  const ratio = mare / highland;
  console.log(
    `[unit tone] mare ${mare.toFixed(4)} highland ${highland.toFixed(4)} ratio ${ratio.toFixed(3)}`,
  );
  // Unit albedos (universe unitFacts, Lucey et al. 2000): maria 0.08 against highlands 0.27, a
  // linear ratio of 0.30 under the same light. Below 0.6: room for the units' different relief,
  // shadow and fresh-ejecta shares; a material that drew both units with the highland regolith
  // (alt-tone level 0) reads ≈ 1.
  expect(ratio).toBeLessThan(0.6);
  expect(highland).toBeGreaterThan(0.02); // lit ground, not an unlit frame
  expect(errors).toEqual([]);
});
