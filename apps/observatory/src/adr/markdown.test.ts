import { describe, expect, it } from 'vitest';
import { renderMarkdown, safeHref } from './markdown';
import { HOSTILE_ADR } from './hostileAdr.testkit';

describe('the ADR markdown renderer', () => {
  it('renders headings, paragraphs, lists, code and emphasis', () => {
    const html = renderMarkdown(
      '# Title\n\nSome **bold**, *it* and `code`.\n\n- one\n- two\n\n```\nx < y\n```',
    );
    expect(html).toBe(
      '<h1>Title</h1>\n<p>Some <strong>bold</strong>, <em>it</em> and <code>code</code>.</p>\n' +
        '<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n<pre><code>x &lt; y\n</code></pre>\n',
    );
  });

  it('renders a contracts table', () => {
    const html = renderMarkdown('| name | value |\n|---|---|\n| `A` | 1 |');
    expect(html.replace(/\n/g, '')).toBe(
      '<table><thead><tr><th>name</th><th>value</th></tr></thead><tbody><tr><td><code>A</code></td><td>1</td></tr></tbody></table>',
    );
  });

  it('turns ADR file links into reader links and keeps http(s) links', () => {
    expect(renderMarkdown('[a](0001-units.md) [b](../adr/README.md) [c](https://example.org/x)')).toBe(
      '<p><a href="#adr/0001-units.md">a</a> <a href="#adr/README.md">b</a> <a href="https://example.org/x">c</a></p>\n',
    );
  });

  it('writes no tag, event handler or unsafe link from hostile text', () => {
    // The only tags in the output are the ones Markdown itself makes; every `<` of the text is
    // an entity. The browser spec (e2e/adrHostile.spec.ts) parses the same text into the DOM.
    const html = renderMarkdown(HOSTILE_ADR);
    // Every `<` in the output opens a tag Markdown made: its name is one Markdown writes and its
    // attributes, read as name="value" pairs, are only href, title and class.
    const tags = [...html.matchAll(/<\/?([a-zA-Z][\w-]*)([^>]*)>/g)];
    expect(tags.length).toBe((html.match(/</g) ?? []).length);
    const names = new Set<string>();
    const attrs = new Set<string>();
    for (const [, name, rest] of tags) {
      names.add(name.toLowerCase());
      for (const [, a] of rest.matchAll(/\s([\w-]+)="[^"]*"/g)) attrs.add(a.toLowerCase());
      expect(rest.replace(/\s([\w-]+)="[^"]*"/g, '').trim(), `<${name}${rest}>`).toBe('');
    }
    expect(names).toEqual(new Set(['h1', 'p', 'code', 'pre', 'ul', 'li', 'a', 'strong']));
    expect(attrs).toEqual(new Set(['href', 'title', 'class']));
    for (const [, href] of html.matchAll(/href="([^"]*)"/g)) expect(safeHref(href), href).not.toBeNull();
  });

  it('refuses unsafe link targets', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:x',
      'data:text/html,x',
      'vbscript:x',
      '../../x.md',
      'a b',
    ])
      expect(safeHref(bad), bad).toBeNull();
  });
});
