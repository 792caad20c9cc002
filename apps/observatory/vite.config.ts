import { defineConfig } from 'vite';
import { appConfig } from '../../tools/vite/appConfig';

export default defineConfig(appConfig('observatory'));
