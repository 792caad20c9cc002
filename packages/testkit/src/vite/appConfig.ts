/**
 * Shared Vite configuration for the two apps: fixed ports (game 5173/4173, observatory 5174/4174;
 * each app links to the other by port offset), ES-module workers, and a Content-Security-Policy in
 * built pages that forbids eval and any remote load (ADR-0001 lists the ports).
 */
import type { Plugin, UserConfig } from 'vite';

/** Preview ports can move together (parallel test runs): LANDFALL_PREVIEW_PORT sets the game's. */
const previewBase = Number(process.env.LANDFALL_PREVIEW_PORT) || 4173;

export const APP_PORTS = {
  game: { dev: 5173, preview: previewBase },
  observatory: { dev: 5174, preview: previewBase + 1 },
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
