import { defineConfig, mergeConfig } from 'vite';
// Paths, not package names: Vite 8 leaves every bare import of a config file to Node, and Node 20
// cannot load the packages' TypeScript. The boundary rule still sees the package edges (ADR-0017).
import { appConfig } from '../../packages/testkit/src/vite/appConfig.ts';
import { shellPage } from '../../packages/app-shell/src/vite/shellPage.ts';

export default defineConfig(mergeConfig(appConfig('observatory'), { plugins: [shellPage('observatory')] }));
