/**
 * Shared Vite configuration for the two apps: adjacent ports (game N, observatory N + 1; each app
 * links to the other by port offset), ES-module workers, and a Content-Security-Policy in built
 * pages that forbids eval and any remote load (ADR-0001 lists the ports).
 */
import { readFileSync } from 'node:fs';
import type { Plugin, UserConfig } from 'vite';

/** The default game ports, one file shared with `npm start` (tools/scripts/start.mjs). */
const DEFAULTS = JSON.parse(readFileSync(new URL('./ports.json', import.meta.url), 'utf8')) as {
  dev: number;
  preview: number;
};

/**
 * Each pair can move (a second checkout, parallel test runs): LANDFALL_DEV_PORT sets the game's dev
 * port (`vite`, `npm start`), LANDFALL_PREVIEW_PORT its preview port (`vite preview`, the browser
 * tests); the observatory's is one above.
 */
const devBase = Number(process.env.LANDFALL_DEV_PORT) || DEFAULTS.dev;
const previewBase = Number(process.env.LANDFALL_PREVIEW_PORT) || DEFAULTS.preview;

export const APP_PORTS = {
  game: { dev: devBase, preview: previewBase },
  observatory: { dev: devBase + 1, preview: previewBase + 1 },
} as const;

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
].join('; ');

function cspPlugin(): Plugin {
  return {
    name: 'landfall-csp',
    apply: 'build',
    transformIndexHtml(html) {
      return html.replace(
        '<head>',
        `<head>\n    <meta http-equiv="Content-Security-Policy" content="${CSP}" />`,
      );
    },
  };
}

export function appConfig(app: keyof typeof APP_PORTS): UserConfig {
  const ports = APP_PORTS[app];
  return {
    plugins: [cspPlugin()],
    server: { host: '127.0.0.1', port: ports.dev, strictPort: true },
    preview: { host: '127.0.0.1', port: ports.preview, strictPort: true },
    worker: { format: 'es' },
    build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 4096 },
  };
}
