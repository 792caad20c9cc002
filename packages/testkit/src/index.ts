/**
 * The Landfall test kit: Playwright helpers shared by the apps' browser specs (apps/*\/e2e) and
 * tools/e2e. Apps may import it from e2e and config files only, never from `src` (ADR-0017); the
 * Vite configuration shared by both apps is the second entry, `@landfall/testkit/vite`, which loads
 * without Playwright.
 */
export {
  appUrl,
  assertFrameDrawn,
  capture,
  collectErrors,
  landfallState,
  openApp,
  pixelStats,
  openSettled,
  shot,
  waitFixedPoint,
  waitFrameDrawn,
} from './e2e/helpers';
export type { App } from './e2e/helpers';
export { decodePng, luma, pngStats, rgbaStats } from './e2e/pngPixels';
export type { Rgba } from './e2e/pngPixels';
export * from './e2e/canvasPixels';
export { horizonTruthRows, sphereDip } from './e2e/horizonTruth';
export type { HorizonCamera } from './e2e/horizonTruth';
export {
  PAYLOADS,
  assertCanvasDrawn,
  assertFramesContinue,
  assertNoInjection,
  openRaw,
  rawUrl,
} from './e2e/hostileKit';
export { expectOverlayCloses, openHelpListing } from './e2e/overlays';
export * from './e2e/smoke';
