/**
 * The Landfall test kit: Playwright helpers shared by the apps' browser specs (apps/*\/e2e) and
 * tools/e2e. Apps may import it from e2e and config files only, never from `src` (ADR-0017); the
 * Vite configuration shared by both apps is the second entry, `@landfall/testkit/vite`, which loads
 * without Playwright.
 */
export * from './e2e/helpers';
export * from './e2e/pngPixels';
export * from './e2e/canvasPixels';
export * from './e2e/horizonTruth';
export * from './e2e/hostileKit';
export * from './e2e/overlays';
export * from './e2e/smoke';
