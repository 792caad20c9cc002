import { defineConfig } from 'vite';
import { appConfig } from '../../tools/vite/appConfig.ts';

export default defineConfig(appConfig('observatory'));
