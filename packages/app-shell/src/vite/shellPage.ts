/**
 * The page both apps are served as, written once: each app's `index.html` holds only what is its
 * own (the elements after the canvas), and this Vite plugin wraps it — before Vite reads the
 * page's scripts, in dev and build alike — in the shared document: language, charset, viewport, an
 * empty icon (no request for favicon.ico), the title `Landfall — <app>`, the canvas `#view` and the
 * entry script `/src/main.ts`. The style sheets are imported by each app's `main.ts`.
 */
import type { Plugin } from 'vite';

/** The full page for `app` around its own body markup `fragment`. */
export function shellHtml(app: string, fragment: string): string {
  if (/<(html|head|body)[\s>]/i.test(fragment))
    throw new Error(`the ${app} index.html must hold only its own body elements (the shell writes the page)`);
  return [
    '<!doctype html>',
    '<html lang="en">',
    '  <head>',
    '    <meta charset="utf-8" />',
    '    <meta name="viewport" content="width=device-width, initial-scale=1" />',
    '    <link rel="icon" href="data:," />',
    `    <title>Landfall — ${app}</title>`,
    '  </head>',
    '  <body>',
    '    <canvas id="view"></canvas>',
    ...fragment
      .trim()
      .split('\n')
      .map((l) => `    ${l}`),
    '    <script type="module" src="/src/main.ts"></script>',
    '  </body>',
    '</html>',
    '',
  ].join('\n');
}

/** The Vite plugin: `app`'s `index.html` fragment becomes the shell page (`shellHtml`). */
export function shellPage(app: string): Plugin {
  return {
    name: 'landfall-shell-page',
    transformIndexHtml: { order: 'pre', handler: (fragment) => shellHtml(app, fragment) },
  };
}
