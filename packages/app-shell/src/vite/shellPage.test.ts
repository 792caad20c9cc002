import { describe, expect, it } from 'vitest';
import { shellHtml } from './shellPage';

describe('the shell page', () => {
  it('wraps an app fragment in the one document: title, canvas first, then the fragment, then the entry', () => {
    const html = shellHtml('game', '<div id="ui"></div>\n<nav class="links"></nav>\n');
    expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(html).toContain('<title>Landfall — game</title>');
    expect(html).toContain('<meta charset="utf-8" />');
    const at = (s: string) => html.indexOf(s);
    expect(at('<canvas id="view">')).toBeGreaterThan(at('<body>'));
    expect(at('<div id="ui">')).toBeGreaterThan(at('<canvas id="view">'));
    expect(at('<nav class="links">')).toBeGreaterThan(at('<div id="ui">'));
    expect(at('<script type="module" src="/src/main.ts">')).toBeGreaterThan(at('<nav class="links">'));
    expect(html.match(/<canvas/g)).toHaveLength(1);
  });

  it('refuses a fragment that is already a page', () => {
    expect(() => shellHtml('game', '<!doctype html><html><head></head><body></body></html>')).toThrow(
      /only its own body elements/,
    );
  });
});
