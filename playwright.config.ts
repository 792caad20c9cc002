/**
 * Browser tests: Debian Chromium (CHROMIUM_PATH or /usr/bin/chromium), headless, built apps served
 * by `vite preview` on 127.0.0.1 (a secure context, so WebGPU can exist). Two projects: `webgl2`
 * runs every spec on three's WebGL2 backend (ANGLE/SwiftShader); `webgpu` runs the specs tagged
 * @webgpu with the flags that let headless Chromium present WebGPU frames (shared/TOOLCHAIN.md).
 */
import { defineConfig } from '@playwright/test';
import { APP_PORTS } from '@landfall/testkit/vite';

const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const baseArgs = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--disable-dev-shm-usage',
];
const webgpuArgs = [
  '--enable-unsafe-webgpu',
  '--use-angle=swiftshader',
  '--use-vulkan=swiftshader',
  '--enable-features=Vulkan,CDPScreenshotNewSurface,SkipListAccountsWithoutGaiaCookies',
];

export default defineConfig({
  testDir: '.',
  testMatch: ['apps/*/e2e/**/*.spec.ts', 'tools/e2e/**/*.spec.ts'],
  timeout: 180_000,
  expect: { timeout: 30_000 },
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    viewport: { width: 320, height: 200 },
    launchOptions: { executablePath, headless: true, args: baseArgs },
  },
  projects: [
    { name: 'webgl2', grepInvert: /@webgpu-only/ },
    {
      name: 'webgpu',
      grep: /@webgpu/,
      use: { launchOptions: { executablePath, headless: true, args: [...baseArgs, ...webgpuArgs] } },
    },
  ],
  webServer: (['game', 'observatory'] as const).map((app) => ({
    command: `npx vite preview --strictPort --port ${APP_PORTS[app].preview} --host 127.0.0.1`,
    cwd: `apps/${app}`,
    url: `http://127.0.0.1:${APP_PORTS[app].preview}/`,
    reuseExistingServer: false,
    timeout: 60_000,
  })),
});
