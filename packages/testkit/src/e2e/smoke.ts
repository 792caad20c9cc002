/**
 * The smoke check both apps' smoke specs run: the app opens without an error and reports ready,
 * on the backend its project asks for (WebGPU on the webgpu project), draws a frame (the canvas
 * read until `assertFrameDrawn` passes: ready is the first frame, not the first ground), and logs
 * no console error. The backend is annotated and a screenshot attached.
 */
import { expect, type Page, type TestInfo } from '@playwright/test';
import { capture, collectErrors, openApp, waitFrameDrawn, type App } from './helpers';

export async function expectSmoke(page: Page, testInfo: TestInfo, app: App): Promise<void> {
  const errors = collectErrors(page);
  const state = await openApp(page, app);
  expect(state.error).toBeUndefined();
  expect(state.ready).toBe(true);
  testInfo.annotations.push({ type: 'backend', description: String(state.backend) });
  console.log(`[${app} smoke] project=${testInfo.project.name} backend=${state.backend}`);
  expect(['webgpu', 'webgl2']).toContain(state.backend);
  if (testInfo.project.name === 'webgpu') expect(state.backend).toBe('webgpu');
  await waitFrameDrawn(page);
  await capture(page, testInfo, `${app}-smoke`);
  expect(errors).toEqual([]);
}
