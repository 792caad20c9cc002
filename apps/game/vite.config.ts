import { defineConfig } from 'vite';
// A path, not '@landfall/testkit/vite': Vite 8 leaves every bare import of a config file to Node,
// and Node 20 cannot load the test kit's TypeScript. The boundary rule still sees a test-kit edge.
import { appConfig } from '../../packages/testkit/src/vite/appConfig.ts';

export default defineConfig(appConfig('game'));
